import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql, type AnyColumn } from "drizzle-orm";
import { createElement } from "react";
import { newsletterSubscribers, profiles, user } from "#db/schema";
import { NewsletterConfirmEmail, NewsletterWelcomeEmail } from "#app/emails/templates";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, renderMail, sendMail } from "#app/lib/mail.server";
import { hitRateLimit, type RateLimitRule } from "#app/lib/rate-limit.server";
import { RETENTION } from "#app/modules/privacy/retention";
import { newsletterStatus } from "#db/states/newsletter-status";

function unsubscribeUrl(token: string) {
  return `${getEnv().SITE_URL}/newsletter/desinscription?token=${encodeURIComponent(token)}`;
}

function confirmationUrl(token: string) {
  return `${getEnv().SITE_URL}/newsletter/confirmation?token=${encodeURIComponent(token)}`;
}

/** At most 3 confirmation e-mails per address and hour, whoever asks (no mail-bombing through the form). */
const CONFIRMATION_MAILS: RateLimitRule = { name: "newsletter-confirm", limit: 3, windowSeconds: 60 * 60 };

const CONFIRM_TTL_MS = RETENTION.newsletterConfirmDays * 24 * 60 * 60 * 1000;

function confirmKey() {
  return createHash("sha256").update(`newsletter-confirm:${getEnv().SESSION_SECRET}`).digest();
}

export interface ConfirmationClaim {
  email: string;
  source: string;
  issuedAt: number;
}

/** A signed, self-contained confirmation token: nothing is stored before the owner clicks. */
export function confirmationToken(email: string, source: string, issuedAt = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ e: email, s: source, t: issuedAt })).toString("base64url");
  return `${payload}.${createHmac("sha256", confirmKey()).update(payload).digest("base64url")}`;
}

/** The claim of a valid, unexpired token; null for anything forged, altered, expired or malformed. */
export function readConfirmationToken(token: string | null | undefined, now = Date.now()): ConfirmationClaim | null {
  if (!token || token.length > 1000) return null;
  const parts = token.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [payload, signature] = parts;
  const expected = createHmac("sha256", confirmKey()).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claim: { e?: unknown; s?: unknown; t?: unknown };
  try {
    claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof claim.e !== "string" || typeof claim.s !== "string" || typeof claim.t !== "number") return null;
  if (claim.t > now + 60_000 || now - claim.t > CONFIRM_TTL_MS) return null;
  return { email: claim.e, source: claim.s, issuedAt: claim.t };
}

const sameEmail = (column: AnyColumn, email: string) => sql`lower(${column}) = lower(${email})`;

/**
 * Ask to subscribe an address: the owner gets a confirmation link; nothing is
 * stored and nothing changes until they click it. An address already
 * subscribed gets no e-mail; the caller answers the same either way.
 */
export async function requestSubscription(input: { email: string; source: string }): Promise<{ sent: boolean }> {
  const email = input.email.trim();
  const db = await getDb();
  const [existing] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(sameEmail(newsletterSubscribers.email, email))
    .limit(1);
  if (existing?.status === newsletterStatus.is.subscribed) return { sent: false };
  if (!(await hitRateLimit(CONFIRMATION_MAILS, `email:${email.toLowerCase()}`)).allowed) return { sent: false };
  const env = getEnv();
  await sendMail({
    to: email,
    subject: `Confirme ton inscription à la newsletter ${env.SITE_NAME}`,
    kind: "newsletter-confirm",
    react: createElement(NewsletterConfirmEmail, {
      siteName: env.SITE_NAME,
      siteUrl: env.SITE_URL,
      url: confirmationUrl(confirmationToken(email, input.source)),
      validDays: RETENTION.newsletterConfirmDays,
    }),
  });
  return { sent: true };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Subscribe an address whose owner has proved it (confirmation link, or the
 * signed-in member's own verified address). The subscription is linked to
 * the account that owns the address, never to whoever asked.
 */
async function activate(tx: Tx, email: string, source: string, notBefore?: number) {
  const [existing] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(sameEmail(newsletterSubscribers.email, email))
    .limit(1)
    .for("update");
  if (existing?.status === newsletterStatus.is.subscribed) return { email: existing.email, isNew: false, unsubscribeToken: existing.unsubscribeToken };
  // a link sent before the address opted out does not bring it back
  if (notBefore !== undefined && existing?.unsubscribedAt && existing.unsubscribedAt.getTime() > notBefore) return null;
  const [owner] = await tx.select({ id: user.id }).from(user).where(sameEmail(user.email, email)).limit(1);
  const status = existing ? newsletterStatus.transition(existing.status, newsletterStatus.is.subscribed) : newsletterStatus.is.subscribed;
  const values = { status, source, consentAt: new Date(), unsubscribedAt: null, userId: owner?.id ?? null };
  const [row] = existing
    ? await tx.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, existing.id)).returning()
    : await tx
        .insert(newsletterSubscribers)
        .values({ ...values, email, unsubscribeToken: randomBytes(24).toString("base64url") })
        .onConflictDoNothing()
        .returning();
  // the same link clicked twice at once: the other click subscribed it
  if (!row) return { email, isNew: false, unsubscribeToken: "" };
  await tx.update(profiles).set({ newsletterSubscribed: true }).where(sameEmail(profiles.email, email));
  return { email: row.email, isNew: true, unsubscribeToken: row.unsubscribeToken };
}

/** Queue the welcome e-mail in the transaction that subscribes the address (a template error does not undo the subscription). */
async function sendWelcome(email: string, token: string, tx: Tx) {
  const env = getEnv();
  const url = unsubscribeUrl(token);
  const mail = await renderMail({
    to: email,
    subject: `Bienvenue dans la newsletter ${env.SITE_NAME} !`,
    kind: "newsletter-welcome",
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    react: createElement(NewsletterWelcomeEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, unsubscribeUrl: url }),
  }).catch((error: unknown) => {
    logger.error({ err: error }, "newsletter: welcome e-mail not rendered");
    return null;
  });
  if (mail) await enqueueMail(mail, { tx });
}

/** The owner clicked the confirmation link: subscribe (idempotent). Null for an invalid, expired or superseded link. */
export async function confirmSubscription(token: string): Promise<{ email: string; isNew: boolean } | null> {
  const claim = readConfirmationToken(token);
  if (!claim) return null;
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const activated = await activate(tx, claim.email, claim.source, claim.issuedAt);
    if (activated?.isNew) await sendWelcome(activated.email, activated.unsubscribeToken, tx);
    return activated;
  });
  return result && { email: result.email, isNew: result.isNew };
}

/** A signed-in member subscribes their own account address (verified at sign-up): no link needed. */
export async function subscribeMember(email: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const activated = await activate(tx, email, "profile");
    if (activated?.isNew) await sendWelcome(activated.email, activated.unsubscribeToken, tx);
  });
}

/** Unsubscribe by token; returns the e-mail, or null for an unknown token. */
export async function unsubscribe(token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: newsletterStatus.is.unsubscribed, unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscribers.unsubscribeToken, token), inArray(newsletterSubscribers.status, newsletterStatus.sourcesOf(newsletterStatus.is.unsubscribed))))
    .returning({ email: newsletterSubscribers.email });
  if (!row) return null;
  await db.update(profiles).set({ newsletterSubscribed: false }).where(sameEmail(profiles.email, row.email));
  return row.email;
}

export async function findSubscriberByToken(token: string) {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.unsubscribeToken, token)))
    .limit(1);
  return row ?? null;
}

/** A member switches the newsletter off from the profile. */
export async function unsubscribeEmail(email: string) {
  const db = await getDb();
  await db
    .update(newsletterSubscribers)
    .set({ status: newsletterStatus.transition(newsletterStatus.is.subscribed, newsletterStatus.is.unsubscribed), unsubscribedAt: new Date() })
    .where(and(sameEmail(newsletterSubscribers.email, email), eq(newsletterSubscribers.status, newsletterStatus.is.subscribed)));
  await db.update(profiles).set({ newsletterSubscribed: false }).where(sameEmail(profiles.email, email));
}
