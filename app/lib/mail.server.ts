import { render } from "@react-email/render";
import { desc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type * as React from "react";
import { emailOutbox } from "../../db/schema";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export interface MailInput {
  to: string;
  subject: string;
  react: React.ReactElement;
  /** e.g. "verification", "reset-password", "newsletter-welcome" */
  kind: string;
  headers?: Record<string, string>;
}

/** Every `token=` query value of the links in a mail (reset, verification, unsubscribe...), escaped `&amp;` included. */
const TOKEN_VALUE = /([?&;]token=)[^\s"'<>&)\]]+/gi;
export const REDACTED_TOKEN = "redacted";

/** The text with the value of every link token replaced, so a stored copy cannot be used. */
export function redactTokens(value: string): string {
  return value.replace(TOKEN_VALUE, `$1${REDACTED_TOKEN}`);
}

function redactHeaderTokens(headers: Record<string, string> | undefined) {
  return headers ? Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactTokens(v)])) : null;
}

let transporter: Transporter | null | undefined;
function getTransporter(): Transporter | null {
  if (transporter !== undefined) return transporter;
  const { SMTP_URL } = getEnv();
  transporter = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null;
  return transporter;
}

/** Test helper: forget the SMTP transport so a changed SMTP_URL is used. */
export function resetMailer() {
  transporter = undefined;
}

/**
 * Render a React Email template and deliver it: through SMTP when SMTP_URL is
 * set, always recorded in the email_outbox table (the demo and the tests read
 * mails there when no SMTP server is configured).
 */
export async function sendMail(input: MailInput) {
  const env = getEnv();
  const [html, text] = await Promise.all([render(input.react), render(input.react, { plainText: true })]);
  const db = await getDb();
  const [row] = await db
    .insert(emailOutbox)
    .values({ to: input.to, subject: input.subject, html, text, headers: input.headers ?? null, kind: input.kind })
    .returning({ id: emailOutbox.id });
  const transport = getTransporter();
  if (!transport) return { id: row.id, delivered: false };
  try {
    await transport.sendMail({ from: env.MAIL_FROM, to: input.to, subject: input.subject, html, text, headers: input.headers });
    // delivered: the outbox keeps the mail without any usable token
    await db
      .update(emailOutbox)
      .set({ sentAt: new Date(), html: redactTokens(html), text: redactTokens(text), headers: redactHeaderTokens(input.headers) })
      .where(eq(emailOutbox.id, row.id));
    return { id: row.id, delivered: true };
  } catch (error) {
    logger.error({ err: error, kind: input.kind }, "mail: SMTP delivery failed");
    await db.update(emailOutbox).set({ error: String((error as Error).message).slice(0, 500) }).where(eq(emailOutbox.id, row.id));
    throw error;
  }
}

/** Latest e-mails of the outbox with the site links they contain (admin tool, demo without SMTP). */
export async function recentOutbox(limit = 20) {
  const db = await getDb();
  const { SITE_URL } = getEnv();
  const rows = await db
    .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, kind: emailOutbox.kind, html: emailOutbox.html, sentAt: emailOutbox.sentAt, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map(({ html, ...m }) => {
    // the site's own links but the footer's home link; those carrying a token first
    const links = [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((x) => x[1].replaceAll("&amp;", "&")))].filter(
      (h) => h.startsWith(`${SITE_URL}/`) && h !== `${SITE_URL}/`,
    );
    const withToken = links.filter((h) => /token=/.test(h));
    return {
      ...m,
      sentAt: m.sentAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
      links: [...withToken, ...links.filter((h) => !withToken.includes(h))],
    };
  });
}
