import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { SMTPServer } from "smtp-server";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { VerifyEmail } from "#app/emails/templates";
import { resetEnvCache } from "#app/lib/env.server";
import { MAIL_MAX_ATTEMPTS, MAIL_QUEUE, redactTokens, resetMailer, sendMail } from "#app/lib/mail.server";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { action as authAction } from "#app/routes/auth";
import { action as resetAction } from "#app/routes/auth.reset-password";
import { createUser, req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { drainJobs } from "#tests/helpers/jobs";
import { callRoute } from "#tests/helpers/route";

/** A raw message as received, with its quoted-printable soft breaks and escapes undone. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const tokensIn = (text: string) => [...text.matchAll(/[?&;]token=([^\s"'<>&)\]]+)/g)].map((m) => m[1]).filter((t) => t !== "redacted");

describeEachDb("mail delivery over SMTP", ({ database }) => {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  /** recipients the server turns away (451, a temporary failure) */
  const busy = new Set<string>();
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        if (!busy.has(address.address)) return callback();
        callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (c) => (raw += String(c)));
        stream.on("end", () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    resetEnvCache();
    resetMailer();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    resetMailer();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it("sends the French verification e-mail through SMTP and records it as sent", async () => {
    const result = await sendMail({
      to: "lea@example.fr",
      subject: "Confirme ton adresse pour rejoindre Crevarde",
      kind: "verification",
      react: createElement(VerifyEmail, { siteName: "Crevarde", siteUrl: "http://localhost:3000", url: "http://localhost:3000/api/auth/verify-email?token=abc", username: "Léa" }),
    });
    // queued: in the outbox at once, delivered by the mail.send job
    expect(received.some((m) => m.to.includes("lea@example.fr"))).toBe(false);
    expect(await drainJobs()).toBe(1);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["lea@example.fr"]);
    expect(mail.raw).toMatch(/Subject: Confirme ton adresse pour rejoindre Crevarde/);
    const decoded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(decoded).toContain("verify-email?token=abc");
    expect(decoded).toContain("Confirmer mon adresse");
    const [row] = await database().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, result.id));
    expect(row.sentAt).not.toBeNull();
  });

  it.each([
    ["reset-password", async (email: string) => {
      await createUser({ email });
      await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "request", email } }), {}, { clientIp: "192.0.2.77" });
    }],
    ["verification", async (email: string) => {
      await callRoute(authAction, req("/auth", { form: { intent: "signup", username: "Smtp", email, password: "Rouge-gorge 2025" } }), {}, { clientIp: "192.0.2.78" });
    }],
    ["newsletter-welcome", async (email: string) => {
      await sendMail({
        to: email,
        subject: "Bienvenue",
        kind: "newsletter-welcome",
        headers: { "List-Unsubscribe": `<http://localhost:3000/newsletter/desinscription?token=tok-${email.length}abc>` },
        react: createElement(VerifyEmail, { siteName: "Crevarde", siteUrl: "http://localhost:3000", url: `http://localhost:3000/newsletter/desinscription?token=tok-${email.length}abc&amp;x=1`, username: "Léa" }),
      });
    }],
  ] as const)("a sent %s e-mail keeps no usable token in the outbox", async (kind, send) => {
    const email = `smtp-${kind}-${Date.now()}@example.fr`;
    await send(email);
    await settleBackgroundTasks();
    await drainJobs();
    const mail = received.filter((m) => m.to.includes(email)).at(-1)!;
    const delivered = tokensIn(decodeQp(mail.raw));
    expect(delivered.length).toBeGreaterThan(0); // the recipient got a working link
    const [row] = await database().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email)).orderBy(desc(s.emailOutbox.createdAt));
    expect(row.kind).toBe(kind);
    expect(row.sentAt).not.toBeNull();
    const stored = [row.html, row.text, JSON.stringify(row.headers ?? {})].join("\n");
    for (const token of delivered) expect(stored).not.toContain(token);
    expect(tokensIn(stored)).toEqual([]);
    expect(row.html).toContain("token=redacted");
  });

  const jobOf = async (outboxId: string) => {
    const { rows } = (await database().db.execute(sql`select * from jobs where queue = ${MAIL_QUEUE} and payload->>'outboxId' = ${outboxId}`)) as unknown as {
      rows: Array<{ id: number; attempts: number; run_at: string; failed_at: string | null; done_at: string | null; last_error: string | null }>;
    };
    return rows[0];
  };
  const outboxRow = async (id: string) => (await database().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, id)))[0];
  const mailTo = (to: string) =>
    sendMail({ to, subject: "Essai", kind: "test", react: createElement(VerifyEmail, { siteName: "Crevarde", siteUrl: "http://localhost:3000", url: "http://localhost:3000/?token=t", username: "Léa" }) });

  it("a failed SMTP delivery is retried with backoff, not lost", async () => {
    const to = `busy-${Date.now()}@example.fr`;
    busy.add(to);
    const { id } = await mailTo(to);
    await drainJobs();
    let job = await jobOf(id);
    expect(job.attempts).toBe(1);
    expect(job.done_at).toBeNull();
    expect(job.failed_at).toBeNull();
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
    expect(job.last_error).toMatch(/Mailbox busy/);
    expect((await outboxRow(id)).error).toMatch(/Mailbox busy/);
    // the server accepts again; the retry is due
    busy.delete(to);
    await database().db.execute(sql`update jobs set run_at = now() where id = ${job.id}`);
    expect(await drainJobs()).toBe(1);
    job = await jobOf(id);
    expect(job.done_at).not.toBeNull();
    expect(job.attempts).toBe(2);
    expect(received.some((m) => m.to.includes(to))).toBe(true);
    expect(await outboxRow(id)).toMatchObject({ error: null, sentAt: expect.any(Date) });
  });

  it("after its last attempt a mail is marked failed, with its error on the job and the outbox row", async () => {
    const to = `down-${Date.now()}@example.fr`;
    busy.add(to);
    const { id } = await mailTo(to);
    const { id: jobId } = await jobOf(id);
    await database().db.execute(sql`update jobs set attempts = ${MAIL_MAX_ATTEMPTS - 1} where id = ${jobId}`);
    await drainJobs();
    const job = await jobOf(id);
    expect(job.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(job.failed_at).not.toBeNull();
    expect(job.last_error).toMatch(/Mailbox busy/);
    const row = await outboxRow(id);
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/Mailbox busy/);
    await database().db.execute(sql`update jobs set run_at = now() where id = ${jobId}`);
    expect(await drainJobs()).toBe(0); // given up: never claimed again
  });

  it("a mail sent inside a transaction is queued only if the transaction commits", async () => {
    const to = `tx-${Date.now()}@example.fr`;
    await expect(
      database().db.transaction(async (tx) => {
        await sendMail({ to, subject: "Essai", kind: "test", react: createElement(VerifyEmail, { siteName: "Crevarde", siteUrl: "http://localhost:3000", url: "http://localhost:3000/", username: "Léa" }) }, { tx });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await database().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to))).toEqual([]);
    expect(await drainJobs()).toBe(0);
  });
});

it.each([
  ['<a href="https://crevarde.fr/auth/reset-password?token=AbC123_-x">', '<a href="https://crevarde.fr/auth/reset-password?token=redacted">'],
  ['<a href="https://crevarde.fr/api/auth/verify-email?token=eyJ.a.b&amp;callbackURL=%2Fauth">', '<a href="https://crevarde.fr/api/auth/verify-email?token=redacted&amp;callbackURL=%2Fauth">'],
  ["https://crevarde.fr/x?a=1&token=abc&b=2", "https://crevarde.fr/x?a=1&token=redacted&b=2"],
  ["Lien : [https://crevarde.fr/auth/reset-password?token=abc]", "Lien : [https://crevarde.fr/auth/reset-password?token=redacted]"],
  ["(https://crevarde.fr/?token=abc) et <https://crevarde.fr/?TOKEN=def>", "(https://crevarde.fr/?token=redacted) et <https://crevarde.fr/?TOKEN=redacted>"],
  ["https://crevarde.fr/x?token=a%2Fb%3D\nsuite", "https://crevarde.fr/x?token=redacted\nsuite"],
  ["no link, a tokenizer=1 and mytoken=2 stay", "no link, a tokenizer=1 and mytoken=2 stay"],
])("redactTokens(%j)", (input, expected) => {
  expect(redactTokens(input)).toBe(expected);
});
