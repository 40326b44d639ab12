/**
 * Pure rules of temperature votes (issue #15, ADR 036 §Votes), shared
 * by the server, the cards and the tests.
 */
import { COLD_VOTE_REASONS, type ColdVoteReason } from "./deal-rules";

export type VoteChoice = "hot" | "cold";
/** +1 hot, −1 cold */
export type VoteValue = 1 | -1;

const voteValue = (choice: VoteChoice): VoteValue => (choice === "hot" ? 1 : -1);

/**
 * What a click does: the same choice again undoes the vote (null), another
 * choice (or none yet) sets it.
 */
export function nextVote(current: VoteValue | null, choice: VoteChoice): VoteValue | null {
  const value = voteValue(choice);
  return current === value ? null : value;
}

/**
 * Vote damping: on one deal, the accounts voting from one visitor hash beyond
 * the third count with weight 0 (one household may hold a few accounts; a
 * dozen accounts from one browser is a vote farm). `sameHashAccounts` is how
 * many OTHER accounts already voted this deal from the same hash.
 */
export const MAX_ACCOUNTS_PER_VISITOR_HASH = 3;
export function dampedWeight(weight: number, sameHashAccounts: number): number {
  return sameHashAccounts >= MAX_ACCOUNTS_PER_VISITOR_HASH ? 0 : weight;
}

/**
 * New-account bursts (issue #15 item 2): on one deal, within an hour, the
 * votes of accounts younger than NEW_ACCOUNT_DAYS beyond the fifth count 0.
 * `recentNewAccountVotes` is how many OTHER such votes the deal got in the hour.
 */
export const NEW_ACCOUNT_DAYS = 7;
export const MAX_NEW_ACCOUNT_VOTES_PER_HOUR = 5;
export function isBurstVote(accountCreatedAt: Date, now: Date, recentNewAccountVotes: number): boolean {
  return now.getTime() - accountCreatedAt.getTime() < NEW_ACCOUNT_DAYS * 86_400_000 && recentNewAccountVotes >= MAX_NEW_ACCOUNT_VOTES_PER_HOUR;
}

/** Why a vote counts for 0°: more than 3 accounts from one browser, or a burst of accounts less than 7 days old. */
export type DampingReason = "visitor_hash" | "new_account_burst";

/** How much the temperature moves when a vote goes from `before` to `after` (each value × weight). */
export function temperatureDelta(before: { value: number; weight: number } | null, after: { value: number; weight: number } | null): number {
  return (after ? after.value * after.weight : 0) - (before ? before.value * before.weight : 0);
}

/** A deal is expired once expired_at is set or its end date has passed: votes are frozen then. */
export function isDealExpired(deal: { expiredAt: Date | null; expiresAt?: Date | null }, now: Date): boolean {
  return deal.expiredAt !== null || (deal.expiresAt != null && deal.expiresAt.getTime() <= now.getTime());
}

export const isColdVoteReason = (v: unknown): v is ColdVoteReason => typeof v === "string" && Object.hasOwn(COLD_VOTE_REASONS, v);

export const VOTE_MESSAGES = {
  hot: "Vote 🔥 enregistré, merci !",
  cold: "Vote ❄️ enregistré, merci !",
  undone: "Ton vote a été retiré.",
  reason: "Merci, ta raison est enregistrée.",
  invalid: "Vote invalide.",
  signIn: "Connecte-toi pour voter.",
  notFound: "Ce deal n'existe pas ou n'est plus en ligne.",
  ownDeal: "Tu ne peux pas voter pour ton propre deal.",
  expired: "Ce deal est expiré : les votes sont figés.",
  tooMany: "Tu as voté trop souvent. Réessaie dans quelques minutes.",
  noColdVote: "Vote d'abord ❄️ pour donner une raison.",
} as const;
