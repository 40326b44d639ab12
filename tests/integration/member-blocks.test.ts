import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { getSessionUser } from "#app/lib/auth.server";
import { action as moderationAction } from "#app/routes/admin/moderation";
import { moderationTab } from "#tests/helpers/moderation";
import { action as dealAction } from "#app/routes/coup-de-crevarde.$id";
import { action as postAction } from "#app/routes/coup-de-crevarde.proposer";
import { action as authAction } from "#app/routes/auth";
import { NEW_DEAL_WINDOW_MS } from "#app/modules/deals/deal-rules";
import { cookieFor, req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const STATEMENT = "Votes en rafale depuis plusieurs comptes pour gonfler ses deals.";

describeEachDb("moderators block members (issue #15 item 8)", () => {
  let moderator: SignedInUser;
  let dealId: string;
  let categoryId: string;
  beforeAll(async () => {
    moderator = await signedInUser({ role: "moderator", username: `Modo ${randomUUID().slice(0, 6)}` });
    const db = await getDb();
    [{ id: dealId }] = await db
      .insert(s.crevardeDeals)
      .values({ title: "Deal à voter", description: "x", price: "1€", source: "x", badgeText: "x", url: "https://bloc.example/", status: "published", publishedAt: new Date(Date.now() - 2 * NEW_DEAL_WINDOW_MS) })
      .returning({ id: s.crevardeDeals.id });
    [{ id: categoryId }] = await db.insert(s.categories).values({ name: `Blocs ${randomUUID().slice(0, 6)}`, slug: `blocs-${randomUUID().slice(0, 6)}` }).returning({ id: s.categories.id });
  });
  const moderate = (form: Record<string, string>, cookie = moderator.cookie) => callRoute(moderationAction, req("/admin/moderation", { cookie, form }));
  const block = (member: string, duration = "7d", cookie?: string) => moderate({ intent: "block-member", member, duration, rule: "other", statement: STATEMENT }, cookie);
  const userRow = async (id: string) => (await (await getDb()).select().from(s.user).where(eq(s.user.id, id)))[0];
  const login = (email: string, password: string) => callRoute(authAction, req("/auth", { form: { intent: "login", email, password } }), {}, { clientIp: `192.0.2.${Math.floor(Math.random() * 200)}` });

  it("blocks for 7 days by pseudo: sessions revoked, sign-in refused with until when, audited, statement of reasons e-mailed", async () => {
    const member = await signedInUser({ username: `Bloquée ${randomUUID().slice(0, 6)}` });
    const before = Date.now();
    const res = await block(member.email.toUpperCase());
    expect([res.status, res.location]).toEqual([303, "/admin/moderation?onglet=illicites"]);
    const row = await userRow(member.id);
    expect(row.banned).toBe(true);
    expect(row.banReason).toBe(`Autre règle de publication : ${STATEMENT}`);
    expect(row.banExpires!.getTime() - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(row.banExpires!.getTime() - before).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(await getSessionUser(req("/", { cookie: member.cookie }))).toBeNull();
    const db = await getDb();
    expect(await db.select().from(s.session).where(eq(s.session.userId, member.id))).toEqual([]);

    const refused = await login(member.email, member.password);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toMatch(/Ton compte est bloqué jusqu'au \d+ \S+ 20\d\d à \d\dh\d\d/);

    const [audit] = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "user_block"), eq(s.auditLog.entityId, member.id)));
    expect(audit).toMatchObject({ actorId: moderator.id, action: "update", after: expect.objectContaining({ banned: true, duration: "7d", rule: "other", statement: STATEMENT }) });
    const [mail] = await db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.to, member.email), eq(s.emailOutbox.kind, "member-blocked")));
    expect(mail.subject).toBe("Ton compte est bloqué");
    expect(mail.html).toContain(STATEMENT);
    expect(mail.html).toContain("Autre règle de publication");
    expect(mail.html).toContain("réexamen");

    const page = await moderationTab(moderator.cookie, "membres");
    expect(page.blocked).toContainEqual(expect.objectContaining({ id: member.id, reason: row.banReason }));

    // unblocked: signs in again, audited
    expect((await moderate({ intent: "unblock-member", userId: member.id })).status).toBe(303);
    expect((await userRow(member.id)).banned).toBe(false);
    expect((await login(member.email, member.password)).status).toBe(302);
    expect((await moderate({ intent: "unblock-member", userId: member.id })).status).toBe(409);
    expect(await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "user_block"), eq(s.auditLog.entityId, member.id)))).toHaveLength(2);
  });

  it("a blocked member's remaining session cannot vote, flag or post: 403 with until when", async () => {
    const member = await signedInUser();
    // blocked by another way (better-auth's API) while a session survives
    await (await getDb()).update(s.user).set({ banned: true, banExpires: null, banReason: "x" }).where(eq(s.user.id, member.id));
    const cookie = member.cookie;
    const vote = await callRoute(dealAction, req(`/coup-de-crevarde/${dealId}`, { cookie, form: { _js: "1", vote: "hot" } }), { id: dealId });
    // the session itself still resolves: the refusal comes from the vote
    expect(vote.status).toBe(403);
    expect(vote.data.message).toMatch(/^Ton compte est bloqué définitivement/);
    const flag = await callRoute(dealAction, req(`/coup-de-crevarde/${dealId}`, { cookie, form: { _js: "1", intent: "expire" } }), { id: dealId });
    expect(flag.status).toBe(403);
    expect(flag.data.message).toMatch(/^Ton compte est bloqué définitivement/);
    expect(await (await getDb()).select().from(s.dealExpiryFlags).where(eq(s.dealExpiryFlags.userId, member.id))).toEqual([]);
    const deals = await (await getDb()).select().from(s.dealVotes).where(eq(s.dealVotes.userId, member.id));
    expect(deals).toEqual([]);
    const post = await callRoute(
      postAction,
      req("/coup-de-crevarde/proposer", {
        cookie,
        form: { url: "https://www.bloc-boutique.fr/p", title: "Deal d'un compte bloqué", price: "10", originalPrice: "", referencePriceSource: "merchant_strikethrough", code: "", merchant: "Boutique", categoryId, expiresOn: "", description: "Un deal qui ne doit pas être publié par un compte bloqué." },
      }),
    );
    expect(post.status).toBe(403);
    expect(JSON.stringify(post.data)).toContain("Ton compte est bloqué définitivement");
    expect(await (await getDb()).select().from(s.crevardeDeals).where(eq(s.crevardeDeals.authorId, member.id))).toEqual([]);
  });

  it("refuses to block staff or oneself, unknown members, and bad input; members cannot block", async () => {
    for (const role of ["editor", "finance", "moderator", "admin"] as const) {
      const staff = await signedInUser({ role });
      const res = await block(staff.email);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.data)).toContain("Un membre de l'équipe ne peut pas être bloqué.");
      expect((await userRow(staff.id)).banned).not.toBe(true);
    }
    expect((await block(moderator.email)).status).toBe(403);
    expect((await block("personne@nulle-part.fr")).status).toBe(404);
    const bad = await moderate({ intent: "block-member", member: "x", duration: "forever", rule: "other", statement: "court" });
    expect(bad.status).toBe(400);
    const member = await signedInUser();
    const other = await signedInUser();
    expect((await block(other.email, "7d", member.cookie)).status).toBe(403);
    expect((await userRow(other.id)).banned).not.toBe(true);
  });

  it("a permanent block has no end; the sign-in says so", async () => {
    const member = await signedInUser();
    expect((await block(member.email, "permanent")).status).toBe(303);
    expect((await userRow(member.id)).banExpires).toBeNull();
    const refused = await login(member.email, member.password);
    expect(JSON.stringify(refused.data)).toContain("Ton compte est bloqué définitivement");
    expect(await cookieFor(member.email, member.password).catch(() => null)).toBeNull();
  });
});
