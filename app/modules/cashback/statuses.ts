import type { MemberCashbackStatus } from "#db/states/member-cashback-status";

/**
 * What members read for each internal `member_cashbacks.status` (ADR 037 §Statuses).
 * Client-safe: used by /mon-cashback and the e-mails.
 */

// the statuses are the memberCashbackStatus machine's (db/states/member-cashback-status.ts); the browser
// reads these maps, typed against its union, and never the machine itself (ADR 045 §In the browser)
export const CASHBACK_EMAIL_KINDS = ["detected", "validated", "refused"] as const;

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
  return MEMBER_CASHBACK_LOOK[status as MemberCashbackStatus]?.tone ?? "neutral";
}

/** Per status: the chip's tone, whether a validation date is still ahead, whether the reason of a loss is shown. */
const MEMBER_CASHBACK_LOOK: Record<MemberCashbackStatus, { tone: "neutral" | "success" | "danger"; awaiting: boolean; lost: boolean }> = {
  tracked: { tone: "neutral", awaiting: true, lost: false },
  pending: { tone: "neutral", awaiting: true, lost: false },
  validated: { tone: "success", awaiting: false, lost: false },
  refused: { tone: "danger", awaiting: false, lost: true },
  reversed: { tone: "danger", awaiting: false, lost: true },
};

/** Still waiting for validation: its expected date is shown. */
export const memberCashbackAwaiting = (status: string) => MEMBER_CASHBACK_LOOK[status as MemberCashbackStatus]?.awaiting ?? false;

/** Refused or taken back: its reason is shown. */
export const memberCashbackLost = (status: string) => MEMBER_CASHBACK_LOOK[status as MemberCashbackStatus]?.lost ?? false;

/** The e-mail types a member can switch off, as shown on /mon-cashback. */
export const CASHBACK_EMAIL_KIND_LABELS: Record<CashbackEmailKind, string> = {
  detected: "Achat détecté (un récapitulatif par jour au plus)",
  validated: "Cashback validé",
  refused: "Cashback refusé ou annulé (avec la raison)",
};
