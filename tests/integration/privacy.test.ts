import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { CLIENT_IP_HEADER, getAuth, resetAuth } from "#app/lib/auth.server";
import type { Db } from "#app/lib/db.server";
import { resetEnvCache } from "#app/lib/env.server";
import { resetMailer } from "#app/lib/mail.server";
import { hitRateLimit, LOGIN_FAILURES } from "#app/lib/rate-limit.server";
import { requestPasswordReset, type exportAccountData } from "#app/modules/accounts/accounts.server";
import { referralCodeFor } from "#app/modules/invites/invites.server";
import { confirmationToken, requestSubscription, subscribeMember, unsubscribeEmail } from "#app/modules/newsletter/newsletter.server";
import { RETENTION } from "#app/modules/privacy/retention";
import { purgeExpiredData, RETENTION_QUEUE, RETENTION_SCHEDULE } from "#app/modules/privacy/retention.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { JobWorker, latestSlot } from "#app/lib/jobs.server";
import { registerSchedules } from "#app/lib/worker-process.server";
import { saveCode, saveDeal } from "#app/modules/saved/saved.server";
import { CLICKS_PER_IP_PER_MINUTE } from "#app/modules/tracking/click-limits.server";
import { flushEvents, recordEvent, visitorHash } from "#app/modules/tracking/tracking.server";
import { action as profileAction } from "#app/routes/profile";
import { loader as exportLoader } from "#app/routes/profile.export";
import { action as newsletterAction } from "#app/routes/newsletter";
import { action as confirmAction } from "#app/routes/newsletter.confirm";
import { loader as kpiLoader } from "#app/routes/kpi";
import { cookieHeaderFrom, createUser, req, signedInUser, TEST_ORIGIN } from "#tests/helpers/auth";
import { refer } from "#tests/helpers/referrals";
import { describeEachDb } from "#tests/helpers/db";
import { drainJobs } from "#tests/helpers/jobs";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DAY = 24 * 60 * 60 * 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-privacy-"));
const uploads = path.join(dataDir, "uploads");

beforeAll(() => {
  // avatars land in DATA_DIR/uploads; a fixed secret so the auth instance survives the env reset
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET ??= "privacy-test-secret-".repeat(3);
  resetEnvCache();
  resetAuth();
});

/** Sign in through better-auth as a browser behind `ip` would; returns the Cookie header. */
async function signInFrom(email: string, password: string, ip: string, userAgent = BROWSER_UA) {
  const auth = await getAuth();
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    // the client IP as server/app.ts hands it to better-auth (clientIpOf's decision)
    headers: new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: ip, "user-agent": userAgent }),
    returnHeaders: true,
  });
  return cookieHeaderFrom(headers);
}

async function png(color: string) {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: color } }).png().toBuffer();
}

/** A multipart avatar upload as a browser sends it. */
const avatarRequest = (cookie: string, image: Buffer) => multipart("/profile", cookie, { avatar: new File([new Uint8Array(image)], "moi.png", { type: "image/png" }) });

async function avatarOf(db: Db, userId: string) {
  const [row] = await db.select({ url: s.profiles.avatarUrl }).from(s.profiles).where(eq(s.profiles.id, userId));
  return row.url;
}

/** Every table of the public schema whose rows mention one of `needles` (case-insensitive), with the count. */
async function tablesMentioning(db: Db, needles: string[]) {
  const { rows: tables } = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ name: string }> };
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    for (const needle of needles) {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(lower(t::text), ${needle.toLowerCase()}) > 0`,
      )) as unknown as { rows: Array<{ n: number }> };
      if (rows[0].n > 0) found[`${name}:${needle}`] = rows[0].n;
    }
  }
  return found;
}

async function newestConfirmationToken(db: Db, email: string) {
  const [mail] = await db
    .select({ text: s.emailOutbox.text })
    .from(s.emailOutbox)
    .where(sql`lower(${s.emailOutbox.to}) = lower(${email}) and ${s.emailOutbox.kind} = 'newsletter-confirm'`)
    .orderBy(desc(s.emailOutbox.createdAt))
    .limit(1);
  return mail ? decodeURIComponent(mail.text.match(/\/newsletter\/confirmation\?token=([\w.%-]+)/)![1]) : null;
}

describeEachDb("privacy (RGPD)", ({ database, kind }) => {
  beforeAll(async () => {
    await seed(database().db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-privacy-seed-")) });
  });

  it("item 12: the export holds the profile, newsletter, saved deals and codes, sessions, events, invitations and e-mails, and nothing of another member", async () => {
    const db = database().db;
    const deals = await db.select().from(s.crevardeDeals).limit(2);
    const codes = await db.select().from(s.promoCodes).limit(2);
    const inviter = await createUser({ username: "Marraine" });
    const member = await createUser({ username: "Exportee" });
    const other = await createUser({ username: "Voisine" });
    const cookie = await signInFrom(member.email, member.password, "198.51.100.23");
    await signInFrom(other.email, other.password, "192.0.2.99");
    await refer(member.id, await referralCodeFor(inviter.id));
    const filleule = await createUser({ username: "Filleule" });
    await refer(filleule.id, await referralCodeFor(member.id));
    for (const [u, i, name] of [[member, 0, "Exportee"], [other, 1, "Voisine"]] as const) {
      await subscribeMember(u.email); // also sends the welcome e-mail (outbox)
      await saveDeal(u.id, deals[i].id);
      await saveCode(u.id, codes[i].id);
      await recordEvent({ event: "click_out", action: "deal_click", label: `clic-${u.id}`, userId: u.id, dealId: deals[i].id });
      await recordEvent({ event: "page_view", path: `/vu-par-${name}`, userId: u.id });
    }

    const exported = await callRoute(exportLoader, req("/profile/export", { cookie }));
    expect(exported.status).toBe(200);
    const data = exported.data as NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
    expect(data.user).toMatchObject({ id: member.id, email: member.email });
    expect(data.profile).toMatchObject({ username: "Exportee", newsletterSubscribed: true });
    expect(data.newsletter).toEqual([expect.objectContaining({ email: member.email, status: "subscribed" })]);
    expect(data.savedDeals).toEqual([expect.objectContaining({ dealId: deals[0].id, title: deals[0].title })]);
    expect(data.savedPromoCodes).toEqual([expect.objectContaining({ promoCodeId: codes[0].id, code: codes[0].code })]);
    expect(data.sessions).toEqual([expect.objectContaining({ ipAddress: "198.51.100.0", userAgent: BROWSER_UA })]);
    expect(data.events.map((e) => e.label ?? e.path).sort()).toEqual([`/vu-par-Exportee`, `clic-${member.id}`].sort());
    expect(data.invitations).toMatchObject({ invitedBy: { username: "Marraine" }, sent: [expect.objectContaining({ username: "Filleule" })] });
    expect(data.invitations.referralCode).toMatch(/^[\w-]{6,32}$/);
    expect(data.emails).toEqual([expect.objectContaining({ kind: "newsletter-welcome", subject: expect.stringContaining("Bienvenue") })]);
    // nothing of the other member, and no live secret in the file
    const text = JSON.stringify(data);
    for (const foreign of [other.id, other.email, deals[1].id, codes[1].id, "192.0.2", "Voisine", inviter.id]) expect(text, foreign).not.toContain(foreign);
    expect(text).not.toMatch(/token=(?!\[masqué\])/);
  });

  it("item 13: deleting the account leaves nothing personal in any table, nor in the uploads", async () => {
    const db = database().db;
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    resetEnvCache();
    resetMailer();
    try {
      const [deal] = await db.select().from(s.crevardeDeals).limit(1);
      const [code] = await db.select().from(s.promoCodes).limit(1);
      const member = await signedInUser({ email: `efface.moi-${kind}@example.fr`, username: `Effacee-${kind}` });
      const cookie = await signInFrom(member.email, member.password, "203.0.113.45");
      // everything a member leaves behind
      await subscribeMember(member.email);
      await requestSubscription({ email: member.email, source: "home" });
      expect((await callRoute(profileAction, await avatarRequest(cookie, await png("#e11d48")))).location).toBe("/profile");
      const avatar = (await avatarOf(db, member.id))!;
      expect(fs.existsSync(path.join(uploads, path.basename(avatar)))).toBe(true);
      await saveDeal(member.id, deal.id);
      await saveCode(member.id, code.id);
      await recordEvent({ event: "click_out", label: "avant suppression", userId: member.id });
      await hitRateLimit(LOGIN_FAILURES, `email:${member.email.toLowerCase()}`);
      await requestPasswordReset(member.email, "203.0.113.45");
      const filleule = await createUser({ username: "Invitee" });
      await refer(filleule.id, await referralCodeFor(member.id));
      await db.insert(s.auditLog).values({ actorId: "admin-x", actorEmail: "admin@example.fr", action: "update", entity: "profile", entityId: member.id, before: { email: member.email }, after: { email: member.email, banned: true } });
      expect(Object.keys(await tablesMentioning(db, [member.email, member.id])).length).toBeGreaterThan(8);

      const done = await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: member.password }, cookie }));
      expect(done.location).toBe("/");
      await flushEvents();
      await drainJobs(); // the deletion notice goes out through its mail.send job
      expect(await tablesMentioning(db, [member.email, member.id])).toEqual({});
      expect(fs.existsSync(path.join(uploads, path.basename(avatar)))).toBe(false);
      expect(fs.readdirSync(uploads).filter((f) => f.includes(member.id))).toEqual([]);
      // the deletion notice was delivered, then left no trace
      expect(received).toContain(member.email);
      // what the law lets us keep stays, without the person: the audit entry, the anonymous click
      expect((await db.select().from(s.auditLog).where(eq(s.auditLog.actorId, "admin-x"))).length).toBeGreaterThan(0);
      expect((await db.select().from(s.analyticsEvents).where(eq(s.analyticsEvents.label, "avant suppression")))[0].userId).toBeNull();
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
      resetMailer();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it("item 14: sessions keep only the network part of the address (IPv4 /24, IPv6 /48)", async () => {
    const db = database().db;
    const member = await createUser();
    const variants: Array<[string, string]> = [
      ["203.0.113.77", "203.0.113.0"],
      ["10.1.2.255", "10.1.2.0"],
      ["2001:db8:abcd:12:34:56:78:9", "2001:db8:abcd::"],
      ["2001:db8::1", "2001:db8:0::"],
      ["::ffff:198.51.100.9", "198.51.100.0"],
    ];
    for (const [raw] of variants) await signInFrom(member.email, member.password, raw);
    const sessions = await db.select({ ip: s.session.ipAddress }).from(s.session).where(eq(s.session.userId, member.id));
    expect(sessions.map((r) => r.ip).sort()).toEqual(variants.map(([, v]) => v).sort());
  });

  it("item 14: the purge erases expired counters and sessions, old events, mails and opt-outs, and keeps the rest", async () => {
    const db = database().db;
    const now = new Date();
    const member = await createUser();
    const tag = `purge-${kind}`;
    await db.insert(s.rateLimits).values([
      { key: `${tag}:old`, count: 3, resetAt: new Date(now.getTime() - 60_000) },
      { key: `${tag}:live`, count: 3, resetAt: new Date(now.getTime() + 60_000) },
    ]);
    await db.insert(s.session).values([
      { id: `${tag}-s1`, token: `${tag}-t1`, userId: member.id, expiresAt: new Date(now.getTime() - 1000) },
      { id: `${tag}-s2`, token: `${tag}-t2`, userId: member.id, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    const monthsAgo = (m: number) => new Date(new Date(now).setMonth(now.getMonth() - m));
    await db.insert(s.analyticsEvents).values([
      { event: "page_view", label: `${tag}-old`, occurredAt: monthsAgo(RETENTION.analyticsMonths + 1) },
      { event: "click_out", label: `${tag}-recent`, occurredAt: monthsAgo(RETENTION.analyticsMonths - 1) },
    ]);
    await db.insert(s.emailOutbox).values([
      { to: `${tag}-old@example.fr`, subject: "x", html: "x", text: "x", kind: "test", createdAt: new Date(now.getTime() - (RETENTION.outboxDays + 1) * DAY) },
      { to: `${tag}-new@example.fr`, subject: "x", html: "x", text: "x", kind: "test" },
    ]);
    await db.insert(s.newsletterSubscribers).values([
      { email: `${tag}-gone@example.fr`, status: "unsubscribed", unsubscribedAt: monthsAgo(RETENTION.newsletterUnsubscribedMonths + 1), unsubscribeToken: `${tag}-u1` },
      { email: `${tag}-recent@example.fr`, status: "unsubscribed", unsubscribedAt: monthsAgo(1), unsubscribeToken: `${tag}-u2` },
      { email: `${tag}-in@example.fr`, status: "subscribed", consentAt: monthsAgo(60), unsubscribeToken: `${tag}-u3` },
    ]);
    const report = await purgeExpiredData({ now, uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-purge-")) });
    expect(report.analyticsEvents).toBeGreaterThanOrEqual(1);
    const keys = (await db.select().from(s.rateLimits).where(sql`${s.rateLimits.key} like ${`${tag}:%`}`)).map((r) => r.key);
    expect(keys).toEqual([`${tag}:live`]);
    expect((await db.select().from(s.session).where(eq(s.session.userId, member.id))).map((r) => r.id)).toEqual([`${tag}-s2`]);
    expect((await db.select().from(s.analyticsEvents).where(sql`${s.analyticsEvents.label} like ${`${tag}-%`}`)).map((r) => r.label)).toEqual([`${tag}-recent`]);
    expect((await db.select().from(s.emailOutbox).where(sql`${s.emailOutbox.to} like ${`${tag}-%`}`)).map((r) => r.to)).toEqual([`${tag}-new@example.fr`]);
    expect((await db.select().from(s.newsletterSubscribers).where(sql`${s.newsletterSubscribers.email} like ${`${tag}-%`}`)).map((r) => r.email).sort()).toEqual(
      [`${tag}-in@example.fr`, `${tag}-recent@example.fr`].sort(),
    );
  });

  it("item 14: the server's scheduled job runs the purge by itself (once per hour slot)", async () => {
    const db = database().db;
    const key = `schedule-${kind}:old`;
    await db.insert(s.rateLimits).values({ key, count: 1, resetAt: new Date(Date.now() - 60_000) });
    // what the server does at boot with JOBS_IN_PROCESS (the default)
    await registerSchedules(database(), jobHandlers, jobSchedules);
    const worker = new JobWorker({ db, handlers: jobHandlers, pollMs: 100 }).start();
    try {
      await expect
        .poll(async () => (await db.select().from(s.rateLimits).where(eq(s.rateLimits.key, key))).length, { timeout: 60_000, interval: 100 })
        .toBe(0);
      const slot = latestSlot(RETENTION_SCHEDULE.cron, new Date()).toISOString();
      const { rows } = (await db.execute(sql`select key from jobs where queue = ${RETENTION_QUEUE}`)) as unknown as { rows: Array<{ key: string }> };
      expect(rows).toEqual([{ key: `${RETENTION_QUEUE}:${slot}` }]);
    } finally {
      await worker.stop();
    }
  });

  it("item 15: nothing is subscribed before the owner confirms; an opted-out address stays out; old links die with the opt-out", async () => {
    const db = database().db;
    const email = `optout-${kind}@example.fr`;
    const row = async () => (await db.select().from(s.newsletterSubscribers).where(sql`lower(${s.newsletterSubscribers.email}) = ${email}`))[0];
    const ask = (ip: string) => callRoute(newsletterAction, req("/newsletter", { form: { email, source: "home", _js: "1" } }), {}, { clientIp: ip });
    expect((await ask("192.0.2.10")).data.message).toContain("Vérifie ta boîte mail");
    expect(await row()).toBeUndefined();
    const firstLink = (await newestConfirmationToken(db, email))!;
    expect((await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token: firstLink } }))).data.done).toBe(true);
    expect((await row()).status).toBe("subscribed");
    await unsubscribeEmail(email);
    // someone else submits the address again: it stays unsubscribed, and the old link no longer works
    expect((await ask("192.0.2.11")).data.ok).toBe(true);
    expect((await row()).status).toBe("unsubscribed");
    const replay = await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token: firstLink } }));
    expect(replay.status).toBe(400);
    expect((await row()).status).toBe("unsubscribed");
    // the owner clicks the new link: subscribed again
    const secondLink = (await newestConfirmationToken(db, email))!;
    expect(secondLink).not.toBe(firstLink);
    expect((await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token: secondLink } }))).data.done).toBe(true);
    expect((await row()).status).toBe("subscribed");
  });

  it("item 15: a member cannot attach someone else's address to their account nor read it in their export", async () => {
    const db = database().db;
    const member = await signedInUser();
    const victim = await createUser({ email: `victime-${kind}@example.fr` });
    const outsider = `externe-${kind}@example.fr`;
    for (const email of [victim.email, outsider]) {
      const r = await callRoute(newsletterAction, req("/newsletter", { form: { email, source: "temu", _js: "1" }, cookie: member.cookie }), {}, { clientIp: "192.0.2.12" });
      expect(r.data.ok).toBe(true);
      expect(await db.select().from(s.newsletterSubscribers).where(sql`lower(${s.newsletterSubscribers.email}) = ${email}`)).toEqual([]);
      // the owner confirms: the subscription belongs to the address's own account (or none), never to the member who asked
      const token = (await newestConfirmationToken(db, email))!;
      await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token } }));
      const [sub] = await db.select().from(s.newsletterSubscribers).where(sql`lower(${s.newsletterSubscribers.email}) = ${email}`);
      expect(sub.userId).toBe(email === victim.email ? victim.id : null);
    }
    const exported = JSON.stringify((await callRoute(exportLoader, req("/profile/export", { cookie: member.cookie }))).data);
    expect(exported).not.toContain(victim.email);
    expect(exported).not.toContain(outsider);
  });

  it("item 15: forged, altered, expired and foreign tokens are refused without a 500", async () => {
    const email = `jamais-${kind}@example.fr`;
    const valid = confirmationToken(email, "home");
    const [payload, signature] = valid.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ e: "autre@example.fr", s: "home", t: Date.now() })).toString("base64url");
    for (const token of [
      "",
      "nope",
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      `${payload}.`,
      `${payload}.${signature}.x`,
      confirmationToken(email, "home", Date.now() - (RETENTION.newsletterConfirmDays + 1) * DAY),
      "x".repeat(2000),
    ]) {
      const r = await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token } }));
      expect(r.status, token.slice(0, 40)).toBe(400);
    }
    expect(await database().db.select().from(s.newsletterSubscribers).where(sql`lower(${s.newsletterSubscribers.email}) = ${email}`)).toEqual([]);
  });

  it("item 16: a replaced avatar's file is deleted, uploads are limited per member, unreferenced files are purged", async () => {
    const db = database().db;
    const member = await signedInUser();
    const upload = () => png(`#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0")}`).then(async (img) => callRoute(profileAction, await avatarRequest(member.cookie, img)));
    expect((await upload()).location).toBe("/profile");
    const first = (await avatarOf(db, member.id))!;
    expect((await upload()).location).toBe("/profile");
    const second = (await avatarOf(db, member.id))!;
    expect(second).not.toBe(first);
    expect(fs.existsSync(path.join(uploads, path.basename(first)))).toBe(false);
    expect(fs.existsSync(path.join(uploads, path.basename(second)))).toBe(true);
    // 10 uploads an hour per member: the 11th is refused with the French message
    for (let i = 2; i < 10; i++) expect((await upload()).location).toBe("/profile");
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.data.error).toMatch(/Trop de tentatives/);
    const current = (await avatarOf(db, member.id))!;

    // the purge removes old files nothing references, and keeps referenced or fresh ones
    const old = new Date(Date.now() - (RETENTION.orphanUploadHours + 1) * 60 * 60 * 1000);
    const orphan = path.join(uploads, `orphan-${kind}.webp`);
    const fresh = path.join(uploads, `fresh-${kind}.webp`);
    fs.writeFileSync(orphan, "x");
    fs.writeFileSync(fresh, "x");
    fs.utimesSync(orphan, old, old);
    fs.utimesSync(path.join(uploads, path.basename(current)), old, old);
    await purgeExpiredData({ uploadsDir: uploads });
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(path.join(uploads, path.basename(current)))).toBe(true);
  });

  it("item 17: /kpi records no bots, counts a repeated click once a minute, limits one IP; every request still redirects", async () => {
    const db = database().db;
    const [deal] = await db.select().from(s.crevardeDeals).limit(1);
    const ip = kind === "pglite" ? "198.51.100.201" : "198.51.100.202";
    const kpi = (destination: string, userAgent: string, clientIp = ip) =>
      callRoute(kpiLoader, req(`/kpi?destination=${encodeURIComponent(destination)}&action=deal_click&deal=${deal.id}`, { headers: { "user-agent": userAgent } }), {}, { clientIp });
    const rowsFor = async (clientIp: string, userAgent: string) => {
      await flushEvents();
      return (await db.select().from(s.analyticsEvents).where(eq(s.analyticsEvents.visitorHash, visitorHash(clientIp, userAgent)))).length;
    };

    for (let i = 0; i < 300; i++) {
      const r = await kpi(deal.url, BROWSER_UA);
      expect(r.status).toBe(302);
      expect(r.location).toBe(deal.url);
    }
    expect(await rowsFor(ip, BROWSER_UA)).toBe(1);

    const bots = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36",
      "curl/8.5.0",
      "python-requests/2.31.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "facebookexternalhit/1.1",
      "",
    ];
    for (const [i, ua] of bots.entries()) {
      const botIp = `198.51.${kind === "pglite" ? 110 : 111}.${i}`;
      expect((await kpi(deal.url, ua, botIp)).status).toBe(302);
      expect(await rowsFor(botIp, ua), ua).toBe(0);
    }

    // one IP clicking many destinations: at most the per-IP budget is recorded
    const floodIp = kind === "pglite" ? "198.51.100.211" : "198.51.100.212";
    for (let i = 0; i < CLICKS_PER_IP_PER_MINUTE * 3; i++) {
      const destination = `${deal.url}${deal.url.includes("?") ? "&" : "?"}n=${i}`;
      expect((await kpi(destination, BROWSER_UA, floodIp)).status).toBe(302);
    }
    expect(await rowsFor(floodIp, BROWSER_UA)).toBe(CLICKS_PER_IP_PER_MINUTE);
    // another visitor is still counted
    const otherIp = kind === "pglite" ? "198.51.100.221" : "198.51.100.222";
    await kpi(deal.url, BROWSER_UA, otherIp);
    expect(await rowsFor(otherIp, BROWSER_UA)).toBe(1);
  });
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
