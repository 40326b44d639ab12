import { eq } from "drizzle-orm";
import { codeFeedback, dealVotes, savedDeals, savedPromoCodes } from "#db/schema";
import { createDataCache } from "#app/lib/data-cache.server";
import { hearsDataChanges } from "#app/lib/data-changes.server";
import { getDb } from "#app/lib/db.server";
import { memberVoteOf, memberVotes, type MemberVote } from "#app/modules/deals/deal-votes.server";
import { memberAnswerOf, memberAnswers, type MemberAnswer } from "#app/modules/promo-codes/code-feedback.server";
import { savedCodeIds, savedDealIds } from "#app/modules/saved/saved.server";

/**
 * A member's own marks on deals and codes, all of them: their votes, saved deals and codes, and « Ça a
 * marché ? » answers (ADR 048 §The member's own state). `/api/moi` answers every shared page from it
 * without a database read; it is kept per member until one of their rows changes on any server
 * (migration 0058: the rows' triggers notify `member:<user id>`).
 */
interface MemberState {
  votes: Record<string, MemberVote>;
  savedDeals: Record<string, true>;
  savedCodes: Record<string, true>;
  answers: Record<string, MemberAnswer>;
}

/**
 * A member with more marks than this (all four kinds together) is not kept: their reads go to the
 * database for the ids a page shows. Bounds the memory: at most MEMBER_STATE_MAX_ENTRIES × this many marks.
 */
const MEMBER_STATE_MAX_ROWS = 300;
/** Members kept at once (the least recently loaded go first). */
const MEMBER_STATE_MAX_ENTRIES = 2_000;

const states = createDataCache<string>("member-state", MEMBER_STATE_MAX_ENTRIES);

/** What the triggers of migration 0058 notify when one of the member's marks changes. */
const memberChannel = (userId: string) => `member:${userId}`;

/** The member's marks, read in four bounded reads; null when they have more than `maxRows`. */
export async function loadMemberState(userId: string, maxRows = MEMBER_STATE_MAX_ROWS): Promise<MemberState | null> {
  const db = await getDb();
  const limit = maxRows + 1;
  const [votes, deals, codes, answers] = await Promise.all([
    db.select({ id: dealVotes.dealId, value: dealVotes.value, reason: dealVotes.reason }).from(dealVotes).where(eq(dealVotes.userId, userId)).limit(limit),
    db.select({ id: savedDeals.dealId }).from(savedDeals).where(eq(savedDeals.userId, userId)).limit(limit),
    db.select({ id: savedPromoCodes.promoCodeId }).from(savedPromoCodes).where(eq(savedPromoCodes.userId, userId)).limit(limit),
    db.select({ id: codeFeedback.promoCodeId, worked: codeFeedback.worked, reason: codeFeedback.reason }).from(codeFeedback).where(eq(codeFeedback.userId, userId)).limit(limit),
  ]);
  if (votes.length + deals.length + codes.length + answers.length > maxRows) return null;
  return {
    votes: Object.fromEntries(votes.map((r) => [r.id, memberVoteOf(r)])),
    savedDeals: Object.fromEntries(deals.map((r) => [r.id, true as const])),
    savedCodes: Object.fromEntries(codes.map((r) => [r.id, true as const])),
    answers: Object.fromEntries(answers.map((r) => [r.id, memberAnswerOf(r)])),
  };
}

/**
 * The member's marks from this server's memory, or null when they are not kept: this process does not
 * hear the data changes (scripts, tests), or the member has more than MEMBER_STATE_MAX_ROWS.
 */
async function memberState(userId: string): Promise<MemberState | null> {
  if (!hearsDataChanges()) return null;
  const channel = memberChannel(userId);
  return states.read(channel, [channel], () => loadMemberState(userId));
}

/** The entries of `record` for these ids. */
function pick<T>(record: Record<string, T>, ids: readonly string[]): Record<string, T> {
  const picked: Record<string, T> = {};
  for (const id of ids) if (Object.hasOwn(record, id)) picked[id] = record[id]!;
  return picked;
}

/**
 * The member's marks on these deals and codes, in the order given: from their state in memory when it is kept,
 * else read from the database for these ids.
 */
export async function memberMarks(userId: string, deals: readonly string[], codes: readonly string[]) {
  const state = await memberState(userId);
  if (state) {
    return {
      votes: pick(state.votes, deals),
      savedDeals: deals.filter((id) => Object.hasOwn(state.savedDeals, id)),
      savedCodes: codes.filter((id) => Object.hasOwn(state.savedCodes, id)),
      answers: pick(state.answers, codes),
    };
  }
  const [votes, savedDeals, savedCodes, answers] = await Promise.all([
    memberVotes(userId, deals),
    savedDealIds(userId, deals),
    savedCodeIds(userId, codes),
    memberAnswers(userId, codes),
  ]);
  return { votes, savedDeals, savedCodes, answers: Object.fromEntries(answers) };
}

/** Test helper: the members kept. */
export function memberStateSize() {
  return states.size();
}
