/**
 * What members read for each internal `member_cashbacks.status` (ADR 037 §Statuses).
 * Client-safe: used by /mon-cashback and the e-mails.
 */

/** Same values as db/schema/cashback.ts (checked by statuses.test.ts); repeated so the browser bundle needs no schema. */
export const MEMBER_CASHBACK_STATUSES = ["tracked", "pending", "validated", "refused", "reversed"] as const;
export const CASHBACK_EMAIL_KINDS = ["detected", "validated", "refused"] as const;

type MemberCashbackStatus = (typeof MEMBER_CASHBACK_STATUSES)[number];
export type CashbackEmailKind = (typeof CASHBACK_EMAIL_KINDS)[number];

const MEMBER_CASHBACK_STATUS_LABELS: Record<MemberCashbackStatus, string> = {
  tracked: "Achat détecté",
  pending: "En attente de validation",
  validated: "Validé",
  refused: "Refusé",
  reversed: "Annulé après validation",
};

/** The label of a status; an unknown value is shown as pending rather than raw. */
export function memberCashbackStatusLabel(status: string): string {
  return MEMBER_CASHBACK_STATUS_LABELS[status as MemberCashbackStatus] ?? MEMBER_CASHBACK_STATUS_LABELS.pending;
}

/** The chip's tone: its text always says the status, the colour only repeats it. */
export function memberCashbackStatusTone(status: string): "neutral" | "success" | "danger" {
  if (status === "validated") return "success";
  if (status === "refused" || status === "reversed") return "danger";
  return "neutral";
}

/** The e-mail types a member can switch off, as shown on /mon-cashback. */
export const CASHBACK_EMAIL_KIND_LABELS: Record<CashbackEmailKind, string> = {
  detected: "Achat détecté (un récapitulatif par jour au plus)",
  validated: "Cashback validé",
  refused: "Cashback refusé ou annulé (avec la raison)",
};
