import { formatEuros } from "~/modules/ledger/ledger";

/** Client-safe rules and copy of referral rewards (ADR 037 §Referral; ADR 013 « Referral rewards »). */

export type ReferralRewardKind = "referee_welcome" | "referrer_first";
export type ReferralRewardStatus = "pending" | "credited" | "void";

/** Why a reward is void, as the member reads it on /invite. */
export const REFERRAL_VOID_REASONS = {
  sameAccount: "Un compte ne peut pas se parrainer lui-même.",
  sharedIban: "Les deux comptes utilisent les mêmes coordonnées bancaires.",
  sharedDevice: "Les deux comptes ont été utilisés depuis le même appareil.",
  refereeDeleted: "Le compte de la personne invitée a été supprimé.",
  referrerDeleted: "Le compte de la marraine ou du parrain a été supprimé.",
  sourceReversed: "Le marchand a annulé l'achat qui avait validé ce parrainage, et la personne invitée n'a pas d'autre cashback validé.",
} as const;

/** The anti-fraud signals found between the referrer and the friend. */
export interface SelfReferralSignals {
  sameAccount: boolean;
  sharedIbanFingerprint: boolean;
  sharedVisitorHash: boolean;
}

/** The French reason a referral is a self-referral, or null when nothing links the two accounts. */
export function selfReferralReason(signals: SelfReferralSignals): string | null {
  if (signals.sameAccount) return REFERRAL_VOID_REASONS.sameAccount;
  if (signals.sharedIbanFingerprint) return REFERRAL_VOID_REASONS.sharedIban;
  if (signals.sharedVisitorHash) return REFERRAL_VOID_REASONS.sharedDevice;
  return null;
}

/** The two rewards a referral promises: the friend's welcome and the referrer's bonus (amounts from the settings; 0 = none). */
export function plannedRewards(input: { referrerId: string; refereeId: string; refereeCents: number; referrerCents: number }) {
  const rewards: { kind: ReferralRewardKind; userId: string; amountCents: number }[] = [];
  if (input.referrerId === input.refereeId) return rewards;
  if (Number.isSafeInteger(input.refereeCents) && input.refereeCents > 0) rewards.push({ kind: "referee_welcome", userId: input.refereeId, amountCents: input.refereeCents });
  if (Number.isSafeInteger(input.referrerCents) && input.referrerCents > 0) rewards.push({ kind: "referrer_first", userId: input.referrerId, amountCents: input.referrerCents });
  return rewards;
}

/** What a row of « Mes parrainages » says. */
export function referralRewardLabel(kind: ReferralRewardKind, other: string | null): string {
  const who = other ?? "un compte supprimé";
  return kind === "referee_welcome" ? `Bonus de bienvenue (parrainage : ${who})` : `Bonus de parrainage : ${who}`;
}

export function referralRewardStatusText(kind: ReferralRewardKind, status: ReferralRewardStatus, voidReason: string | null): string {
  if (status === "credited") return "Versé sur ton cashback disponible";
  if (status === "void") return `Annulé : ${voidReason ?? "parrainage non valable."}`;
  return kind === "referee_welcome" ? "En attente de ton premier cashback validé" : "En attente du premier cashback validé de la personne invitée";
}

/** The totals shown above the list. */
export function referralTotals(rewards: { status: string; amountCents: number }[]) {
  let earned = 0;
  let pending = 0;
  for (const r of rewards) {
    if (r.status === "credited") earned += r.amountCents;
    else if (r.status === "pending") pending += r.amountCents;
  }
  return { earnedCents: earned, pendingCents: pending, earned: formatEuros(earned), pending: formatEuros(pending) };
}
