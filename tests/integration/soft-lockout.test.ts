import { and, desc, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import type { Db } from "#app/lib/db.server";
import { action as authAction } from "#app/routes/auth";
import { action as linkAction, loader as linkLoader } from "#app/routes/auth.sign-in-link";
import { getSessionUser } from "#app/lib/auth.server";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { DEVICE_COOKIE } from "#app/lib/device-cookie.server";
import { AUTH_MESSAGES } from "#app/modules/accounts/messages";
import { cookieHeaderFrom, createUser, req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { answerOf, callRoute, formErrors } from "#tests/helpers/route";

/**
 * Soft lockout (issue #35 item 12, ADR 043): ten failures lock an account's counter for the
 * attacker's side, while a browser that signed in to it before, and an e-mailed one-time
 * sign-in link, still let its owner in.
 */

type LoginAnswer = { locked?: { email: string } };

let ipSeq = 0;
/** A fresh client IP for each request, so that only the per-account counter is at play. */
const nextIp = () => `198.51.${100 + Math.floor(ipSeq / 250)}.${1 + (ipSeq++ % 250)}`;

const login = (email: string, password: string, cookie?: string, ip = nextIp()) =>
  callRoute(authAction, req("/auth", { form: { intent: "login", email, password }, cookie }), {}, { clientIp: ip });

const askLink = (email: string, ip = nextIp(), redirectTo?: string) =>
  callRoute(authAction, req("/auth", { form: { intent: "sign-in-link", email, ...(redirectTo ? { redirectTo } : {}) } }), {}, { clientIp: ip });

const useLink = (form: Record<string, string>, cookie?: string) => callRoute(linkAction, req("/auth/sign-in-link", { form, cookie }), {}, { clientIp: nextIp() });

const deviceCookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(";")[0];

const signInLinkMails = async (db: Db, to: string) =>
  db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.to, to), eq(s.emailOutbox.kind, "sign-in-link"))).orderBy(desc(s.emailOutbox.createdAt));

/** The sign-in link of the newest e-mail to `to`, as path + query. */
async function linkFromMail(db: Db, to: string): Promise<URL> {
  const [mail] = await signInLinkMails(db, to);
  const href = mail.html.match(/href="([^"]*\/auth\/sign-in-link\?[^"]*)"/)![1].replaceAll("&amp;", "&");
  return new URL(href);
}

/** Ten failures from ten networks: the account's counter is locked. */
async function lockAccount(email: string) {
  for (let i = 0; i < 10; i++) expect((await login(email, "mauvais-mot-de-passe")).status).toBe(401);
}

describeEachDb("soft lockout", ({ database }) => {
  it("a locked account refuses a browser without a device cookie, with the lockout message and the offer of a link", async () => {
    const u = await createUser();
    await lockAccount(u.email);
    const refused = await login(u.email, u.password);
    expect(refused.status).toBe(429);
    expect(formErrors(refused)[""]?.[0]).toMatch(/^Trop de tentatives\. Réessaie dans \d+ minutes?\.$/);
    expect(answerOf<LoginAnswer>(refused).locked).toEqual({ email: u.email });
    expect(refused.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
  });

  it("a valid device cookie of this account gets past the lock; its failures still count on the account's counter", async () => {
    const db = database().db;
    const u = await createUser();
    const first = await login(u.email, u.password);
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first.headers);
    await lockAccount(u.email);
    const accountKey = `login-fail:email:${u.email.toLowerCase()}`;
    const countOf = async () => (await db.select().from(s.rateLimits).where(eq(s.rateLimits.key, accountKey)))[0]?.count;
    const before = await countOf();
    // a failure from the owner's browser is counted (and refused as a wrong password, not as a lock)
    expect((await login(u.email, "encore-faux", device)).status).toBe(401);
    expect(await countOf()).toBe(before! + 1);
    const owner = await login(u.email, u.password, device);
    expect(owner.status).toBe(302);
    expect((await getSessionUser(req("/", { cookie: cookieHeaderFrom(owner.headers) })))?.id).toBe(u.id);
  });

  it("a device cookie of another account, or an id the site never gave, does not get past the lock", async () => {
    const victim = await createUser();
    const other = await createUser();
    const otherDevice = deviceCookieOf((await login(other.email, other.password)).headers);
    await lockAccount(victim.email);
    // another account's known browser
    expect((await login(victim.email, victim.password, otherDevice)).status).toBe(429);
    // a well-formed id the site never saw with this account, a tampered one, a malformed one
    const forged = `${DEVICE_COOKIE}=${"A".repeat(32)}`;
    const tampered = otherDevice.slice(0, -1) + (otherDevice.endsWith("A") ? "B" : "A");
    for (const cookie of [forged, tampered, `${DEVICE_COOKIE}=${victim.id}`, `${DEVICE_COOKIE}=../../etc`]) {
      expect((await login(victim.email, victim.password, cookie)).status).toBe(429);
    }
  });

  it("a locked member asks for a link, which signs in once, leaves the attacker locked and keeps a safe redirect", async () => {
    const db = database().db;
    const u = await createUser();
    await lockAccount(u.email);
    const asked = await askLink(u.email.toUpperCase(), nextIp(), "/mon-cashback");
    expect(asked.status).toBe(200);
    expect(answerOf<{ sent: boolean }>(asked).sent).toBe(true);
    await settleBackgroundTasks(); // the lookup and the e-mail run after the answer
    const mails = await signInLinkMails(db, u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Ton lien de connexion à /);
    const link = await linkFromMail(db, u.email);
    expect(link.pathname).toBe("/auth/sign-in-link");
    expect(link.searchParams.get("redirect")).toBe("/mon-cashback");
    // the token is kept hashed: the one in the e-mail is nowhere in the database
    const token = link.searchParams.get("token")!;
    const stored = await db.select().from(s.verification).where(like(s.verification.identifier, "magic-link:%"));
    expect(stored.some((v) => v.identifier.includes(token))).toBe(false);

    // opening the page signs nobody in (a mail scanner would spend the link)
    const page = await callRoute(linkLoader, req(link.pathname + link.search));
    expect(page.data).toMatchObject({ token, redirectTo: "/mon-cashback" });
    expect(page.headers.getSetCookie()).toEqual([]);

    const used = await callRoute(linkAction, req("/auth/sign-in-link", { form: { token, redirectTo: "/mon-cashback" } }), {}, { clientIp: "203.0.113.77" });
    expect(used.status).toBe(302);
    expect(used.location).toBe("/mon-cashback");
    expect((await getSessionUser(req("/", { cookie: cookieHeaderFrom(used.headers) })))?.id).toBe(u.id);
    // the session's IP is the one clientIpOf decided, kept as its network (issue #35 item 11)
    expect((await db.select({ ip: s.session.ipAddress }).from(s.session).where(eq(s.session.userId, u.id))).map((x) => x.ip)).toEqual(["203.0.113.0"]);
    // the browser becomes a known device of the account
    const device = deviceCookieOf(used.headers);

    // single use
    const again = await useLink({ token });
    expect(again.status).toBe(400);
    expect(formErrors(again)[""]).toEqual([AUTH_MESSAGES.signInLinkInvalid]);
    // the attacker's side is still locked; the browser the link signed in is not
    expect((await login(u.email, u.password)).status).toBe(429);
    expect((await login(u.email, u.password, device)).status).toBe(302);
  });

  it("signs in once when the same link is used several times at once", async () => {
    const db = database().db;
    const u = await createUser();
    await askLink(u.email);
    await settleBackgroundTasks();
    const token = (await linkFromMail(db, u.email)).searchParams.get("token")!;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => useLink({ token })));
    expect(outcomes.map((o) => o.status).sort()).toEqual([302, 400, 400, 400, 400]);
  });

  it("refuses an expired link, and sends a link's holder only to a path of this site", async () => {
    const db = database().db;
    const u = await createUser();
    await askLink(u.email, nextIp(), "https://evil.example/piege");
    await settleBackgroundTasks();
    const link = await linkFromMail(db, u.email);
    expect(link.searchParams.get("redirect")).toBe("/codes-promo");
    const token = link.searchParams.get("token")!;
    // a redirect written into the link afterwards is checked again
    const page = await callRoute(linkLoader, req(`/auth/sign-in-link?token=${token}&redirect=${encodeURIComponent("//evil.example")}`));
    expect(page.data).toMatchObject({ redirectTo: "/codes-promo" });
    const forged = await useLink({ token, redirectTo: "//evil.example" });
    expect(forged.status).toBe(302);
    expect(forged.location).toBe("/codes-promo");

    // fifteen minutes later, a new link no longer works
    await askLink(u.email);
    await settleBackgroundTasks();
    const late = (await linkFromMail(db, u.email)).searchParams.get("token")!;
    expect(late).not.toBe(token);
    await db.update(s.verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(s.verification.identifier, "magic-link:%"));
    const expired = await useLink({ token: late });
    expect(expired.status).toBe(400);
    expect(formErrors(expired)[""]).toEqual([AUTH_MESSAGES.signInLinkInvalid]);
    expect(expired.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
    // an unknown token, and none
    expect((await useLink({ token: "inconnu" })).status).toBe(400);
    expect((await useLink({})).status).toBe(400);
  });

  it("answers a request the same whatever the address, and mails only a verified account", async () => {
    const db = database().db;
    const known = await createUser();
    const unverified = await createUser({ verified: false });
    const unknown = `personne-${Date.now()}@example.fr`;
    const answers = await Promise.all([known.email, unverified.email, unknown].map((email) => askLink(email)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.data).toEqual(answers[0].data);
      expect([...a.headers]).toEqual([...answers[0].headers]);
    }
    await settleBackgroundTasks();
    expect(await signInLinkMails(db, known.email)).toHaveLength(1);
    expect(await signInLinkMails(db, unverified.email)).toHaveLength(0);
    expect(await signInLinkMails(db, unknown)).toHaveLength(0);
    // a malformed address: a 400, never a 500
    expect((await askLink("pas-une-adresse")).status).toBe(400);
  });

  it("limits link requests per IP and per address", async () => {
    const u = await createUser();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await askLink(`ip-${i}-${u.email}`, ip)).status).toBe(200);
    const perIp = await askLink(u.email, ip);
    expect(perIp.status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await askLink(u.email)).status).toBe(200);
    expect((await askLink(u.email)).status).toBe(429);
  });
});
