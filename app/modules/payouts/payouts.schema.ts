import { z } from "zod";
import { countOf, pluralForm } from "#app/lib/plural";
import { isSEPACountry, isValidIBAN } from "ibantools";
import { normaliseIban } from "./bank-details.schema";
import { payoutStatus, type PayoutStatus } from "#db/states/payout-status";

export { payoutBatchStatus, payoutStatus } from "#db/states/payout-status";

/** Client-safe rules and copy of withdrawals (ADR 023). */

const PAYOUT_STATUS_LABELS: Record<string, string> = {
  requested: "Demande reçue",
  needs_review: "En vérification",
  approved: "Validé",
  exported: "Virement en préparation",
  sent: "Virement envoyé",
  completed: "Versé",
  failed: "Virement échoué",
  cancelled: "Annulé",
};

/** The tone of a withdrawal's badge, by status (« À corriger » reads "hot" whatever its status). */
const PAYOUT_BADGE: Record<PayoutStatus, "success" | "hot" | "neutral"> = {
  requested: "neutral",
  needs_review: "neutral",
  approved: "neutral",
  exported: "neutral",
  sent: "neutral",
  completed: "success",
  failed: "hot",
  cancelled: "hot",
};
export const payoutBadge = (payout: { status: string; toFix: string | null }) => (payout.toFix ? "hot" : (PAYOUT_BADGE[payout.status as PayoutStatus] ?? "neutral"));

/** A withdrawal as the member sees it on /mon-cashback. */
export interface MemberPayoutView {
  id: string;
  amountCents: number;
  status: string;
  maskedIban: string;
  requestedAt: string;
  expectedAt: string | null;
  cancellable: boolean;
  /** still on its way (one per member at a time): no new withdrawal meanwhile */
  open: boolean;
  reason: string | null;
  /** « À corriger »: why the export left this payout out of the file (the member cancels, corrects the bank details, asks again) */
  toFix: string | null;
  steps: { status: string; at: string }[];
}

export const payoutStatusLabel = (status: string) => PAYOUT_STATUS_LABELS[status] ?? status;

/** The label of a payout the export left out of the file (held in review with a `to_fix` reason). */
export const PAYOUT_TO_FIX_LABEL = "À corriger";
export const PAYOUT_TO_FIX_CODE = "to_fix";

/** Why a payout could not be written to the SEPA file, as finance and the member read it. */
export const PAYOUT_TO_FIX_REASONS = {
  holderName: "Le nom du titulaire du compte ne peut pas être écrit dans un virement SEPA : il doit garder au moins deux lettres de l'alphabet latin.",
  iban: "L'IBAN de ce retrait n'a pas pu être lu ou n'est pas valide.",
  other: "Ce retrait n'a pas pu être écrit dans le fichier SEPA.",
} as const;

/** The « À corriger » reason of a payout still in review, or null. */
export function payoutToFix(status: string, reviewReasons: readonly { code: string; reason: string }[]): string | null {
  if (status !== payoutStatus.is.needs_review) return null;
  return reviewReasons.find((r) => r.code === PAYOUT_TO_FIX_CODE)?.reason ?? null;
}


export const PAYOUT_MESSAGES = {
  amountRequired: "Indique le montant à retirer.",
  amountInvalid: "Le montant doit être un nombre d'euros, avec au plus deux décimales (par exemple 12,50).",
  belowMinimum: (minimum: string) => `Le retrait minimum est de ${minimum}.`,
  aboveAvailable: (available: string) => `Tu ne peux pas retirer plus que ton cashback disponible (${available}).`,
  noBankDetails: "Ajoute d'abord l'IBAN qui recevra ton cashback.",
  bankDetailsNotYetUsable: (date: string) => `Par sécurité, ton nouvel IBAN pourra recevoir un virement à partir du ${date}.`,
  alreadyOpen: "Tu as déjà un retrait en cours : attends qu'il soit envoyé ou annule-le.",
  notCancellable: "Ce retrait ne peut plus être annulé : le virement est déjà en préparation.",
  notFound: "Ce retrait n'existe pas.",
  keyInvalid: "Le formulaire a expiré : recharge la page et réessaie.",
} as const;

/** "12", "12,5", "12.50", "1 234,56" → cents; null when it is not a euro amount. */
export function parseEuroAmount(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [units, decimals = ""] = text.split(".");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

export const withdrawSchema = z.object({
  intent: z.literal("withdraw"),
  amount: z
    .string({ message: PAYOUT_MESSAGES.amountRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.amountRequired)
    .max(20, PAYOUT_MESSAGES.amountInvalid)
    .transform((v, ctx) => {
      const cents = parseEuroAmount(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: PAYOUT_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  idempotencyKey: z.string({ message: PAYOUT_MESSAGES.keyInvalid }).uuid(PAYOUT_MESSAGES.keyInvalid),
});

export const cancelPayoutSchema = z.object({
  intent: z.literal("cancel-payout"),
  payoutId: z.string({ message: PAYOUT_MESSAGES.notFound }).uuid(PAYOUT_MESSAGES.notFound),
});

/* ----------------------------- finance ------------------------------ */

export const FINANCE_MESSAGES = {
  reasonRequired: "Indiquez la raison.",
  reasonTooLong: "La raison ne doit pas dépasser 300 caractères.",
  notFound: "Paiement introuvable.",
  wrongState: (label: string) => `Action impossible : ce paiement est au statut « ${label} ».`,
  nothingToExport: "Aucun paiement validé à exporter.",
  allToFix: (n: number) =>
    `Aucun fichier créé : ${countOf(n, { one: "paiement", other: "paiements" })} à corriger, ${pluralForm(n, { one: "repassé « À vérifier » avec sa raison", other: "repassés « À vérifier » avec leur raison" })}.`,
  batchNotFound: "Lot introuvable.",
  batchAlreadySent: "Ce lot est déjà marqué comme envoyé.",
} as const;

const reason = z
  .string({ message: FINANCE_MESSAGES.reasonRequired })
  .trim()
  .min(1, FINANCE_MESSAGES.reasonRequired)
  .max(300, FINANCE_MESSAGES.reasonTooLong);
const payoutId = z.string({ message: FINANCE_MESSAGES.notFound }).uuid(FINANCE_MESSAGES.notFound);
const batchId = z.string({ message: FINANCE_MESSAGES.batchNotFound }).uuid(FINANCE_MESSAGES.batchNotFound);

export const financeActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), payoutId }),
  z.object({ intent: z.literal("refuse"), payoutId, reason }),
  z.object({ intent: z.literal("export") }),
  z.object({ intent: z.literal("mark-sent"), batchId }),
  z.object({ intent: z.literal("complete"), payoutId }),
  z.object({ intent: z.literal("fail"), payoutId, reason }),
  z.object({
    intent: z.literal("allow-shared-iban"),
    email: z.string({ message: "Indiquez l'e-mail du membre." }).trim().min(1, "Indiquez l'e-mail du membre.").max(254).pipe(z.email("Cette adresse e-mail n'est pas valide.")),
    iban: z
      .string({ message: "Indiquez l'IBAN." })
      .trim()
      .min(1, "Indiquez l'IBAN.")
      .max(64, "Cet IBAN n'est pas valide.")
      .transform(normaliseIban)
      .refine((v) => isValidIBAN(v) && isSEPACountry(v.slice(0, 2)), "Cet IBAN n'est pas valide ou n'appartient pas à la zone SEPA."),
    reason,
  }),
]);

/** Fraud signals that hold a payout for review (ADR 023, Rules at request), with what finance reads. */
export const PAYOUT_SIGNALS = {
  first_payout: "Premier retrait de ce membre",
  large_amount: "Montant supérieur à 50 €",
  recent_iban: "IBAN ajouté ou modifié il y a moins de 7 jours",
  new_account: "Compte créé il y a moins de 7 jours",
  shared_iban: "Cet IBAN a déjà été enregistré sur un autre compte",
  shared_visitor: "Un autre compte partage le même appareil (empreinte visiteur)",
  reversal_rate: "Plus de 20 % de cashbacks annulés après validation",
  claim_ratio: "Réclamations bien plus fréquentes que chez les autres membres (plus de 3 fois la médiane)",
} as const;
export type PayoutSignal = keyof typeof PAYOUT_SIGNALS;
