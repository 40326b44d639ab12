import { z } from "zod";
import { contactStatus, type ContactStatus } from "#db/states/contact-status";

export { CONTACT_PATH } from "./contact.constants";

/**
 * « Nous contacter » (/contact, issue #34 item 7, ADR 041): the subjects, the
 * statuses, their French labels and the one schema the form (client) and the
 * action (server) both validate with. Client-safe. The subjects and statuses
 * are also the database's checks (db/schema/support.ts).
 */
export const CONTACT_SUBJECTS = ["cashback", "claim", "payment", "promo-code", "deal", "account", "partnership", "other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  cashback: "Mon cashback",
  claim: "Un achat qui n'apparaît pas",
  payment: "Un paiement ou un retrait",
  "promo-code": "Un code promo qui ne marche pas",
  deal: "Un deal",
  account: "Mon compte",
  partnership: "Partenariat ou marque",
  other: "Autre chose",
};

export type { ContactStatus };

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: "Nouveau",
  in_progress: "En cours",
  done: "Traité",
};

export const CONTACT_MESSAGES = {
  subjectRequired: "Choisis le sujet de ton message.",
  emailRequired: "Indique ton adresse e-mail pour qu'on puisse te répondre.",
  emailInvalid: "Cette adresse e-mail n'est pas valide.",
  messageRequired: "Écris ton message (au moins 20 caractères) : plus tu donnes de détails, plus vite on peut t'aider.",
  messageTooLong: "Ton message ne doit pas dépasser 5 000 caractères.",
  rateLimited: "Trop de messages envoyés depuis ta connexion. Réessaie dans quelques minutes.",
  sent: (reference: string) => `Merci, ton message ${reference} est bien parti ! On te répond par e-mail, en général sous 48 heures ouvrées. Une copie vient de t'être envoyée.`,
} as const;

export const CONTACT_ADMIN_MESSAGES = {
  missing: "Ce message n'existe plus.",
  statusRequired: "Choisissez un statut.",
  unchanged: "Ce message a déjà ce statut.",
  failed: "Le statut n'a pas pu être enregistré.",
} as const;

const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 5000;

/** The contact form: validated on the page as it is typed and again by the action. */
export const contactSchema = z.object({
  subject: z.enum(CONTACT_SUBJECTS, { message: CONTACT_MESSAGES.subjectRequired }),
  email: z
    .string({ message: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(254, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ message: CONTACT_MESSAGES.emailInvalid })),
  message: z
    .string({ message: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(MESSAGE_MIN, CONTACT_MESSAGES.messageRequired)
    .max(MESSAGE_MAX, CONTACT_MESSAGES.messageTooLong),
});

export type ContactInput = z.output<typeof contactSchema>;

/** /admin/contact: staff move a message between the statuses. */
export const contactStatusSchema = z.object({
  intent: z.literal("status"),
  id: z.uuid({ message: CONTACT_ADMIN_MESSAGES.missing }),
  status: z.enum(contactStatus.states, { message: CONTACT_ADMIN_MESSAGES.statusRequired }),
});
