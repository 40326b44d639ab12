import { render } from "@react-email/render";
import { desc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type * as React from "react";
import { emailOutbox } from "#db/schema";
import { getDb, type Db } from "./db.server";
import { getEnv } from "./env.server";
import { send, type Executor, type Job } from "./jobs.server";
import { logger } from "./logger.server";
import { forget, remember } from "./remember.server";

export interface MailInput {
  to: string;
  subject: string;
  react: React.ReactElement;
  /** e.g. "verification", "reset-password", "newsletter-welcome" */
  kind: string;
  headers?: Record<string, string>;
  /** remove the outbox copy once delivered over SMTP (or given up): a mail whose recipient must leave no trace */
  eraseAfterDelivery?: boolean;
}

/** Every `token=` query value of the links in a mail (reset, verification, unsubscribe...), escaped `&amp;` included. */
const TOKEN_VALUE = /([?&;]token=)[^\s"'<>&)\]]+/gi;
const REDACTED_TOKEN = "redacted";

/** The text with the value of every link token replaced, so a stored copy cannot be used. */
export function redactTokens(value: string): string {
  return value.replace(TOKEN_VALUE, `$1${REDACTED_TOKEN}`);
}

function redactHeaderTokens(headers: Record<string, string> | undefined) {
  return headers ? Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redactTokens(v)])) : null;
}

function getTransporter(): Transporter | null {
  return remember("smtp-transport", () => {
    const { SMTP_URL } = getEnv();
    return SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null;
  });
}

/** Test helper: forget the SMTP transport so a changed SMTP_URL is used. */
export function resetMailer() {
  forget("smtp-transport");
}

/** The job queue that delivers e-mails (ADR 012). */
export const MAIL_QUEUE = "mail.send";
/** Attempts before a mail is given up (about 2.5 hours of retries with the runner's backoff). */
export const MAIL_MAX_ATTEMPTS = 10;

export interface RenderedMail extends Omit<MailInput, "react"> {
  html: string;
  text: string;
}

type MailExecutor = Executor & Pick<Db, "insert">;

export interface MailOptions {
  /** enqueue inside this transaction: the mail exists only if the write that causes it commits */
  tx?: MailExecutor;
}

/** Render a React Email template (HTML and plain text). */
export async function renderMail(input: MailInput): Promise<RenderedMail> {
  const { react, ...rest } = input;
  const [html, text] = await Promise.all([render(react), render(react, { plainText: true })]);
  return { ...rest, html, text };
}

/**
 * Record a rendered mail in the outbox and enqueue its delivery (a `mail.send`
 * job), both in one transaction: the caller's when given.
 */
export async function enqueueMail(mail: RenderedMail, options: MailOptions = {}): Promise<{ id: string; jobId: number | null }> {
  const write = async (tx: MailExecutor) => {
    const [{ id }] = await tx
      .insert(emailOutbox)
      .values({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? null, kind: mail.kind })
      .returning({ id: emailOutbox.id });
    const jobId = await send(MAIL_QUEUE, { outboxId: id, ...(mail.eraseAfterDelivery ? { erase: true } : {}) }, { tx, maxAttempts: MAIL_MAX_ATTEMPTS });
    return { id, jobId };
  };
  if (options.tx) return write(options.tx);
  return (await getDb()).transaction(write);
}

/**
 * Render a React Email template and queue it: it is in the email_outbox table
 * at once (the demo and the tests read mails there when no SMTP server is
 * configured) and a `mail.send` job delivers it through SMTP when SMTP_URL is
 * set, retried with backoff when the server fails.
 */
export async function sendMail(input: MailInput, options: MailOptions = {}) {
  return enqueueMail(await renderMail(input), options);
}

/**
 * The `mail.send` job: deliver an outbox mail over SMTP, then keep it without
 * any usable token (or erase it when asked). Without SMTP_URL the outbox is
 * the delivery and there is nothing more to do. A failure is recorded on the
 * outbox row and thrown, so the runner retries it; a mail to erase is erased
 * when its last attempt fails too.
 */
export async function deliverMail(job: Job): Promise<void> {
  const { outboxId, erase } = job.payload as { outboxId: string; erase?: boolean };
  const db = await getDb();
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  // erased meanwhile (account deleted, retention) or delivered by an attempt that could not record it
  if (!row || row.sentAt) return;
  const transport = getTransporter();
  if (!transport) return;
  try {
    await transport.sendMail({ from: getEnv().MAIL_FROM, to: row.to, subject: row.subject, html: row.html, text: row.text, headers: row.headers ?? undefined });
  } catch (error) {
    logger.error({ err: error, kind: row.kind, attempt: job.attempts, maxAttempts: job.maxAttempts }, "mail: SMTP delivery failed");
    if (erase && job.attempts >= job.maxAttempts) await db.delete(emailOutbox).where(eq(emailOutbox.id, row.id));
    else await db.update(emailOutbox).set({ error: String((error as Error).message).slice(0, 500) }).where(eq(emailOutbox.id, row.id));
    throw error;
  }
  if (erase) {
    await db.delete(emailOutbox).where(eq(emailOutbox.id, row.id));
    return;
  }
  // delivered: the outbox keeps the mail without any usable token
  await db
    .update(emailOutbox)
    .set({ sentAt: new Date(), error: null, html: redactTokens(row.html), text: redactTokens(row.text), headers: redactHeaderTokens(row.headers ?? undefined) })
    .where(eq(emailOutbox.id, row.id));
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
