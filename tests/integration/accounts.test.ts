import { desc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import type { Db } from "#app/lib/db.server";
import { action as authAction, loader as authLoader } from "#app/routes/auth";
import { action as logoutAction } from "#app/routes/auth.logout";
import { action as resetAction } from "#app/routes/auth.reset-password";
import { loader as verifyLoader } from "#app/routes/api.auth";
import { loader as inscriptionLoader } from "#app/routes/inscription";
import { getSessionUser, requireAdmin, requireUser } from "#app/lib/auth.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { cookieFor, cookieHeaderFrom, createUser, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { DEVICE_COOKIE } from "#app/lib/device-cookie.server";
import { answerOf, callRoute } from "#tests/helpers/route";

/** What the auth and reset actions answer besides their form: a toast, the unverified address, a link sent. */
type AuthAnswer = { toast?: { title: string; description?: string }; unverified?: { email: string }; success?: boolean; sent?: boolean };

const lastMail = async (db: Db, to: string, kind: string) =>
  (await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to)).orderBy(desc(s.emailOutbox.createdAt)))
    .filter((m) => m.kind === kind)[0];

describeEachDb("accounts", ({ database }) => {
  it("signs up, mails a verification link, verifies, then signs in", async () => {
    const db = database().db;
    const email = `lea-${Date.now()}@example.fr`;
    const signup = await callRoute(authAction, req("/auth", { form: { intent: "signup", username: "Léa", email, password: "Rouge-gorge 2025" } }));
    expect(signup.status).toBe(200);
    expect(answerOf<AuthAnswer>(signup).toast).toEqual({ title: "Inscription réussie !", description: "Vérifie ton email pour confirmer ton compte." });
    const [profile] = await db.select().from(s.profiles).where(eq(s.profiles.email, email));
    expect(profile.username).toBe("Léa");

    // unverified: refused, with the way to get a new link
    const early = await callRoute(authAction, req("/auth", { form: { intent: "login", email, password: "Rouge-gorge 2025" } }));
    expect(early.status).toBe(403);
    expect(answerOf<AuthAnswer>(early).unverified).toEqual({ email });

    await settleBackgroundTasks(); // the e-mail is sent after the answer
    const mail = await lastMail(db, email, "verification");
    const link = mail.html.match(/href="([^"]*verify-email[^"]*)"/)![1].replaceAll("&amp;", "&");
    const verified = await callRoute(verifyLoader, req(new URL(link).pathname + new URL(link).search));
    expect(verified.status).toBe(302);
    expect(verified.location).toContain("/auth?verified=true");

    const login = await callRoute(authAction, req("/auth", { form: { intent: "login", email: `  ${email.toUpperCase()} `, password: "Rouge-gorge 2025" } }));
    expect(login.status).toBe(302);
    expect(login.location).toBe("/codes-promo");
    const setCookies = login.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/crevarde\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookies).toMatch(/SameSite=Lax/i);
    const user = await getSessionUser(req("/", { cookie: cookieHeaderFrom(login.headers) }));
    expect(user?.email).toBe(email);
  });

  it("answers a sign-up with an existing address exactly like a new one, and mails the owner \"Tu as déjà un compte\"", async () => {
    const db = database().db;
    const existing = await createUser({ email: `deja-${Date.now()}@example.fr` });
    const fresh = `nouvelle-${Date.now()}@example.fr`;
    // pseudos are unique: each sign-up picks a free one (a taken pseudo is refused whatever the address)
    const signup = (email: string, ip: string, username: string) =>
      callRoute(authAction, req("/auth", { form: { intent: "signup", username, email, password: "Autre mot 2025" } }), {}, { clientIp: ip });
    const forNew = await signup(fresh, "198.51.100.201", "Léa Nouvelle");
    const forExisting = await signup(existing.email.toUpperCase(), "198.51.100.202", "Léa Existante");
    // same status, same body, same headers: the answer says nothing about the address
    expect(forExisting.status).toBe(200);
    expect(forExisting.status).toBe(forNew.status);
    expect(forExisting.data).toEqual(forNew.data);
    expect(answerOf<AuthAnswer>(forExisting).success).toBe(true);
    // each browser gets its own random device cookie (ADR 040): the same header, another value
    const shape = (headers: Headers) => [...headers].map(([k, v]) => [k, v.replace(/crevarde\.device=[^;]+/, "crevarde.device=…")]);
    expect(shape(forExisting.headers)).toEqual(shape(forNew.headers));
    expect(forExisting.headers.get("set-cookie")).toMatch(/^crevarde\.device=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    await settleBackgroundTasks(); // both e-mails are sent after the answer
    const notice = await lastMail(db, existing.email, "existing-account");
    expect(notice.subject).toBe("Tu as déjà un compte");
    expect(notice.html).toContain('href="http://localhost:3000/auth"');
    expect(notice.html).toContain('href="http://localhost:3000/auth/reset-password"');
    expect(await lastMail(db, existing.email, "verification")).toBeUndefined();
    // the new address: unchanged, a verification link and no notice
    expect(await lastMail(db, fresh, "verification")).toBeDefined();
    expect(await lastMail(db, fresh, "existing-account")).toBeUndefined();
    // the account itself is untouched: the old password still works
    expect(await cookieFor(existing.email, existing.password)).toContain("crevarde.session_token");
  });

  it("shares the per-address budget of the reset e-mails, so repeated sign-ups are no mail bomb", async () => {
    const db = database().db;
    const existing = await createUser({ email: `bombe-${Date.now()}@example.fr` });
    // three reset requests use three of the address's five e-mails for the window
    for (let i = 0; i < 3; i++) {
      await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "request", email: existing.email } }), {}, { clientIp: `198.51.100.${220 + i}` });
    }
    for (let i = 0; i < 5; i++) {
      // a new IP each time: only the per-address limits stop it; the answer stays the neutral one
      const r = await callRoute(
        authAction,
        req("/auth", { form: { intent: "signup", username: `Léa ${i}`, email: existing.email, password: "Autre mot 2025" } }),
        {},
        { clientIp: `198.51.100.${210 + i}` },
      );
      expect(answerOf<AuthAnswer>(r).success).toBe(true);
    }
    await settleBackgroundTasks();
    const kinds = (await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, existing.email))).map((m) => m.kind);
    expect(kinds.filter((k: string) => k === "reset-password")).toHaveLength(3);
    expect(kinds.filter((k: string) => k === "existing-account")).toHaveLength(2);
  });

  it("answers bad input with French messages and 4xx", async () => {
    const bad = await callRoute(authAction, req("/auth", { form: { intent: "signup", username: "", email: "pas-un-email", password: "court" } }));
    expect(bad.status).toBe(400);
    const errors = JSON.stringify(bad.data.result?.error);
    expect(errors).toContain("Le pseudo est obligatoire.");
    expect(errors).toContain("L'adresse email n'est pas valide.");
    expect(errors).toContain("Le mot de passe doit contenir au moins 8 caractères.");
    const wrong = await callRoute(authAction, req("/auth", { form: { intent: "login", email: "nobody@example.fr", password: "whatever-123" } }));
    expect(wrong.status).toBe(401);
    expect(answerOf<AuthAnswer>(wrong).toast).toEqual({ title: "Erreur de connexion", description: "Email ou mot de passe incorrect." });
  });

  it("rate-limits failed sign-ins per account with a 429", async () => {
    const u = await createUser();
    let last;
    for (let i = 0; i < 11; i++) {
      last = await callRoute(
        authAction,
        req("/auth", { form: { intent: "login", email: u.email, password: "mauvais-mot-de-passe" } }),
        {},
        { clientIp: `198.51.100.${i}` },
      );
    }
    expect(last!.status).toBe(429);
    expect(answerOf<AuthAnswer>(last!).toast?.description).toBe("Trop de tentatives. Réessaie dans 15 minutes.");
    // even the right password is refused while limited
    const right = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password } }), {}, { clientIp: "198.51.100.99" });
    expect(right.status).toBe(429);
  });

  it("a browser that signed in before still signs in while an attacker has locked the account (issue #35 item 12)", async () => {
    const u = await createUser();
    const first = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password } }), {}, { clientIp: "203.0.113.50" });
    expect(first.status).toBe(302);
    const device = first.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(";")[0];
    for (let i = 0; i < 11; i++) {
      await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: "mauvais-mot-de-passe" } }), {}, { clientIp: `198.51.101.${i}` });
    }
    // the attacker's side, and any browser the account has not seen, keep the account's limit
    const stranger = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password } }), {}, { clientIp: "203.0.113.51" });
    expect(stranger.status).toBe(429);
    // the owner's known browser is not locked out, from another network too
    const owner = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password }, cookie: device }), {}, { clientIp: "203.0.113.52" });
    expect(owner.status).toBe(302);
    expect(owner.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);
    // its own failures still have a limit of their own
    for (let i = 0; i < 10; i++) {
      await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: "encore-faux" }, cookie: device }), {}, { clientIp: `203.0.113.${60 + i}` });
    }
    const limited = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password }, cookie: device }), {}, { clientIp: "203.0.113.80" });
    expect(limited.status).toBe(429);
  });

  it("redirects only to safe same-site paths", async () => {
    expect(safeRedirect("//evil.example", "/codes-promo")).toBe("/codes-promo");
    expect(safeRedirect("https://evil.example", "/codes-promo")).toBe("/codes-promo");
    expect(safeRedirect("/\\evil.example", "/codes-promo")).toBe("/codes-promo");
    expect(safeRedirect("javascript:alert(1)", "/codes-promo")).toBe("/codes-promo");
    expect(safeRedirect("/admin/brands?x=1", "/")).toBe("/admin/brands?x=1");
    const u = await createUser();
    const login = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password, redirectTo: "//evil.example/x" } }));
    expect(login.location).toBe("/codes-promo");
    const ok = await callRoute(authAction, req("/auth", { form: { intent: "login", email: u.email, password: u.password, redirectTo: "/profile" } }));
    expect(ok.location).toBe("/profile");
  });

  it("guards member and admin pages on the server", async () => {
    await expect(requireUser(req("/profile"))).rejects.toMatchObject({ status: 302 });
    const member = await signedInUser();
    const admin = await signedInUser({ role: "admin" });
    expect((await requireUser(req("/profile", { cookie: member.cookie }))).id).toBe(member.id);
    const memberOnAdmin = await callRoute(() => requireAdmin(req("/admin/brands", { cookie: member.cookie })), req("/"));
    expect(memberOnAdmin.location).toBe("/");
    const anonOnAdmin = await callRoute(() => requireAdmin(req("/admin/brands")), req("/"));
    expect(anonOnAdmin.location).toBe("/auth?redirect=%2Fadmin%2Fbrands");
    const memberAction = await callRoute(() => requireAdmin(req("/admin/brands", { method: "POST", cookie: member.cookie })), req("/"));
    expect(memberAction.status).toBe(403);
    expect((await requireAdmin(req("/admin", { cookie: admin.cookie }))).role).toBe("admin");
  });

  it("resets a forgotten password and ends every other session", async () => {
    const db = database().db;
    const u = await signedInUser();
    const sent = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "request", email: u.email } }));
    expect(answerOf<AuthAnswer>(sent).sent).toBe(true);
    const unknown = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "request", email: "inconnue@example.fr" } }));
    expect(answerOf<AuthAnswer>(unknown).sent).toBe(true); // same answer: no account enumeration
    await settleBackgroundTasks(); // the lookup and the e-mail run after the answer
    const mail = await lastMail(db, u.email, "reset-password");
    const token = decodeURIComponent(mail.html.match(/reset-password\?token=([^"&]+)/)![1]);
    const weak = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "reset", token, password: "password123", confirm: "password123" } }));
    expect(weak.status).toBe(400);
    const done = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "reset", token, password: "Nouveau mot 2025", confirm: "Nouveau mot 2025" } }));
    expect(done.location).toBe("/auth?reset=true");
    expect(await getSessionUser(req("/", { cookie: u.cookie }))).toBeNull();
    expect(await cookieFor(u.email, "Nouveau mot 2025")).toContain("crevarde.session_token");
    const reused = await callRoute(resetAction, req("/auth/reset-password", { form: { intent: "reset", token, password: "Encore un 2025", confirm: "Encore un 2025" } }));
    expect(reused.status).toBe(400);
  });

  it("signs out with the toast and lands on /auth?fresh=true", async () => {
    const u = await signedInUser();
    const out = await callRoute(logoutAction, req("/auth/logout", { method: "POST", cookie: u.cookie }));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/auth?fresh=true");
    expect(out.headers.getSetCookie().join("\n")).toMatch(/cr_toast=/);
    expect(await getSessionUser(req("/", { cookie: u.cookie }))).toBeNull();
  });

  it("never shows the loop banner to a visitor who is not signed in", async () => {
    let cookie = "";
    for (let i = 0; i < 5; i++) {
      const outcome = await callRoute(authLoader, req("/auth?redirect=%2Fkpi%3Fjs%3D1", { cookie }));
      expect(outcome.data.loopDetected).toBe(false);
      cookie = [cookie, cookieHeaderFrom(outcome.headers)].filter(Boolean).join("; ");
    }
  });

  it("detects a redirect loop of a signed-in visitor and offers the session reset", async () => {
    const u = await signedInUser();
    let loop = "";
    let outcome;
    for (let i = 0; i < 3; i++) {
      outcome = await callRoute(authLoader, req("/auth?redirect=/admin", { cookie: [u.cookie, loop].filter(Boolean).join("; ") }));
      loop = cookieHeaderFrom(outcome.headers) || loop;
    }
    expect(outcome!.status).toBe(200);
    expect(outcome!.data.loopDetected).toBe(true);
    const cookie = `${u.cookie}; ${loop}`;
    const reset = await callRoute(authAction, req("/auth", { form: { intent: "reset-session" }, cookie }));
    expect(reset.location).toBe("/auth?fresh=true");
    expect(reset.headers.getSetCookie().join("\n")).toMatch(/redirect_attempts=; Path=\/; Max-Age=0/);
  });

  it("redirects /inscription to the sign-up tab", async () => {
    const r = await callRoute(inscriptionLoader, req("/inscription"));
    expect(r.location).toBe("/auth?tab=signup");
  });
});
