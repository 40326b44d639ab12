import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { brands, codeFeedback, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { PG_ERROR, pgErrorCode } from "~/lib/db-errors.server";
import { hitRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import {
  compareCodes,
  FAILING_CONSECUTIVE_NO,
  FEEDBACK_WINDOW_DAYS,
  feedbackDisplay,
  isFailing,
  NO_FEEDBACK,
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
}

const windowStart = sql`now() - make_interval(days => ${FEEDBACK_WINDOW_DAYS})`;

/** Answers of the last 30 days per code: count, « Oui », « Non » among the latest five, latest « Oui ». */
export async function feedbackStats(promoCodeIds?: string[]): Promise<Map<string, FeedbackStats>> {
  const stats = new Map<string, FeedbackStats>();
  if (promoCodeIds && promoCodeIds.length === 0) return stats;
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
  for (const r of rows) stats.set(r.promoCodeId, { answers: r.answers, worked: r.worked, recentNo: r.recentNo, lastWorkedAt: r.lastWorkedAt });
  return stats;
}

/** The member's own answers for these codes. */
async function memberAnswers(userId: string, promoCodeIds: string[]): Promise<Map<string, boolean>> {
  if (promoCodeIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ promoCodeId: codeFeedback.promoCodeId, worked: codeFeedback.worked })
    .from(codeFeedback)
    .where(and(eq(codeFeedback.userId, userId), inArray(codeFeedback.promoCodeId, promoCodeIds)));
  return new Map(rows.map((r) => [r.promoCodeId, r.worked]));
}

/**
 * Attach the feedback to shaped codes (the viewer's own answer when signed in)
 * and, with `rank`, put them in list order (compareCodes: failing codes last,
 * Wilson lower bound within the same expiry).
 */
export async function withFeedback<T extends { id: string; expiresAt: string | null }>(
  codes: T[],
  viewerId: string | null,
  { rank = false }: { rank?: boolean } = {},
): Promise<Array<T & { feedback: CodeFeedbackView }>> {
  const ids = codes.map((c) => c.id);
  const [stats, mine] = await Promise.all([feedbackStats(ids), viewerId ? memberAnswers(viewerId, ids) : new Map<string, boolean>()]);
  const now = new Date();
  const rows = codes.map((code) => {
    const s = stats.get(code.id) ?? NO_FEEDBACK;
    const shown = feedbackDisplay(s, now);
    return {
      code: { ...code, feedback: { rate: shown?.rate ?? null, verified: shown?.verified ?? null, mine: mine.get(code.id) ?? null } },
      key: { expiresAt: code.expiresAt, failing: isFailing(s), score: wilsonLowerBound(s.worked, s.answers) },
    };
  });
  if (rank) rows.sort((a, b) => compareCodes(a.key, b.key));
  return rows.map((r) => r.code);
}

export type FeedbackAnswer = "oui" | "non" | "annuler";
export type FeedbackOutcome = { ok: true; mine: boolean | null } | { ok: false; status: 404 | 429; message: string };

export const FEEDBACK_MESSAGES = {
  thanks: "Merci pour ton retour !",
  undone: "Ta réponse a été retirée.",
  unknownCode: "Ce code promo n'existe plus.",
  tooMany: "Tu as répondu trop souvent. Réessaie dans quelques minutes.",
  invalid: "Réponse invalide.",
  signIn: "Connecte-toi pour dire si le code a marché.",
} as const;

const answerSchema = z.object({ promoCodeId: z.uuid(), answer: z.enum(["oui", "non", "annuler"]) });

/** The « Ça a marché ? » form's fields, or null when they are not a code id and an answer. */
export function parseFeedbackForm(form: FormData): { promoCodeId: string; answer: FeedbackAnswer } | null {
  const parsed = answerSchema.safeParse({ promoCodeId: form.get("promoCodeId"), answer: form.get("answer") });
  return parsed.success ? parsed.data : null;
}

/**
 * Record, change or undo the member's answer. One row per member and code
 * (primary key): concurrent answers upsert, never duplicate. Rate-limited per
 * member (answers and undos alike).
 */
export async function answerCodeFeedback(userId: string, promoCodeId: string, answer: FeedbackAnswer): Promise<FeedbackOutcome> {
  if (!(await hitRateLimit(RATE_LIMITS.codeFeedback, `user:${userId}`)).allowed) return { ok: false, status: 429, message: FEEDBACK_MESSAGES.tooMany };
  const db = await getDb();
  if (answer === "annuler") {
    await db.delete(codeFeedback).where(and(eq(codeFeedback.userId, userId), eq(codeFeedback.promoCodeId, promoCodeId)));
    return { ok: true, mine: null };
  }
  const worked = answer === "oui";
  try {
    await db
      .insert(codeFeedback)
      .values({ userId, promoCodeId, worked })
      .onConflictDoUpdate({ target: [codeFeedback.promoCodeId, codeFeedback.userId], set: { worked, updatedAt: sql`now()` } });
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) return { ok: false, status: 404, message: FEEDBACK_MESSAGES.unknownCode };
    throw error;
  }
  return { ok: true, mine: worked };
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
  return rows
    .map((r) => {
      const s = stats.get(r.id)!;
      return { ...r, expiresAt: r.expiresAt?.toISOString() ?? null, answers: s.answers, rate: successRateLabel(s), score: wilsonLowerBound(s.worked, s.answers) };
    })
    .sort((a, b) => a.score - b.score);
}

/** The member's answers, for the data export. */
export async function exportCodeFeedback(userId: string) {
  const db = await getDb();
  return db
    .select({ promoCodeId: codeFeedback.promoCodeId, code: promoCodes.code, brand: brands.name, worked: codeFeedback.worked, answeredAt: codeFeedback.createdAt, changedAt: codeFeedback.updatedAt })
    .from(codeFeedback)
    .leftJoin(promoCodes, eq(promoCodes.id, codeFeedback.promoCodeId))
    .leftJoin(brands, eq(brands.id, promoCodes.brandId))
    .where(eq(codeFeedback.userId, userId))
    .orderBy(asc(codeFeedback.createdAt));
}
