import { desc, eq, like } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import type { Db } from "#app/lib/db.server";
import { action as authAction } from "#app/routes/auth";
import { action as profileAction } from "#app/routes/profile";
import { action as resetAction } from "#app/routes/auth.reset-password";
import { getAuth, getSessionUser } from "#app/lib/auth.server";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { cookieFor, createUser, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { answerOf, callRoute, formErrors } from "#tests/helpers/route";

const LOCKED = /^Trop de tentatives\. Réessaie dans (\d+) minutes?\.$/;
const WRONG = "pas-le-bon-mot-de-passe";

/** Count every password verification better-auth makes (sign-in, change, verify). */
async function countVerifications() {
  const ctx = await (await getAuth()).$context;
  return vi.spyOn(ctx.password, "verify");
}

afterEach(() => {
  vi.restoreAllMocks();
});

const login = (email: string, password: string, ip: string) =>
  callRoute(authAction, req("/auth", { form: { intent: "login", email, password } }), {}, { clientIp: ip });

/** The two password checks of /profile: change the password, delete the account. */
const PROFILE_CHECKS = [
  {
    intent: "password",
    send: (cookie: string, password: string, ip: string) =>
      callRoute(
        profileAction,
        req("/profile", { form: { intent: "password", currentPassword: password, password: "Nouveau mot 2025", confirm: "Nouveau mot 2025" }, cookie }),
        {},
        { clientIp: ip },
      ),
    message: (r: { data: unknown }) => formErrors(r)[""]?.[0],
    succeeded: (r: { location: string | null }) => r.location === "/profile",
  },
  {
    intent: "delete",
    send: (cookie: string, password: string, ip: string) =>
      callRoute(profileAction, req("/profile", { form: { intent: "delete", password }, cookie }), {}, { clientIp: ip }),
    message: (r: { data: unknown }) => formErrors(r).password?.[0],
    succeeded: (r: { location: string | null }) => r.location === "/",
  },
] as const;

/** What the auth and reset actions answer besides their form: a toast, the unverified address, a link sent. */
type AuthAnswer = { toast?: { title: string; description?: string }; unverified?: { email: string }; success?: boolean; sent?: boolean };

const lastMail = async (db: Db, to: string, kind: string) =>
  (await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to)).orderBy(desc(s.emailOutbox.createdAt))).filter(
    (m) => m.kind === kind,
  );

async function requestResetLink(db: Db, email: string) {
  const before = (await lastMail(db, email, "reset-password")).length;
  const sent = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "request", email } }), {}, { clientIp: `192.0.2.${before + 1}` });
  expect(answerOf<AuthAnswer>(sent).sent).toBe(true);
  await settleBackgroundTasks();
  const mails = await lastMail(db, email, "reset-password");
  expect(mails).toHaveLength(before + 1);
  return decodeURIComponent(mails[0].html.match(/reset-password\?token=([^"&]+)/)![1]);
}

const completeReset = (token: string, password: string) =>
  callRoute(resetAction, req("/auth/reset-password", { form: { intent: "reset", token, password, confirm: password } }));

describeEachDb("password checks", ({ database }) => {
  for (const check of PROFILE_CHECKS) {
    it(`/profile ${check.intent}: the current password is limited like sign-in (429, French message with the wait)`, async () => {
      const u = await signedInUser();
      for (let i = 0; i < 10; i++) {
        const wrong = await check.send(u.cookie, WRONG, `198.51.100.${i}`);
        expect(wrong.status).toBe(400);
      }
      const locked = await check.send(u.cookie, WRONG, "198.51.100.50");
      expect(locked.status).toBe(429);
      expect(check.message(locked)).toMatch(LOCKED);
      expect(Number(check.message(locked)?.match(LOCKED)?.[1])).toBe(15);
      // the right password is refused too while locked, and the counter is the sign-in one
      const right = await check.send(u.cookie, u.password, "198.51.100.51");
      expect(right.status).toBe(429);
      expect(check.succeeded(right)).toBe(false);
      expect((await login(u.email, u.password, "198.51.100.52")).status).toBe(429);
    });

    it(`/profile ${check.intent}: failed sign-ins count against it`, async () => {
      const u = await signedInUser();
      for (let i = 0; i < 10; i++) expect((await login(u.email, WRONG, `198.51.101.${i}`)).status).toBe(401);
      const locked = await check.send(u.cookie, u.password, "198.51.101.99");
      expect(locked.status).toBe(429);
      expect(check.message(locked)).toMatch(LOCKED);
    });
  }

  it.each([40, 80])("%i parallel wrong sign-ins on one account check at most 10 passwords", async (parallel) => {
    const u = await createUser();
    const verify = await countVerifications();
    const results = await Promise.all(Array.from({ length: parallel }, (_, i) => login(u.email, `${WRONG}-${i}`, `203.0.${parallel}.${i}`)));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    expect(verify.mock.calls.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 401)).toHaveLength(verify.mock.calls.length);
    const locked = results.filter((r) => r.status === 429);
    expect(locked.length).toBe(parallel - verify.mock.calls.length);
    expect(locked.every((r) => LOCKED.test(String(answerOf<AuthAnswer>(r).toast?.description)))).toBe(true);
  });

  it.each(PROFILE_CHECKS.map((c) => [c.intent, c] as const))("/profile %s: 40 parallel wrong passwords check at most 10", async (_intent, check) => {
    const u = await signedInUser();
    const verify = await countVerifications();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => check.send(u.cookie, `${WRONG}-${i}`, `203.0.113.${i}`)));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(30);
  });

  it("a success gives the attempt back: a member who mistypes then signs in is not locked out later", async () => {
    const u = await createUser();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 2; i++) expect((await login(u.email, WRONG, "198.51.102.1")).status).toBe(401);
      expect((await login(u.email, u.password, "198.51.102.1")).status).toBe(302);
    }
    // 8 failures so far: two more are allowed, then the lock
    expect((await login(u.email, WRONG, "198.51.102.1")).status).toBe(401);
    expect((await login(u.email, WRONG, "198.51.102.1")).status).toBe(401);
    expect((await login(u.email, WRONG, "198.51.102.1")).status).toBe(429);
  });

  it("one shared IP locks out only after several accounts' thresholds, never the others before", async () => {
    const ip = "198.51.103.7";
    const others = await createUser();
    const [a, b, c, d, e] = await Promise.all([createUser(), createUser(), createUser(), createUser(), createUser()]);
    for (const victim of [a, b, c, d]) {
      for (let i = 0; i < 10; i++) expect((await login(victim.email, WRONG, ip)).status).toBe(401);
      // that account is locked, from this IP and from any other
      expect((await login(victim.email, victim.password, ip)).status).toBe(429);
      // the other people behind the same IP still sign in
      expect((await login(others.email, others.password, ip)).status).toBe(302);
    }
    for (let i = 0; i < 10; i++) expect((await login(e.email, WRONG, ip)).status).toBe(401);
    // 50 failures from one IP: now the IP is locked too, with the wait
    const locked = await login(others.email, others.password, ip);
    expect(locked.status).toBe(429);
    expect(answerOf<AuthAnswer>(locked).toast?.description).toMatch(LOCKED);
    // but not the account from elsewhere
    expect((await login(others.email, others.password, "198.51.103.8")).status).toBe(302);
  });

  it("completing a reset kills every other outstanding reset link of the user", async () => {
    const db = database().db;
    const u = await createUser();
    const first = await requestResetLink(db, u.email);
    const second = await requestResetLink(db, u.email);
    expect(first).not.toBe(second);
    expect((await completeReset(second, "Nouveau mot 2025")).location).toBe("/auth?reset=true");
    const old = await completeReset(first, "Encore un autre 2025");
    expect(old.status).toBe(400);
    expect(await cookieFor(u.email, "Nouveau mot 2025")).toContain("crevarde.session_token");
    expect(await db.select().from(s.verification).where(like(s.verification.identifier, "reset-password:%")).then((rows) => rows.filter((r) => r.value === u.id))).toEqual([]);
  });

  it("changing the password on /profile kills every outstanding reset link", async () => {
    const db = database().db;
    const u = await signedInUser();
    const other = await createUser();
    const token = await requestResetLink(db, u.email);
    const untouched = await requestResetLink(db, other.email);
    const changed = await callRoute(
      profileAction,
      req("/profile", { form: { intent: "password", currentPassword: u.password, password: "Nouveau mot 2025", confirm: "Nouveau mot 2025" }, cookie: u.cookie }),
    );
    expect(changed.location).toBe("/profile");
    expect((await completeReset(token, "Pirate 2025 mot")).status).toBe(400);
    expect(await getSessionUser(req("/", { cookie: await cookieFor(u.email, "Nouveau mot 2025") }))).not.toBeNull();
    // another member's link still works
    expect((await completeReset(untouched, "Autre membre 2025")).location).toBe("/auth?reset=true");
  });

  it("a reset request answers before any per-account work, whether or not the address has an account", async () => {
    const db = database().db;
    const u = await createUser();
    const ctx = await (await getAuth()).$context;
    const lookups = vi.spyOn(ctx.internalAdapter, "findUserByEmail");
    const tokens = vi.spyOn(ctx.internalAdapter, "createVerificationValue");
    for (const [email, hasAccount] of [
      [u.email, true],
      [`inconnue-${u.id.slice(0, 6)}@example.fr`, false],
    ] as const) {
      lookups.mockClear();
      tokens.mockClear();
      const answer = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "request", email } }), {}, { clientIp: "192.0.2.200" });
      // the answer is the same and leaves before the account lookup, the token and the e-mail
      expect(answer).toMatchObject({ status: 200, data: { step: "request", sent: true } });
      expect(lookups).not.toHaveBeenCalled();
      expect(tokens).not.toHaveBeenCalled();
      await settleBackgroundTasks();
      // then both branches have looked the address up the same way
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(tokens).toHaveBeenCalledTimes(hasAccount ? 1 : 0);
      expect(await lastMail(db, email, "reset-password")).toHaveLength(hasAccount ? 1 : 0);
    }
  });
});
