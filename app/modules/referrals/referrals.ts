import { REFERRAL_OPEN, referralRewardStatus, type ReferralRewardStatus } from "#db/states/referral-status";
import { formatEuros } from "#app/modules/ledger/ledger";

/** Client-safe rules and copy of referral rewards (ADR 037 §Referral; ADR 013 « Referral rewards »; ADR 040). */

export type ReferralRewardKind = "referee_welcome" | "referrer_first";
export type { ReferralRewardStatus };

/** Why a reward is void, as the member reads it on /invite. */
export const REFERRAL_VOID_REASONS = {
  sameAccount: "Un compte ne peut pas se parrainer lui-même.",
  refusedAfterReview: "Parrainage refusé après vérification : les deux comptes semblent appartenir à la même personne.",
  refereeDeleted: "Le compte de la personne invitée a été supprimé.",
  referrerDeleted: "Le compte de la marraine ou du parrain a été supprimé.",
  sourceReversed: "Le marchand a annulé l'achat qui avait validé ce parrainage, et la personne invitée n'a pas d'autre cashback validé.",
} as const;

/**
 * What links the referrer's account and the friend's (ADR 040). The same account
 * voids the referral; any other signal holds it for an admin's review. The browser's
 * User-Agent is none of them: changing it changes nothing.
 */
export interface SelfReferralSignals {
  sameAccount: boolean;
  /** an IBAN fingerprint both have entered, disabled ones too */
  sharedIban: boolean;
  /** the same first-party device cookie on both accounts */
  sharedDevice: boolean;
  /** the same IP network (/24, IPv6 /64) seen on both accounts within 30 days of each other */
  sharedNetwork: boolean;
  /** the same address once normalised (`normalizedEmail`) */
  sameAddress: boolean;
}

export const NO_SELF_REFERRAL_SIGNALS: SelfReferralSignals = { sameAccount: false, sharedIban: false, sharedDevice: false, sharedNetwork: false, sameAddress: false };

/** What each signal says, for the admins who review a hold (neutral copy). */
const HOLD_SIGNAL_LABELS: Record<Exclude<keyof SelfReferralSignals, "sameAccount">, string> = {
  sharedIban: "même IBAN (empreinte) sur les deux comptes",
  sharedDevice: "même appareil (cookie d'appareil) sur les deux comptes",
  sharedNetwork: "même réseau IP (/24, ou /64 en IPv6) à moins de 30 jours d'écart",
  sameAddress: "même adresse e-mail une fois normalisée (points et « +étiquette »)",
};

/** The French reason a referral is void at once (the same account), or null. */
export function selfReferralReason(signals: SelfReferralSignals): string | null {
  return signals.sameAccount ? REFERRAL_VOID_REASONS.sameAccount : null;
}

/** Why a referral is held for review (every signal found, for the admins), or null when nothing links the two accounts. */
export function referralHoldReason(signals: SelfReferralSignals): string | null {
  const found = (Object.keys(HOLD_SIGNAL_LABELS) as (keyof typeof HOLD_SIGNAL_LABELS)[]).filter((k) => signals[k]).map((k) => HOLD_SIGNAL_LABELS[k]);
  if (found.length === 0) return null;
  const text = found.join(" ; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Providers whose local part ignores dots (Gmail: « john.doe » and « johndoe » are one mailbox). */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * An address as its mailbox receives it (ADR 040), to compare two accounts: lower
 * case; a « +étiquette » dropped for every provider (sub-addressing, RFC 5233, is
 * widespread: Gmail, Outlook, iCloud, Proton, Fastmail); for Gmail the dots of the
 * local part dropped too, and googlemail.com read as gmail.com.
 */
export function normalizedEmail(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
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
  if (status === referralRewardStatus.is.credited) return "Versé sur ton cashback disponible";
  if (status === referralRewardStatus.is.void) return `Annulé : ${voidReason ?? "parrainage non valable."}`;
  if (status === referralRewardStatus.is.held) return "En cours de vérification par notre équipe";
  return kind === "referee_welcome" ? "En attente de ton premier cashback validé" : "En attente du premier cashback validé de la personne invitée";
}

/** The totals shown above the list. */
export function referralTotals(rewards: { status: string; amountCents: number }[]) {
  let earned = 0;
  let pending = 0;
  for (const r of rewards) {
    if (r.status === referralRewardStatus.is.credited) earned += r.amountCents;
    else if ((REFERRAL_OPEN as readonly string[]).includes(r.status)) pending += r.amountCents;
  }
  return { earnedCents: earned, pendingCents: pending, earned: formatEuros(earned), pending: formatEuros(pending) };
}
