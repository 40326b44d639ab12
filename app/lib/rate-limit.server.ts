import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";

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
} satisfies Record<string, RateLimitRule>;

/** Failed sign-ins: 10 per 15 minutes per IP and per account (issue 3). */
export const LOGIN_FAILURES: RateLimitRule = { name: "login-fail", limit: 10, windowSeconds: 15 * 60 };

export const RATE_LIMIT_MESSAGE = "Trop de tentatives. Veuillez réessayer plus tard.";

/**
 * Fixed-window counter in the database (shared by every server process).
 * Returns whether the hit is allowed and when the window resets.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string) {
  if (getEnv().RATE_LIMIT_DISABLED) return { allowed: true, remaining: rule.limit, retryAfter: 0 };
  const db = await getDb();
  const key = `${rule.name}:${subject}`.slice(0, 300);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + make_interval(secs => ${rule.windowSeconds}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const retryAfter = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
  return { allowed: row.count <= rule.limit, remaining: Math.max(0, rule.limit - row.count), retryAfter };
}

/** Whether the subject has already used up the rule's window (does not count a hit). */
export async function isRateLimited(rule: RateLimitRule, subject: string): Promise<boolean> {
  if (getEnv().RATE_LIMIT_DISABLED) return false;
  const db = await getDb();
  const key = `${rule.name}:${subject}`.slice(0, 300);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return (row?.count ?? 0) >= rule.limit;
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
