import { z } from "zod";
import { parseEuroAmount } from "#app/modules/payouts/payouts.schema";

import type { ClaimStatus } from "#db/states/claim-status";

export { CLAIM_REFUSED, claimStatus } from "#db/states/claim-status";

/**
 * Missing-cashback claims (« Signaler un achat manquant », ADR 037 §Missing-cashback claims):
 * the client-safe rules and copy, shared by the member's form (browser and
 * server) and the back office.
 */

/** A claim may be filed from 3 days (the networks' reporting lag) to 90 days after the click. */
export const CLAIM_MIN_DAYS = 3;
export const CLAIM_MAX_DAYS = 90;
export const CLAIM_PROOF_MAX_BYTES = 5 * 1024 * 1024;
const CLAIM_ORDER_REF_MAX = 64;
const CLAIM_NOTE_MAX = 1000;
/** ADR 037 §Missing-cashback claims: a member with this many refused claims in CLAIM_FLAG_DAYS is flagged to finance. */
export const CLAIM_FLAG_REFUSALS = 3;
export const CLAIM_FLAG_DAYS = 90;
/** ADR 037 §Missing-cashback claims: a claim sent to the network with no answer this many days later expires (the member may re-open it once). */
export const CLAIM_EXPIRY_DAYS = 120;
/**
 * ADR 037 §Missing-cashback claims: a conversion the network sends without an order reference matches a
 * claim on the same programme when its sale amount is within CLAIM_MATCH_AMOUNT_CENTS or
 * CLAIM_MATCH_AMOUNT_RATIO of the claimed amount (whichever is larger) and its Paris day within
 * CLAIM_MATCH_DAYS of the claimed order day.
 */
export const CLAIM_MATCH_AMOUNT_CENTS = 100;
export const CLAIM_MATCH_AMOUNT_RATIO = 0.02;
export const CLAIM_MATCH_DAYS = 2;

export type ClaimProofMime = "application/pdf" | "image/png" | "image/jpeg";

export const CLAIM_MESSAGES = {
  clickRequired: "Choisis le clic qui a précédé ta commande.",
  clickNotFound: "Ce clic n'existe pas ou n'est pas le tien : choisis un de tes clics dans la liste.",
  tooEarly: (date: string) =>
    `Tu pourras signaler cet achat à partir du ${date} : les marchands mettent jusqu'à 72 heures à nous transmettre un achat.`,
  tooLate: `Ce clic date de plus de ${CLAIM_MAX_DAYS} jours : il est trop tard pour signaler cet achat.`,
  orderRefRequired: "Indique le numéro de ta commande.",
  orderRefTooLong: `Le numéro de commande ne doit pas dépasser ${CLAIM_ORDER_REF_MAX} caractères.`,
  orderDateRequired: "Indique la date de ta commande.",
  orderDateInvalid: "Cette date n'existe pas : indique-la au format jj/mm/aaaa.",
  orderInFuture: "La date de commande ne peut pas être dans le futur.",
  orderBeforeClick: (date: string) => `Ta commande est antérieure à ton clic du ${date} : ce clic ne peut pas l'avoir suivie.`,
  orderAfterWindow: (days: number, date: string) =>
    `Ta commande a été passée plus de ${days} jours après ton clic : le marchand ne la rattache à ce clic que jusqu'au ${date}.`,
  amountRequired: "Indique le montant payé.",
  amountInvalid: "Le montant doit être un nombre d'euros, avec au plus deux décimales (par exemple 49,90).",
  emailInvalid: "Cette adresse e-mail n'est pas valide.",
  noteTooLong: `Ta remarque ne doit pas dépasser ${CLAIM_NOTE_MAX} caractères.`,
  noOtherCodeRequired: "Coche cette case pour confirmer que tu n'as utilisé ni autre code promo ni autre site de cashback.",
  proofTooLarge: "Ton justificatif ne doit pas dépasser 5 Mo.",
  proofType: "Ton justificatif doit être un vrai fichier PDF, PNG ou JPEG (une capture d'écran ou la facture du marchand).",
  alreadyTracked: "Cette commande est déjà suivie : elle apparaît dans tes achats.",
  duplicate: "Une réclamation existe déjà pour cette commande : tu peux suivre son avancement dans « Mes réclamations ».",
  rateLimited: "Tu as envoyé beaucoup de réclamations : réessaie dans une heure.",
  notFound: "Cette réclamation n'existe pas ou n'est pas la tienne.",
  cannotWithdraw: (label: string) =>
    `Tu ne peux plus retirer cette réclamation : elle est « ${label} ». Une réclamation se retire tant qu'elle n'a pas été transmise au marchand.`,
  cannotReopen: (label: string) => `Tu ne peux pas relancer cette réclamation : elle est « ${label} ». Seule une réclamation restée sans réponse du marchand peut l'être.`,
  alreadyReopened: "Tu as déjà relancé cette réclamation une fois : elle ne peut plus l'être. Écris-nous si le marchand ne répond toujours pas.",
} as const;

export const CLAIM_ADMIN_MESSAGES = {
  notFound: "Réclamation introuvable.",
  reasonRequired: "Indiquez la raison du refus.",
  reasonTooLong: "La raison ne doit pas dépasser 300 caractères.",
  wrongState: (label: string) => `Action impossible : cette réclamation est au statut « ${label} ».`,
  nothingToSend: "Aucune réclamation à transmettre pour ce réseau.",
  notImpact: "Cette réclamation ne concerne pas un programme Impact.",
  impactNotConfigured: "Les identifiants de l'API Impact (IMPACT_ACCOUNT_SID, IMPACT_AUTH_TOKEN) ne sont pas configurés.",
  impactFailed: (detail: string) => `L'API Impact a refusé la demande : ${detail}`,
  impactUnreachable: "L'API Impact ne répond pas : réessayez plus tard.",
  unknownNetwork: "Réseau inconnu.",
} as const;

/** The tone of a claim's badge on /mon-cashback, by status. */
const CLAIM_BADGE: Record<ClaimStatus, "success" | "hot" | "neutral"> = {
  submitted: "neutral",
  auto_rejected: "hot",
  matched: "neutral",
  sent: "neutral",
  accepted: "success",
  refused: "hot",
  expired: "neutral",
  withdrawn: "neutral",
  disputed: "neutral",
};
export const claimBadge = (status: string) => CLAIM_BADGE[status as ClaimStatus] ?? "neutral";

/** What the member reads under a claim in some statuses. */
const CLAIM_STATUS_NOTES: Partial<Record<ClaimStatus, string>> = {
  disputed: "Le marchand a refusé cet achat : notre équipe examine ta demande.",
};
export const claimStatusNote = (status: string) => CLAIM_STATUS_NOTES[status as ClaimStatus] ?? null;

/** Member-facing status labels. */
const CLAIM_STATUS_LABELS: Record<string, string> = {
  submitted: "Envoyée",
  matched: "En cours de vérification",
  sent: "Transmise au marchand",
  accepted: "Acceptée",
  refused: "Refusée",
  auto_rejected: "Refusée",
  expired: "Sans réponse du marchand",
  withdrawn: "Retirée",
  disputed: "En litige",
};
export const claimStatusLabel = (status: string) => CLAIM_STATUS_LABELS[status] ?? status;

/** Back-office status labels (neutral French). */
const CLAIM_ADMIN_STATUS_LABELS: Record<string, string> = {
  submitted: "Reçue",
  matched: "À transmettre",
  sent: "Transmise",
  accepted: "Acceptée",
  refused: "Refusée",
  auto_rejected: "Rejetée automatiquement",
  expired: "Expirée",
  withdrawn: "Retirée",
  disputed: "Litige",
};
export const claimAdminStatusLabel = (status: string) => CLAIM_ADMIN_STATUS_LABELS[status] ?? status;

/** "2026-03-10" → the same day read back (null when it is not a real calendar date). */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const proofFile = z
  .instanceof(File, { message: CLAIM_MESSAGES.proofType })
  .optional()
  .refine((f) => !f || f.size <= CLAIM_PROOF_MAX_BYTES, CLAIM_MESSAGES.proofTooLarge);

/** The member's form (conform + zod), in the browser and on the server. */
export const claimSchema = z.object({
  clickSessionId: z.string({ message: CLAIM_MESSAGES.clickRequired }).trim().pipe(z.uuid(CLAIM_MESSAGES.clickRequired)),
  orderRef: z
    .string({ message: CLAIM_MESSAGES.orderRefRequired })
    .trim()
    .min(1, CLAIM_MESSAGES.orderRefRequired)
    .max(CLAIM_ORDER_REF_MAX, CLAIM_MESSAGES.orderRefTooLong),
  orderDate: z
    .string({ message: CLAIM_MESSAGES.orderDateRequired })
    .trim()
    .min(1, CLAIM_MESSAGES.orderDateRequired)
    .refine(isCalendarDay, CLAIM_MESSAGES.orderDateInvalid),
  amount: z
    .string({ message: CLAIM_MESSAGES.amountRequired })
    .trim()
    .min(1, CLAIM_MESSAGES.amountRequired)
    .max(20, CLAIM_MESSAGES.amountInvalid)
    .transform((v, ctx) => {
      const cents = parseEuroAmount(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: CLAIM_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  orderEmail: z
    .string()
    .trim()
    .max(254, CLAIM_MESSAGES.emailInvalid)
    .pipe(z.email(CLAIM_MESSAGES.emailInvalid))
    .optional(),
  memberNote: z.string().trim().max(CLAIM_NOTE_MAX, CLAIM_MESSAGES.noteTooLong).optional(),
  noOtherCode: z.literal("on", { message: CLAIM_MESSAGES.noOtherCodeRequired }),
  proof: proofFile,
});

const claimId = z.string({ message: CLAIM_ADMIN_MESSAGES.notFound }).pipe(z.uuid(CLAIM_ADMIN_MESSAGES.notFound));
const network = z.string({ message: CLAIM_ADMIN_MESSAGES.unknownNetwork }).regex(/^[a-z]{2,20}$/, CLAIM_ADMIN_MESSAGES.unknownNetwork);

export const claimAdminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-sent"), network }),
  z.object({ intent: z.literal("send-impact"), claimId }),
  z.object({ intent: z.literal("accept"), claimId }),
  z.object({
    intent: z.literal("refuse"),
    claimId,
    reason: z
      .string({ message: CLAIM_ADMIN_MESSAGES.reasonRequired })
      .trim()
      .min(1, CLAIM_ADMIN_MESSAGES.reasonRequired)
      .max(300, CLAIM_ADMIN_MESSAGES.reasonTooLong),
  }),
]);

const memberClaimId = z.string({ message: CLAIM_MESSAGES.notFound }).pipe(z.uuid(CLAIM_MESSAGES.notFound));

/** The member's buttons on a claim in « Mes réclamations » (/mon-cashback). */
export const memberClaimActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("claim-withdraw"), claimId: memberClaimId }),
  z.object({ intent: z.literal("claim-reopen"), claimId: memberClaimId }),
]);
export const MEMBER_CLAIM_INTENTS = ["claim-withdraw", "claim-reopen"] as const;

/** A claim as the member sees it on /mon-cashback, with its timeline. */
export interface MemberClaimView {
  id: string;
  merchant: string;
  orderRef: string;
  orderAt: string;
  amountCents: number;
  status: string;
  reason: string | null;
  steps: { step: "submitted" | "sent" | "reopened" | "disputed" | "accepted" | "refused" | "expired" | "withdrawn"; at: string }[];
  /** « Retirer ma réclamation » is offered */
  canWithdraw: boolean;
  /** « Relancer ma réclamation » is offered (expired, never re-opened) */
  canReopen: boolean;
}
