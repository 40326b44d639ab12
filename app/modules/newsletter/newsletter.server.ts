import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { newsletterSubscribers, profiles } from "../../../db/schema";
import { NewsletterWelcomeEmail } from "~/emails/templates";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";

export function unsubscribeUrl(token: string) {
  return `${getEnv().SITE_URL}/newsletter/desinscription?token=${encodeURIComponent(token)}`;
}

/**
 * Subscribe an address (idempotent). A renewed or new subscription gets the
 * welcome e-mail; the member's profile flag follows.
 */
export async function subscribe(input: { email: string; source: string; userId?: string | null }) {
  const db = await getDb();
  const email = input.email.trim();
  const token = randomBytes(24).toString("base64url");
  const [existing] = await db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`)
    .limit(1);
  let subscriber = existing;
  let isNew = false;
  if (!existing) {
    const [row] = await db
      .insert(newsletterSubscribers)
      .values({ email, source: input.source, userId: input.userId ?? null, unsubscribeToken: token })
      .onConflictDoNothing()
      .returning();
    subscriber = row;
    isNew = Boolean(row);
  } else if (existing.status !== "subscribed") {
    const [row] = await db
      .update(newsletterSubscribers)
      .set({ status: "subscribed", consentAt: new Date(), unsubscribedAt: null, source: input.source, userId: input.userId ?? existing.userId })
      .where(eq(newsletterSubscribers.id, existing.id))
      .returning();
    subscriber = row;
    isNew = true;
  } else if (input.userId && !existing.userId) {
    await db.update(newsletterSubscribers).set({ userId: input.userId }).where(eq(newsletterSubscribers.id, existing.id));
  }
  await db.update(profiles).set({ newsletterSubscribed: true }).where(sql`lower(${profiles.email}) = lower(${email})`);
  if (isNew && subscriber) {
    const env = getEnv();
    const url = unsubscribeUrl(subscriber.unsubscribeToken);
    await sendMail({
      to: email,
      subject: `Bienvenue dans la newsletter ${env.SITE_NAME} !`,
      kind: "newsletter-welcome",
      headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      react: createElement(NewsletterWelcomeEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, unsubscribeUrl: url }),
    }).catch((error) => logger.error({ err: error }, "newsletter: welcome e-mail failed"));
  }
  return { isNew };
}

/** Unsubscribe by token; returns the e-mail, or null for an unknown token. */
export async function unsubscribe(token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ email: newsletterSubscribers.email });
  if (!row) return null;
  await db.update(profiles).set({ newsletterSubscribed: false }).where(sql`lower(${profiles.email}) = lower(${row.email})`);
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
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email}) and ${newsletterSubscribers.status} = 'subscribed'`);
  await db.update(profiles).set({ newsletterSubscribed: false }).where(sql`lower(${profiles.email}) = lower(${email})`);
}
