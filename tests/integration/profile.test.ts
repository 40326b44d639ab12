import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { action as profileAction, loader as profileLoader } from "#app/routes/profile";
import { action as usersAction } from "#app/routes/admin/users";
import { loader as exportLoader } from "#app/routes/profile.export";
import { action as emailTestAction } from "#app/routes/email-test";
import { getSessionUser } from "#app/lib/auth.server";
import { promoteToAdmin } from "#app/modules/users/users-admin.server";
import { cookieFor, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { loader as monCashbackLoader } from "#app/routes/mon-cashback";
import { loader as usersLoader } from "#app/routes/admin/users";
import { creditMember, holdPayout } from "#app/modules/ledger/ledger-events.server";
import { withLedger } from "#app/modules/ledger/ledger.server";
import { setSetting } from "#app/modules/settings/settings.server";

describeEachDb("member profile", ({ database }) => {
  it("anonymous visitors go to /auth?redirect=/profile", async () => {
    expect((await callRoute(profileLoader, req("/profile"))).location).toBe("/auth?redirect=/profile");
  });

  it("« Cashback validé » is the ledger's available + in payout + paid, as /mon-cashback and the users list count it (issue #34 item 8)", async () => {
    const u = await signedInUser();
    await setSetting("cashback_launched", false);
    // before the launch a member without money sees no figure
    expect((await callRoute(profileLoader, req("/profile", { cookie: u.cookie }))).data.validatedCashback).toBeNull();
    await withLedger((tx) => creditMember(tx, { key: `test:${u.id}:credit`, kind: "adjustment", userId: u.id, amountCents: 1234, actor: "test" }));
    await withLedger((tx) => holdPayout(tx, { payoutId: crypto.randomUUID(), userId: u.id, actor: "test", amountCents: 200 }));
    // money of theirs is shown, launched or not
    const profile = await callRoute(profileLoader, req("/profile", { cookie: u.cookie }));
    expect(profile.data.validatedCashback).toBe("12,34\u00a0€");
    const { balances } = (await callRoute(monCashbackLoader, req("/mon-cashback", { cookie: u.cookie }))).data;
    expect(balances).toMatchObject({ available: 1034, inPayout: 200, paid: 0 });
    const admin = await signedInUser();
    await promoteToAdmin(admin.email);
    const adminCookie = await cookieFor(admin.email, admin.password);
    const users = await callRoute(usersLoader, req(`/admin/users?q=${encodeURIComponent(u.email)}`, { cookie: adminCookie }));
    expect(users.data.users.find((r) => r.id === u.id)?.validatedCashbackCents).toBe(1234);
  });

  it("edits the username, toggles the newsletter and exports the data as JSON", async () => {
    const db = database().db;
    const u = await signedInUser();
    expect((await callRoute(profileAction, req("/profile", { form: { intent: "profile", username: "Nouvelle" }, cookie: u.cookie }))).location).toBe("/profile");
    expect((await callRoute(profileAction, req("/profile", { form: { intent: "profile", username: "<b>x</b>" }, cookie: u.cookie }))).status).toBe(400);
    await callRoute(profileAction, req("/profile", { form: { intent: "newsletter", subscribed: "true" }, cookie: u.cookie }));
    let [p] = await db.select().from(s.profiles).where(eq(s.profiles.id, u.id));
    expect(p).toMatchObject({ username: "Nouvelle", newsletterSubscribed: true });
    await callRoute(profileAction, req("/profile", { form: { intent: "newsletter", subscribed: "false" }, cookie: u.cookie }));
    [p] = await db.select().from(s.profiles).where(eq(s.profiles.id, u.id));
    expect(p.newsletterSubscribed).toBe(false);
    const exported = await callRoute(exportLoader, req("/profile/export", { cookie: u.cookie }));
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    const body = exported.data as { user: { email: string }; profile: { username: string } };
    expect(body.user.email).toBe(u.email);
    expect(body.profile.username).toBe("Nouvelle");
  });

  it("a password change needs the current password and ends the other sessions", async () => {
    const u = await signedInUser();
    const other = await cookieFor(u.email, u.password);
    const wrong = await callRoute(profileAction, req("/profile", { form: { intent: "password", currentPassword: "faux-mot-de-passe", password: "Nouveau mot 2025", confirm: "Nouveau mot 2025" }, cookie: u.cookie }));
    expect(wrong.status).toBe(400);
    const ok = await callRoute(profileAction, req("/profile", { form: { intent: "password", currentPassword: u.password, password: "Nouveau mot 2025", confirm: "Nouveau mot 2025" }, cookie: u.cookie }));
    expect(ok.location).toBe("/profile");
    expect(await getSessionUser(req("/", { cookie: other }))).toBeNull();
  });

  it("deleting the account needs the password and removes the user, profile and sessions", async () => {
    const db = database().db;
    const u = await signedInUser();
    const wrong = await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: "pas-le-bon" }, cookie: u.cookie }));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data.result?.error)).toContain("Mot de passe incorrect.");
    const done = await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: u.password }, cookie: u.cookie }));
    expect(done.location).toBe("/");
    expect(await db.select().from(s.profiles).where(eq(s.profiles.id, u.id))).toEqual([]);
    expect(await db.select().from(s.session).where(eq(s.session.userId, u.id))).toEqual([]);
    const [mail] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, u.email)).then((rows) => rows.filter((r) => r.kind === "account-deleted"));
    expect(mail.subject).toBe("Ton compte a été supprimé");
  });

  it("create-admin promotes an existing account; the last admin cannot be demoted", async () => {
    const db = database().db;
    const u = await signedInUser({ email: "future-admin@example.fr" });
    expect(await promoteToAdmin("FUTURE-ADMIN@example.fr")).toBe(true);
    expect(await promoteToAdmin("personne@example.fr")).toBe(false);
    const admin = { ...u, cookie: await cookieFor(u.email, u.password) };
    // demote every other admin first, so `admin` is the last one
    const others = await db.select().from(s.user).where(eq(s.user.role, "admin"));
    for (const o of others.filter((x) => x.id !== admin.id)) await db.update(s.user).set({ role: "user" }).where(eq(s.user.id, o.id));
    const self = await callRoute(usersAction, req("/admin/users", { form: { intent: "save", id: admin.id, role: "user" }, cookie: admin.cookie }));
    expect(self.status).toBe(409);
  });

  it("/email-test is for admins only and sends the sample", async () => {
    const member = await signedInUser();
    expect((await callRoute(emailTestAction, req("/email-test", { form: { email: "x@example.fr", type: "signup" }, cookie: member.cookie }))).status).toBe(403);
    const admin = await signedInUser({ role: "admin" });
    const sent = await callRoute(emailTestAction, req("/email-test", { form: { email: "x@example.fr", type: "newsletter" }, cookie: admin.cookie }));
    expect(sent.data.toast?.title).toBe("Email envoyé ! ✅");
    const bad = await callRoute(emailTestAction, req("/email-test", { form: { email: "x@example.fr", type: "autre" }, cookie: admin.cookie }));
    expect(bad.status).toBe(400);
  });
});
