import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { afterAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { getEnv, resetEnvCache } from "#app/lib/env.server";
import { sendMail } from "#app/lib/mail.server";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { requestSignInLink } from "#app/modules/accounts/accounts.server";
import { VerifyEmail } from "#app/emails/templates";
import { action, loader } from "#app/routes/email-test";
import { createUser, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/**
 * /email-test shows no other account's live link (issue #35 item 13): reset and
 * verification links of other accounts are masked, with « Renvoyer »; live links
 * only on a local demo site (demoSeedMode "local": the embedded database on an
 * http://localhost SITE_URL, the demo seed not turned off).
 */
describeEachDb("/email-test outbox", () => {
  const seedDemo = process.env.SEED_DEMO;
  const setSeedDemo = (value: string | undefined) => {
    if (value === undefined) delete process.env.SEED_DEMO;
    else process.env.SEED_DEMO = value;
    resetEnvCache();
  };
  afterAll(() => setSeedDemo(seedDemo));

  async function verificationMail(to: string, token: string) {
    const { SITE_URL, SITE_NAME } = getEnv();
    await sendMail({ to, subject: "Confirme ton adresse", kind: "verification", react: createElement(VerifyEmail, { siteName: SITE_NAME, siteUrl: SITE_URL, username: "x", url: `${SITE_URL}/api/auth/verify-email?token=${token}&callbackURL=/auth` }) });
  }
  const outboxOf = async (cookie: string) => (await callRoute(loader, req("/email-test", { cookie }))).data.outbox;

  it("masks other accounts' links outside a local demo site, keeps the admin's own, and « Renvoyer » sends a fresh link to the owner", async () => {
    setSeedDemo("false");
    const admin = await signedInUser({ role: "admin" });
    const member = await createUser({ verified: false });
    await verificationMail(member.email, "secret-of-the-member");
    await verificationMail(admin.email, "secret-of-the-admin");

    const outbox = await outboxOf(admin.cookie);
    const theirs = outbox.find((m) => m.to === member.email)!;
    expect(theirs).toMatchObject({ masked: true, resendable: true });
    expect(JSON.stringify(theirs)).not.toContain("secret-of-the-member");
    expect(theirs.links[0]).toContain("token=[masqué]");
    expect(JSON.stringify(outbox)).not.toContain("secret-of-the-member");
    const mine = outbox.find((m) => m.to === admin.email)!;
    expect(mine).toMatchObject({ masked: false });
    expect(mine.links[0]).toContain("token=secret-of-the-admin");

    const db = await getDb();
    const before = await db.$count(s.emailOutbox, and(eq(s.emailOutbox.to, member.email), eq(s.emailOutbox.kind, "verification")));
    const resent = await callRoute(action, req("/email-test", { cookie: admin.cookie, form: { intent: "resend", outboxId: theirs.id } }));
    expect(resent.status).toBe(200);
    expect(resent.data.toast?.title).toBe("E-mail renvoyé ✅");
    await expect.poll(() => db.$count(s.emailOutbox, and(eq(s.emailOutbox.to, member.email), eq(s.emailOutbox.kind, "verification"))), { timeout: 60_000 }).toBe(before + 1);
    // the fresh link is masked too
    expect((await outboxOf(admin.cookie)).filter((m) => m.to === member.email).every((m) => m.masked)).toBe(true);
    // an unknown or non-resendable e-mail: 404, a member: 403
    expect((await callRoute(action, req("/email-test", { cookie: admin.cookie, form: { intent: "resend", outboxId: "pas-un-id" } }))).status).toBe(404);
    const someone = await signedInUser();
    expect((await callRoute(action, req("/email-test", { cookie: someone.cookie, form: { intent: "resend", outboxId: theirs.id } }))).status).toBe(403);
  });

  it("masks another account's sign-in link, and « Renvoyer » sends the owner a fresh one (ADR 043)", async () => {
    setSeedDemo("false");
    const admin = await signedInUser({ role: "admin" });
    const member = await createUser();
    await requestSignInLink(member.email, "192.0.2.143");
    await settleBackgroundTasks();
    const theirs = (await outboxOf(admin.cookie)).find((m) => m.to === member.email && m.kind === "sign-in-link")!;
    expect(theirs).toMatchObject({ masked: true, resendable: true });
    expect(theirs.links[0]).toMatch(/\/auth\/sign-in-link\?token=\[masqué\]/);
    const db = await getDb();
    const resent = await callRoute(action, req("/email-test", { cookie: admin.cookie, form: { intent: "resend", outboxId: theirs.id } }));
    expect(resent.status).toBe(200);
    await settleBackgroundTasks();
    expect(await db.$count(s.emailOutbox, and(eq(s.emailOutbox.to, member.email), eq(s.emailOutbox.kind, "sign-in-link")))).toBe(2);
  });

  it("shows live links on a local demo site (embedded database, http://localhost, demo seed on)", async () => {
    setSeedDemo(undefined);
    const admin = await signedInUser({ role: "admin" });
    const member = await createUser({ verified: false });
    await verificationMail(member.email, "demo-secret");
    const theirs = (await outboxOf(admin.cookie)).find((m) => m.to === member.email)!;
    expect(theirs).toMatchObject({ masked: false, resendable: false });
    expect(theirs.links[0]).toContain("token=demo-secret");
  });
});
