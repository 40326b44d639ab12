import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { flagDeal, listStillValidReports, reactivateDeal, viewerFlags } from "#app/modules/deals/deal-expiry.server";
import { RATE_LIMITS } from "#app/lib/rate-limit.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { action as settingsAction } from "#app/routes/admin/settings";
import { action as dealAction, loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { loader as moiLoader } from "#app/routes/api.moi";
import type { Moi } from "#app/modules/members/moi.server";
import { action as moderationAction, loader as moderationLoader } from "#app/routes/admin/moderation";
import { moderationTab } from "#tests/helpers/moderation";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

/** « Expiré ? », « Toujours valable » and reactivation (issue #15 item 5). */
describeEachDb("deal expiry flags", ({ database }) => {
  let brand: typeof s.brands.$inferSelect;
  beforeAll(async () => {
    [brand] = await database().db.insert(s.brands).values({ name: "Marque Expire", slug: "marque-expire" }).returning();
  });

  const member = async (role = "user", createdAt = new Date()) => {
    const id = randomUUID();
    await database().db.insert(s.user).values({ id, name: `m-${id}`, email: `${id}@example.fr`, emailVerified: true, role, createdAt });
    return { id, email: `${id}@example.fr`, role: role as "user" | "moderator" | "admin" | "editor" };
  };
  const deal = async (values: Partial<typeof s.crevardeDeals.$inferInsert> = {}) =>
    (
      await database()
        .db.insert(s.crevardeDeals)
        .values({ title: "Deal à expirer", description: "d", price: "5€", source: "temu", badgeText: "Top", url: "https://expire.example/p", brandId: brand.id, ...values })
        .returning()
    )[0];
  const row = async (id: string) => (await database().db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, id)))[0];

  it("two members' flags expire a deal; the same member twice counts once; a flag on an expired deal changes nothing", async () => {
    const d = await deal();
    const [a, b] = [await member(), await member()];
    expect(await flagDeal({ userId: a.id, dealId: d.id, kind: "expired" })).toEqual({ expired: false, message: "Merci, ton signalement est enregistré." });
    expect(await flagDeal({ userId: a.id, dealId: d.id, kind: "expired" })).toMatchObject({ expired: false });
    expect((await row(d.id)).expiredAt).toBeNull();
    expect(await viewerFlags(a.id, d.id)).toEqual(["expired"]);
    const now = new Date("2026-11-26T09:00:00Z");
    expect(await flagDeal({ userId: b.id, dealId: d.id, kind: "expired", now })).toEqual({ expired: true, message: "Merci, le deal est maintenant affiché comme expiré." });
    expect((await row(d.id)).expiredAt).toEqual(now);
    const c = await member();
    expect(await flagDeal({ userId: c.id, dealId: d.id, kind: "expired" })).toMatchObject({ expired: true });
    expect((await row(d.id)).expiredAt).toEqual(now);
    expect(await viewerFlags(c.id, d.id)).toEqual([]);
  });

  it("a trusted member's flag, or the author's, is enough alone; the threshold is a setting", async () => {
    // a trusted poster (vote weight 3): a verified account older than 7 days, 10 published deals at 50° or more on average
    const trusted = await member("user", new Date(Date.now() - 8 * 86_400_000));
    const young = await member();
    for (let i = 0; i < 10; i++) await deal({ title: `Bon deal récent ${i}`, authorId: young.id, temperature: 80 });
    expect(await flagDeal({ userId: young.id, dealId: (await deal()).id, kind: "expired" })).toMatchObject({ expired: false });
    for (let i = 0; i < 10; i++) await deal({ title: `Bon deal ${i}`, authorId: trusted.id, temperature: 80 });
    const d1 = await deal();
    expect(await flagDeal({ userId: trusted.id, dealId: d1.id, kind: "expired" })).toMatchObject({ expired: true });

    const author = await member();
    const d2 = await deal({ authorId: author.id });
    expect(await flagDeal({ userId: author.id, dealId: d2.id, kind: "expired" })).toMatchObject({ expired: true });

    // the admin sets it on /admin/settings
    const admin = await signedInUser({ role: "admin" });
    const save = (form: Record<string, string>) => callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { temuEndsAt: "2030-01-01T00:00", ...form } }));
    const bad = await save({ dealExpiryFlags: "0" });
    expect(bad.status).toBe(400);
    expect(formErrors(bad).dealExpiryFlags).toEqual(["Le nombre de signalements doit être un nombre entier entre 1 et 20."]);
    expect((await save({ dealExpiryFlags: "3" })).status).toBe(200);
    try {
      const d3 = await deal();
      for (const m of [await member(), await member()]) expect(await flagDeal({ userId: m.id, dealId: d3.id, kind: "expired" })).toMatchObject({ expired: false });
      expect(await flagDeal({ userId: (await member()).id, dealId: d3.id, kind: "expired" })).toMatchObject({ expired: true });
    } finally {
      await setSetting("deal_expiry_flag_threshold", 2);
    }
  });

  it("refuses flags on deals that are not public, and « Toujours valable » on a live deal", async () => {
    const m = await member();
    for (const status of ["pending_review", "removed"] as const) {
      const d = await deal({ status, publishedAt: status === "pending_review" ? null : new Date() });
      await expect(flagDeal({ userId: m.id, dealId: d.id, kind: "expired" })).rejects.toMatchObject({ status: 404, message: "Ce deal n'existe pas ou n'est plus en ligne." });
    }
    await expect(flagDeal({ userId: m.id, dealId: randomUUID(), kind: "expired" })).rejects.toMatchObject({ status: 404 });
    const live = await deal();
    await expect(flagDeal({ userId: m.id, dealId: live.id, kind: "still_valid" })).rejects.toMatchObject({ status: 409, message: "Ce deal n'est pas marqué expiré." });
  });

  it("« Toujours valable » on an expired deal reaches the moderators' queue; the author or a moderator reactivates, others may not", async () => {
    const author = await member();
    const past = new Date(Date.now() - 86_400_000);
    const d = await deal({ title: "Toujours bon", authorId: author.id, expiredAt: past, expiresAt: past });
    const [m1, m2] = [await member(), await member()];
    expect(await flagDeal({ userId: m1.id, dealId: d.id, kind: "still_valid" })).toEqual({ expired: true, message: "Merci, un modérateur va vérifier ce deal." });
    await flagDeal({ userId: m2.id, dealId: d.id, kind: "still_valid" });
    expect((await listStillValidReports()).find((r) => r.dealId === d.id)).toMatchObject({ title: "Toujours bon", reports: 2 });

    await expect(reactivateDeal(m1, d.id)).rejects.toMatchObject({ status: 403, message: "Seul l'auteur du deal ou un modérateur peut le réactiver." });
    const moderator = await member("moderator");
    expect(await reactivateDeal(moderator, d.id)).toEqual({ message: "Le deal est de nouveau actif." });
    const after = await row(d.id);
    expect(after.expiredAt).toBeNull();
    // a past end date goes, or the expiry job would expire it again
    expect(after.expiresAt).toBeNull();
    expect(await database().db.select().from(s.dealExpiryFlags).where(eq(s.dealExpiryFlags.dealId, d.id))).toEqual([]);
    expect(await listStillValidReports()).not.toEqual(expect.arrayContaining([expect.objectContaining({ dealId: d.id })]));
    const [entry] = await database()
      .db.select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, "deal-expiry"), eq(s.auditLog.entityId, d.id)));
    expect(entry).toMatchObject({ actorId: moderator.id, action: "update" });
    expect(entry.after).toEqual({ expiredAt: null, expiresAt: null });
    await expect(reactivateDeal(moderator, d.id)).rejects.toMatchObject({ status: 409 });

    // the author may reactivate their own deal; a future end date stays
    const future = new Date(Date.now() + 7 * 86_400_000);
    const mine = await deal({ authorId: author.id, expiredAt: past, expiresAt: future });
    await reactivateDeal(author, mine.id);
    expect(await row(mine.id)).toMatchObject({ expiredAt: null, expiresAt: future });
  });

  it("flags are rate-limited per member", async () => {
    const m = await member();
    for (let i = 0; i < RATE_LIMITS.dealFlag.limit; i++) await flagDeal({ userId: m.id, dealId: (await deal()).id, kind: "expired" });
    await expect(flagDeal({ userId: m.id, dealId: (await deal()).id, kind: "expired" })).rejects.toMatchObject({
      status: 429,
      message: "Tu as fait trop de signalements. Réessaie dans une heure.",
    });
  });

  it("through the deal page: members flag, the page shows their flag and the expiry; the moderation queue reactivates", async () => {
    const d = await deal({ title: "Deal de la page" });
    const url = `/coup-de-crevarde/${d.id}`;
    const post = (cookie: string | undefined, intent: string) => callRoute(dealAction, req(url, { cookie, form: { intent, _js: "1" } }), { id: d.id });
    expect((await post(undefined, "expire")).status).toBe(401);
    const [a, b] = [await signedInUser(), await signedInUser()];
    expect((await post(a.cookie, "expire")).data).toEqual({ ok: true, message: "Merci, ton signalement est enregistré." });
    const page = await callRoute(dealLoader, req(url, { cookie: a.cookie }), { id: d.id });
    expect(page.data).toMatchObject({ viewer: null, deal: { expired: false } });
    // the member's own flag and controls come from /api/moi (ADR 048)
    const moi = (await callRoute(moiLoader, req(`/api/moi?deal=${d.id}`, { cookie: a.cookie }))).data as Moi;
    expect(moi.deal).toMatchObject({ flags: ["expired"], canModerate: false, isAuthor: false });
    expect((await post(b.cookie, "expire")).data).toEqual({ ok: true, message: "Merci, le deal est maintenant affiché comme expiré." });
    expect((await callRoute(dealLoader, req(url, { cookie: b.cookie }), { id: d.id })).data.deal.expired).toBe(true);
    // a member may not reactivate; saying « Toujours valable » sends it to the moderators
    const refused = await post(a.cookie, "reactivate");
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe("Seul l'auteur du deal ou un modérateur peut le réactiver.");
    expect((await post(a.cookie, "still-valid")).data.message).toBe("Merci, un modérateur va vérifier ce deal.");

    const moderator = await signedInUser({ role: "moderator" });
    const queue = await moderationTab(moderator.cookie, "signaux");
    expect(queue.stillValid).toEqual(expect.arrayContaining([expect.objectContaining({ dealId: d.id, title: "Deal de la page", reports: 1 })]));
    expect((await callRoute(moderationLoader, req("/admin/moderation", { cookie: a.cookie }))).location).toBe("/");
    const member = await callRoute(moderationAction, req("/admin/moderation", { cookie: a.cookie, form: { intent: "reactivate-deal", dealId: d.id } }));
    expect(member.status).toBe(403);
    expect((await row(d.id)).expiredAt).not.toBeNull();
    const done = await callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "reactivate-deal", dealId: d.id } }));
    expect(done.status).toBe(303);
    expect((await row(d.id)).expiredAt).toBeNull();
    const again = await callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "reactivate-deal", dealId: d.id } }));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("Ce deal n'est pas marqué expiré.");
  });

  it("a deal past its end date counts as expired before the expiry job runs: no more flags, and it can be reactivated", async () => {
    const author = await member();
    const past = new Date(Date.now() - 60_000);
    const d = await deal({ authorId: author.id, expiresAt: past });
    const m = await member();
    expect(await flagDeal({ userId: m.id, dealId: d.id, kind: "expired" })).toMatchObject({ expired: true });
    expect(await viewerFlags(m.id, d.id)).toEqual([]);
    await reactivateDeal(author, d.id);
    expect(await row(d.id)).toMatchObject({ expiredAt: null, expiresAt: null });
  });
});
