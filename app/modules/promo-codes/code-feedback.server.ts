import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { brands, codeFeedback, promoCodes } from "#db/schema";
import { cachedRead } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { DomainError } from "#app/lib/errors";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import {
  compareCodes,
  FAILING_CONSECUTIVE_NO,
  FEEDBACK_WINDOW_DAYS,
  feedbackDisplay,
  isFailing,
  isNoReason,
  NO_FEEDBACK,
  NO_REASONS,
  type NoReason,
  successRateLabel,
  wilsonLowerBound,
  type FeedbackStats,
} from "./code-feedback";

/** What a card shows about « Ça a marché ? ». */
export interface CodeFeedbackView {
  /** « 92 % de réussite », or null under the minimum number of answers */
  rate: string | null;
  /** « vérifié il y a 2 heures » (the most recent « Oui »), or null */
  verified: string | null;
  /** the signed-in member's own answer (null: none yet, or a visitor) */
  mine: boolean | null;
  /** the reason of the member's « Non », if they gave one */
  mineReason: NoReason | null;
}

const windowStart = sql`now() - make_interval(days => ${FEEDBACK_WINDOW_DAYS})`;

/**
 * Answers of the last 30 days per code: count, « Oui », « Non » among the latest five, latest « Oui ».
 * The same for every visitor: kept in the data cache until an answer changes on any server
 * (ADR 026); the window's sliding end moves them by at most the cache's TTL.
 */
export async function feedbackStats(promoCodeIds?: string[]): Promise<Map<string, FeedbackStats>> {
  if (promoCodeIds && promoCodeIds.length === 0) return new Map();
  const key = `code-feedback:${promoCodeIds ? [...promoCodeIds].sort().join(",") : "*"}`;
  return new Map(await cachedRead(key, ["code_feedback"], () => readFeedbackStats(promoCodeIds)));
}

async function readFeedbackStats(promoCodeIds?: string[]): Promise<Array<[string, FeedbackStats]>> {
  const db = await getDb();
  const recent = db
    .select({
      promoCodeId: codeFeedback.promoCodeId,
      worked: codeFeedback.worked,
      updatedAt: codeFeedback.updatedAt,
      rank: sql<number>`row_number() over (partition by ${codeFeedback.promoCodeId} order by ${codeFeedback.updatedAt} desc)`.as("rank"),
    })
    .from(codeFeedback)
    .where(and(promoCodeIds ? inArray(codeFeedback.promoCodeId, promoCodeIds) : undefined, gte(codeFeedback.updatedAt, windowStart)))
    .as("recent");
  const rows = await db
    .select({
      promoCodeId: recent.promoCodeId,
      answers: sql<number>`count(*)::int`,
      worked: sql<number>`(count(*) filter (where ${recent.worked}))::int`,
      recentNo: sql<number>`(count(*) filter (where ${recent.rank} <= ${FAILING_CONSECUTIVE_NO} and not ${recent.worked}))::int`,
      lastWorkedAt: sql<Date | null>`max(${recent.updatedAt}) filter (where ${recent.worked})`.mapWith(codeFeedback.updatedAt),
    })
    .from(recent)
    .groupBy(recent.promoCodeId);
  return rows.map((r) => [r.promoCodeId, { answers: r.answers, worked: r.worked, recentNo: r.recentNo, lastWorkedAt: r.lastWorkedAt }]);
}

export type MemberAnswer = { worked: boolean; reason: NoReason | null };

/** A member's answer as a code_feedback row holds it. */
export const memberAnswerOf = (row: { worked: boolean; reason: string | null }): MemberAnswer => ({ worked: row.worked, reason: isNoReason(row.reason) ? row.reason : null });

/** The member's own answers for these codes. */
export async function memberAnswers(userId: string, promoCodeIds: readonly string[]): Promise<Map<string, MemberAnswer>> {
  if (promoCodeIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ promoCodeId: codeFeedback.promoCodeId, worked: codeFeedback.worked, reason: codeFeedback.reason })
    .from(codeFeedback)
    .where(and(eq(codeFeedback.userId, userId), inArray(codeFeedback.promoCodeId, [...promoCodeIds])));
  return new Map(rows.map((r) => [r.promoCodeId, memberAnswerOf(r)]));
}

/** The figures of these codes and the viewer's own answers: one read of theirs, for as many lists as a page shows. */
export async function loadFeedback(promoCodeIds: string[], viewerId: string | null) {
  const [stats, mine] = await Promise.all([feedbackStats(promoCodeIds), viewerId ? memberAnswers(viewerId, promoCodeIds) : new Map<string, { worked: boolean; reason: NoReason | null }>()]);
  return { stats, mine };
}
type LoadedFeedback = Awaited<ReturnType<typeof loadFeedback>>;

/**
 * Attach the loaded feedback to shaped codes (the viewer's own answer when signed in)
 * and, with `rank`, put them in list order (compareCodes: failing codes last,
 * Wilson lower bound within the same expiry).
 */
export function attachFeedback<T extends { id: string; expiresAt: string | null }>(
  codes: T[],
  { stats, mine }: LoadedFeedback,
  { rank = false }: { rank?: boolean } = {},
): Array<T & { feedback: CodeFeedbackView }> {
  const now = new Date();
  const rows = codes.map((code) => {
    const s = stats.get(code.id) ?? NO_FEEDBACK;
    const shown = feedbackDisplay(s, now);
    return {
      code: { ...code, feedback: { rate: shown?.rate ?? null, verified: shown?.verified ?? null, mine: mine.get(code.id)?.worked ?? null, mineReason: mine.get(code.id)?.reason ?? null } },
      key: { expiresAt: code.expiresAt, failing: isFailing(s), score: wilsonLowerBound(s.worked, s.answers) },
    };
  });
  if (rank) rows.sort((a, b) => compareCodes(a.key, b.key));
  return rows.map((r) => r.code);
}

/** A code's figures as a card shows them, read afresh (the member who just answered sees their answer counted at once). */
export async function codeFigures(promoCodeId: string, now = new Date()): Promise<Pick<CodeFeedbackView, "rate" | "verified">> {
  const [entry] = await readFeedbackStats([promoCodeId]);
  const shown = feedbackDisplay(entry?.[1] ?? NO_FEEDBACK, now);
  return { rate: shown?.rate ?? null, verified: shown?.verified ?? null };
}

/** loadFeedback then attachFeedback, for a page with one list of codes. */
export async function withFeedback<T extends { id: string; expiresAt: string | null }>(
  codes: T[],
  viewerId: string | null,
  options: { rank?: boolean } = {},
): Promise<Array<T & { feedback: CodeFeedbackView }>> {
  return attachFeedback(codes, await loadFeedback(codes.map((c) => c.id), viewerId), options);
}

export type FeedbackAnswer = "oui" | "non" | "annuler";

/** A refused answer (unknown code, too many answers): its French message and 4xx (ADR 025). */
export class CodeFeedbackError extends DomainError {}

export const FEEDBACK_MESSAGES = {
  thanks: "Merci pour ton retour !",
  undone: "Ta réponse a été retirée.",
  unknownCode: "Ce code promo n'existe plus.",
  tooMany: "Tu as répondu trop souvent. Réessaie dans quelques minutes.",
  invalid: "Réponse invalide.",
  signIn: "Connecte-toi pour dire si le code a marché.",
} as const;

const answerSchema = z.object({
  promoCodeId: z.uuid(),
  answer: z.enum(["oui", "non", "annuler"]),
  // only with « Non »; an empty choice is no reason
  reason: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(Object.keys(NO_REASONS) as [NoReason, ...NoReason[]]).optional()),
});

/** The « Ça a marché ? » form's fields, or null when they are not a code id and an answer (and, with « Non », a known reason or none). */
export function parseFeedbackForm(form: FormData): { promoCodeId: string; answer: FeedbackAnswer; reason?: NoReason } | null {
  const parsed = answerSchema.safeParse({ promoCodeId: form.get("promoCodeId"), answer: form.get("answer"), reason: form.get("reason") });
  if (!parsed.success || (parsed.data.reason && parsed.data.answer !== "non")) return null;
  return parsed.data;
}

/**
 * Record, change or undo the member's answer, with the reason of a « Non »
 * when given. One row per member and code (primary key): concurrent answers
 * upsert, never duplicate. Rate-limited per member (answers and undos alike).
 * Returns the member's answer now (null: none). Throws CodeFeedbackError.
 */
export async function answerCodeFeedback(userId: string, promoCodeId: string, answer: FeedbackAnswer, reason: NoReason | null = null): Promise<boolean | null> {
  if (!(await hitRateLimit(RATE_LIMITS.codeFeedback, `user:${userId}`)).allowed) throw new CodeFeedbackError(FEEDBACK_MESSAGES.tooMany, 429);
  const db = await getDb();
  if (answer === "annuler") {
    await db.delete(codeFeedback).where(and(eq(codeFeedback.userId, userId), eq(codeFeedback.promoCodeId, promoCodeId)));
    return null;
  }
  const worked = answer === "oui";
  const why = worked ? null : reason;
  try {
    await db
      .insert(codeFeedback)
      .values({ userId, promoCodeId, worked, reason: why })
      .onConflictDoUpdate({ target: [codeFeedback.promoCodeId, codeFeedback.userId], set: { worked, reason: why, updatedAt: sql`now()` } });
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new CodeFeedbackError(FEEDBACK_MESSAGES.unknownCode, 404);
    throw error;
  }
  return worked;
}

/** « Codes qui échouent » for the back office: every code the flag rule catches, worst first. */
export async function listFailingCodes() {
  const stats = await feedbackStats();
  const failing = [...stats].filter(([, s]) => isFailing(s));
  if (failing.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: promoCodes.id, code: promoCodes.code, brandName: brands.name, expiresAt: promoCodes.expiresAt })
    .from(promoCodes)
    .innerJoin(brands, eq(brands.id, promoCodes.brandId))
    .where(inArray(promoCodes.id, failing.map(([id]) => id)))
    .orderBy(asc(promoCodes.code));
  const reasons = await noReasons(rows.map((r) => r.id));
  return rows
    .map((r) => {
      const s = stats.get(r.id)!;
      return {
        ...r,
        expiresAt: r.expiresAt?.toISOString() ?? null,
        answers: s.answers,
        rate: successRateLabel(s),
        score: wilsonLowerBound(s.worked, s.answers),
        reasons: reasons.get(r.id) ?? [],
      };
    })
    .sort((a, b) => a.score - b.score);
}

/** The reasons members gave for « Non » in the window, most given first: « Code expiré (4) ». */
async function noReasons(promoCodeIds: string[]): Promise<Map<string, string[]>> {
  if (promoCodeIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ promoCodeId: codeFeedback.promoCodeId, reason: codeFeedback.reason, n: sql<number>`count(*)::int` })
    .from(codeFeedback)
    .where(and(inArray(codeFeedback.promoCodeId, promoCodeIds), gte(codeFeedback.updatedAt, windowStart), sql`${codeFeedback.reason} is not null`))
    .groupBy(codeFeedback.promoCodeId, codeFeedback.reason)
    .orderBy(sql`count(*) desc`, asc(codeFeedback.reason));
  const byCode = new Map<string, string[]>();
  for (const r of rows) {
    const label = NO_REASONS[r.reason as NoReason] ?? r.reason;
    byCode.set(r.promoCodeId, [...(byCode.get(r.promoCodeId) ?? []), `${label} (${r.n})`]);
  }
  return byCode;
}

/** The member's answers, for the data export. */
export async function exportCodeFeedback(userId: string) {
  const db = await getDb();
  return db
    .select({ promoCodeId: codeFeedback.promoCodeId, code: promoCodes.code, brand: brands.name, worked: codeFeedback.worked, reason: codeFeedback.reason, answeredAt: codeFeedback.createdAt, changedAt: codeFeedback.updatedAt })
    .from(codeFeedback)
    .leftJoin(promoCodes, eq(promoCodes.id, codeFeedback.promoCodeId))
    .leftJoin(brands, eq(brands.id, promoCodes.brandId))
    .where(eq(codeFeedback.userId, userId))
    .orderBy(asc(codeFeedback.createdAt));
}
