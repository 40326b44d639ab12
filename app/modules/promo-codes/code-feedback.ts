/**
 * « Ça a marché ? » on promo codes (issue #15 item 6, ADR 036 §Code feedback): pure rules
 * shared by the server lists, the admin list and the tests.
 */
import { formatDistanceStrict } from "date-fns/formatDistanceStrict";
import { fr } from "date-fns/locale/fr";

/** z for a 95 % confidence interval. */
const WILSON_Z = 1.96;
/** Answers older than this are left out of the rate (ADR 036 §Code feedback). */
export const FEEDBACK_WINDOW_DAYS = 30;
/** Below this many answers in the window a code shows no rate at all (a single « Oui » is not « 100 % »). */
export const MIN_ANSWERS_SHOWN = 3;
/** Flag rule (ADR 036 §Code feedback): the last 5 answers all « Non »… */
export const FAILING_CONSECUTIVE_NO = 5;
/** …or a success rate under 30 % with at least 10 answers. */
export const FAILING_MIN_ANSWERS = 10;
export const FAILING_MAX_RATE = 0.3;

/** Why a code did not work (ADR 036 §Code feedback), asked after « Non »; optional. */
export const NO_REASONS = {
  expired: "Code expiré",
  minimum: "Montant minimum non atteint",
  excluded: "Produits exclus",
  used: "Déjà utilisé",
  other: "Autre raison",
} as const;
export type NoReason = keyof typeof NO_REASONS;
export const isNoReason = (value: unknown): value is NoReason => typeof value === "string" && Object.hasOwn(NO_REASONS, value);

/** What the database says about one code, over the window. */
export interface FeedbackStats {
  /** answers in the window */
  answers: number;
  /** « Oui » among them */
  worked: number;
  /** « Non » among the code's most recent FAILING_CONSECUTIVE_NO answers */
  recentNo: number;
  /** the most recent « Oui » (the « vérifié il y a … ») */
  lastWorkedAt: Date | null;
}

export const NO_FEEDBACK: FeedbackStats = { answers: 0, worked: 0, recentNo: 0, lastWorkedAt: null };

function wilson(worked: number, answers: number, sign: 1 | -1, z: number): number {
  if (answers <= 0) return sign === 1 ? 1 : 0;
  const p = worked / answers;
  const z2 = z * z;
  const centre = p + z2 / (2 * answers);
  const margin = z * Math.sqrt((p * (1 - p)) / answers + z2 / (4 * answers * answers));
  const bound = (centre + sign * margin) / (1 + z2 / answers);
  return Math.min(1, Math.max(0, bound));
}

/** Lower bound of the Wilson score interval (evanmiller.org, "How Not To Sort By Average Rating"); 0 without answers. */
export function wilsonLowerBound(worked: number, answers: number, z = WILSON_Z): number {
  return wilson(worked, answers, -1, z);
}

/** Upper bound of the Wilson score interval; 1 without answers. */
export function wilsonUpperBound(worked: number, answers: number, z = WILSON_Z): number {
  return wilson(worked, answers, 1, z);
}

/** A code that keeps failing: flagged to admins and sunk in the public lists. */
export function isFailing(stats: FeedbackStats): boolean {
  if (stats.recentNo >= FAILING_CONSECUTIVE_NO) return true;
  return stats.answers >= FAILING_MIN_ANSWERS && stats.worked / stats.answers < FAILING_MAX_RATE;
}

/** « 92 % de réussite » (rounded, non-breaking space before %). */
export function successRateLabel(stats: FeedbackStats): string {
  return `${Math.round((100 * stats.worked) / stats.answers)}\u00a0% de réussite`;
}

/** What a card shows: nothing under MIN_ANSWERS_SHOWN answers; else the rate and, when a « Oui » exists, how long ago. */
export function feedbackDisplay(stats: FeedbackStats, now: Date = new Date()): { rate: string; verified: string | null } | null {
  if (stats.answers < MIN_ANSWERS_SHOWN) return null;
  const verified = stats.lastWorkedAt
    ? `vérifié ${formatDistanceStrict(stats.lastWorkedAt > now ? now : stats.lastWorkedAt, now, { addSuffix: true, locale: fr })}`
    : null;
  return { rate: successRateLabel(stats), verified };
}

/**
 * List order (the product's « soonest expiry first » is kept): codes that keep
 * failing sink to the end; within the same expiry the higher Wilson lower
 * bound comes first. Array.prototype.sort is stable, so any earlier order
 * (the code, from SQL) stays as the last tie-breaker.
 */
export function compareCodes(
  a: { expiresAt: string | null; failing: boolean; score: number },
  b: { expiresAt: string | null; failing: boolean; score: number },
): number {
  if (a.failing !== b.failing) return a.failing ? 1 : -1;
  const ea = a.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(a.expiresAt);
  const eb = b.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(b.expiresAt);
  if (ea !== eb) return ea < eb ? -1 : 1;
  return b.score - a.score;
}
