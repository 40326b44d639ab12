import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "../../db/schema";
import { VerifyEmail } from "../../app/emails/templates";
import { resetEnvCache } from "../../app/lib/env.server";
import { resetMailer, sendMail } from "../../app/lib/mail.server";
import { describeEachDb } from "../helpers/db";

describeEachDb("mail delivery over SMTP", ({ database }) => {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
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
    expect(result.delivered).toBe(true);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["lea@example.fr"]);
    expect(mail.raw).toMatch(/Subject: Confirme ton adresse pour rejoindre Crevarde/);
    const decoded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(decoded).toContain("verify-email?token=abc");
    expect(decoded).toContain("Confirmer mon adresse");
    const [row] = await database().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, result.id));
    expect(row.sentAt).not.toBeNull();
  });
});
