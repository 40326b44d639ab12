import { sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { countOf } from "./plural";

export interface RateLimitRule {
  /** bucket name, e.g. "login" */
  name: string;
  /** max hits per window */
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  login: { name: "login", limit: 10, windowSeconds: 60 },
  signup: { name: "signup", limit: 5, windowSeconds: 60 * 10 },
  passwordReset: { name: "password-reset", limit: 5, windowSeconds: 60 * 10 },
  newsletter: { name: "newsletter", limit: 10, windowSeconds: 60 * 10 },
  analytics: { name: "analytics", limit: 120, windowSeconds: 60 },
  emailTest: { name: "email-test", limit: 5, windowSeconds: 60 * 10 },
  publicForm: { name: "public-form", limit: 30, windowSeconds: 60 },
  /** missing-cashback claims per member (each may carry a 5 MB proof) */
  claim: { name: "claim", limit: 10, windowSeconds: 60 * 60 },
  /** notices of illegal content per IP (« Signaler un contenu illicite ») */
  notice: { name: "notice", limit: 10, windowSeconds: 60 * 60 },
  /** « Nous contacter » messages per IP: each one mails every staff account (ADR 041) */
  contact: { name: "contact", limit: 5, windowSeconds: 60 * 60 },
  /** « Ça a marché ? » answers (and undos) per member: 30 per 10 minutes (vote storms, ADR 036 §Rate limits) */
  codeFeedback: { name: "code-feedback", limit: 30, windowSeconds: 60 * 10 },
  /** deals proposed per member (« Proposer un deal ») */
  dealPost: { name: "deal-post", limit: 5, windowSeconds: 60 * 60 },
  /** « Expiré ? » / « Toujours valable » per member: 20 per hour */
  dealFlag: { name: "deal-flag", limit: 20, windowSeconds: 60 * 60 },
  /** temperature votes (and undos) per member: 30 per 10 minutes (vote storms, ADR 036 §Rate limits) */
  dealVote: { name: "deal-vote", limit: 30, windowSeconds: 60 * 10 },
  /** deal alerts created (or edited) per member: 30 per hour */
  alertSave: { name: "alert-save", limit: 30, windowSeconds: 60 * 60 },
  /** price alerts followed or given a new threshold per member: 30 per hour */
  priceAlertSave: { name: "price-alert-save", limit: 30, windowSeconds: 60 * 60 },
  /** comments and replies per member: 10 per 10 minutes */
  comment: { name: "comment", limit: 10, windowSeconds: 60 * 10 },
  /** comment edits per member: 20 per hour */
  commentEdit: { name: "comment-edit", limit: 20, windowSeconds: 60 * 60 },
  /** « Signaler » (a comment or a deal) per member: 20 per hour */
  contentReport: { name: "content-report", limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Failed sign-ins: 10 per 15 minutes per account (issue 3). */
export const LOGIN_FAILURES: RateLimitRule = { name: "login-fail", limit: 10, windowSeconds: 15 * 60 };

/**
 * Failed password checks per IP: five accounts' worth, so that one person behind a
 * shared mobile or office IP cannot lock out everyone behind it (issue 10).
 */
export const LOGIN_FAILURES_PER_IP: RateLimitRule = { ...LOGIN_FAILURES, limit: LOGIN_FAILURES.limit * 5 };

export const RATE_LIMIT_MESSAGE = "Trop de tentatives. Réessaie plus tard.";

/** The lock-out message with the wait, in whole minutes rounded up: "Trop de tentatives. Réessaie dans 3 minutes." */
export function lockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Trop de tentatives. Réessaie dans ${countOf(minutes, { one: "minute", other: "minutes" })}.`;
}

const counterKey = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`.slice(0, 300);

/** Count one hit in one atomic upsert (a new window starts once the old one has ended). */
async function countHit(rule: RateLimitRule, subject: string) {
  const db = await getDb();
  const [row] = await db
    .insert(rateLimits)
    .values({ key: counterKey(rule, subject), count: 1, resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + make_interval(secs => ${rule.windowSeconds}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row;
}

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));

/**
 * Fixed-window counter in the database (shared by every server process).
 * Returns whether the hit is allowed and when the window resets.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return { allowed: true, remaining: rule.limit, retryAfter: 0 };
  const row = await countHit(rule, subject);
  return { allowed: row.count <= rule.limit, remaining: Math.max(0, rule.limit - row.count), retryAfter: secondsUntil(row.resetAt) };
}

export interface AttemptReservation {
  /** false when a counter is already at its limit (the reservation is then already released) */
  allowed: boolean;
  /** seconds until the latest refusing window ends (0 when allowed) */
  retryAfter: number;
  /** Give the attempt back (it must not count, e.g. the password was right). Idempotent. */
  release: () => Promise<void>;
}

/**
 * Reserve one attempt on every counter BEFORE doing the guarded work (e.g. verifying a
 * password). Each counter takes one atomic upsert, so concurrent callers each get their
 * own count and at most `limit` reservations per window are granted, whatever the
 * concurrency (for the counters that block). A refused reservation is given back at once; the caller gives back an
 * allowed one with release() when the attempt must not count, and keeps it otherwise.
 */
export async function reserveAttempt(counters: ReadonlyArray<{ rule: RateLimitRule; subject: string; blocks?: boolean }>): Promise<AttemptReservation> {
  if (getEnv().RATE_LIMIT_DISABLED) return { allowed: true, retryAfter: 0, release: async () => {} };
  const rows = await Promise.all(counters.map(({ rule, subject }) => countHit(rule, subject)));
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    const db = await getDb();
    await Promise.all(
      counters.map(({ rule, subject }, i) =>
        db
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
          // only in the window this attempt was counted in (the Date has lost the microseconds)
          .where(
            sql`${rateLimits.key} = ${counterKey(rule, subject)} and ${rateLimits.resetAt} >= ${rows[i].resetAt.toISOString()}::timestamptz and ${rateLimits.resetAt} < ${rows[i].resetAt.toISOString()}::timestamptz + interval '1 millisecond'`,
          ),
      ),
    );
  };
  // a counter with `blocks: false` counts the attempt but never refuses it (a known device on a locked account, ADR 043)
  const refused = rows.filter((row, i) => counters[i].blocks !== false && row.count > counters[i].rule.limit);
  if (refused.length === 0) return { allowed: true, retryAfter: 0, release };
  await release();
  return { allowed: false, retryAfter: Math.max(...refused.map((row) => secondsUntil(row.resetAt))), release };
}

/** Throw a 429 Response with a French message when the limit is exceeded. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string) {
  const result = await hitRateLimit(rule, subject);
  if (!result.allowed) {
    throw new Response(RATE_LIMIT_MESSAGE, {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return result;
}

/** Client IP from the load context (Express `req.ip`), else a constant. */
export function clientIp(context: { clientIp?: string } | undefined): string {
  return context?.clientIp || "unknown";
}
