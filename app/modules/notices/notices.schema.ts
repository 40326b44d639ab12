import { z } from "zod";
import { ANONYMOUS_CATEGORIES, NOTICE_CATEGORIES, NOTICE_DECISIONS, type NoticeCategory, type NoticeDecision } from "./notices.constants";
import { hostOf } from "#app/modules/tracking/destination";

export { NOTICE_CATEGORIES, NOTICE_DECISIONS, type NoticeCategory, type NoticeDecision };

/** Client-safe copy and schemas of « Signaler un contenu illicite » (EU DSA art. 16 and 17). */

export const NOTICE_CATEGORY_LABELS: Record<NoticeCategory, string> = {
  consumer: "Pratique commerciale trompeuse (prix, réduction, code promo)",
  counterfeit: "Contrefaçon ou produit dangereux",
  intellectual_property: "Atteinte au droit d'auteur ou à une marque",
  scam: "Arnaque, hameçonnage ou lien malveillant",
  hate: "Contenu haineux, harcèlement ou menace",
  minors: "Atteinte à la protection des mineurs",
  privacy: "Atteinte à la vie privée ou données personnelles",
  other: "Autre contenu illicite",
};

export const NOTICE_DECISION_LABELS: Record<NoticeDecision, string> = {
  removed: "Contenu retiré",
  restricted: "Contenu modifié ou rendu moins visible",
  no_action: "Aucune mesure : contenu jugé licite",
};

/**
 * When a notice must be decided (DSA art. 16(6): « in a timely manner »; the
 * figures are this site's own service targets, ADR 038 §Moderation desk):
 * scams, hate and harm to minors within 24 hours, the rest within 72.
 */
export const URGENT_NOTICE_CATEGORIES = ["scam", "hate", "minors"] as const satisfies readonly NoticeCategory[];
export const NOTICE_DEADLINE_HOURS = { urgent: 24, standard: 72 } as const;

export function noticeDeadline(receivedAt: Date, category: string): Date {
  const urgent = (URGENT_NOTICE_CATEGORIES as readonly string[]).includes(category);
  return new Date(receivedAt.getTime() + (urgent ? NOTICE_DEADLINE_HOURS.urgent : NOTICE_DEADLINE_HOURS.standard) * 3600_000);
}

export const NOTICE_MESSAGES = {
  urlRequired: "Indique l'adresse exacte (URL) du contenu à signaler.",
  urlInvalid: "L'adresse doit être une page de Crevarde (par exemple https://crevarde.fr/coup-de-crevarde).",
  categoryRequired: "Choisis le type de contenu illicite.",
  explanationRequired: "Explique pourquoi ce contenu est illicite (au moins 20 caractères).",
  explanationTooLong: "L'explication ne doit pas dépasser 4 000 caractères.",
  nameRequired: "Indique ton nom.",
  nameTooLong: "Le nom ne doit pas dépasser 120 caractères.",
  emailRequired: "Indique ton adresse e-mail : nous t'enverrons l'accusé de réception et notre décision.",
  emailInvalid: "Cette adresse e-mail n'est pas valide.",
  goodFaithRequired: "Confirme que les informations de ton signalement sont exactes et complètes.",
  rateLimited: "Trop de signalements envoyés depuis ta connexion. Réessaie dans quelques minutes.",
  received: (reference: string) => `Ton signalement ${reference} a bien été reçu. Nous l'examinons et te tiendrons informé·e de notre décision.`,
} as const;

export const MODERATION_MESSAGES = {
  noticeMissing: "Ce signalement n'existe pas.",
  alreadyDecided: "Une décision a déjà été prise sur ce signalement.",
  decisionRequired: "Choisissez une décision.",
  statementRequired: "Rédigez l'exposé des motifs (au moins 20 caractères) : il est envoyé à l'auteur du signalement.",
  statementTooLong: "L'exposé des motifs ne doit pas dépasser 4 000 caractères.",
} as const;

/** The site's own host(s): a notice targets a page of the site. */
export function isSiteUrl(raw: string, siteUrl: string): boolean {
  const strip = (h: string | null) => h?.replace(/^www\./, "") ?? null;
  const host = strip(hostOf(raw));
  return host !== null && host === strip(hostOf(siteUrl));
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

export const noticeSchema = (siteUrl: string) =>
  z
    .object({
      targetUrl: z
        .string({ message: NOTICE_MESSAGES.urlRequired })
        .trim()
        .min(1, NOTICE_MESSAGES.urlRequired)
        .max(2000, NOTICE_MESSAGES.urlInvalid)
        .refine((v) => isSiteUrl(v, siteUrl), NOTICE_MESSAGES.urlInvalid),
      category: z.enum(NOTICE_CATEGORIES, { message: NOTICE_MESSAGES.categoryRequired }),
      explanation: z.string({ message: NOTICE_MESSAGES.explanationRequired }).trim().min(20, NOTICE_MESSAGES.explanationRequired).max(4000, NOTICE_MESSAGES.explanationTooLong),
      notifierName: optionalText(120, NOTICE_MESSAGES.nameTooLong),
      notifierEmail: optionalText(254, NOTICE_MESSAGES.emailInvalid).pipe(z.email({ message: NOTICE_MESSAGES.emailInvalid }).nullable()),
      goodFaith: z.literal("on", { message: NOTICE_MESSAGES.goodFaithRequired }).transform(() => true as const),
    })
    .superRefine((v, ctx) => {
      // art. 16(2)(c): name and e-mail, except for the offences of Directive 2011/93/EU
      if (ANONYMOUS_CATEGORIES.includes(v.category)) return;
      if (!v.notifierName) ctx.addIssue({ code: "custom", path: ["notifierName"], message: NOTICE_MESSAGES.nameRequired });
      if (!v.notifierEmail) ctx.addIssue({ code: "custom", path: ["notifierEmail"], message: NOTICE_MESSAGES.emailRequired });
    });

export type NoticeInput = z.infer<ReturnType<typeof noticeSchema>>;

export const moderationActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("decide"),
    noticeId: z.uuid({ message: MODERATION_MESSAGES.noticeMissing }),
    decision: z.enum(NOTICE_DECISIONS, { message: MODERATION_MESSAGES.decisionRequired }),
    statement: z.string({ message: MODERATION_MESSAGES.statementRequired }).trim().min(20, MODERATION_MESSAGES.statementRequired).max(4000, MODERATION_MESSAGES.statementTooLong),
  }),
]);
