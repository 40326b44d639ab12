import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as voteAction, loader as dealLoader, meta as dealMeta } from "#app/routes/coup-de-crevarde.$id";
import { loader as dealsLoader } from "#app/routes/coup-de-crevarde";
import { loader as moiLoader } from "#app/routes/api.moi";
import type { Moi } from "#app/modules/members/moi.server";
import { loader as moderationLoader } from "#app/routes/admin/moderation";
import { DealHeatBadges } from "#app/components/catalogue/deal-heat";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { HOT_THRESHOLD, NEW_DEAL_WINDOW_MS } from "#app/modules/deals/deal-rules";
import { RATE_LIMITS } from "#app/lib/rate-limit.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callMeta, callRoute } from "#tests/helpers/route";

const OLD = new Date(Date.now() - 2 * NEW_DEAL_WINDOW_MS);

describeEachDb("deal page and temperature votes", ({ database }) => {
  let brand: typeof s.brands.$inferSelect;
  beforeAll(async () => {
    [brand] = await database().db.insert(s.brands).values({ name: "Marque Vote", slug: "marque-vote", websiteUrl: "https://vote.example" }).returning();
  });

  const newDeal = async (values: Partial<typeof s.crevardeDeals.$inferInsert> = {}) =>
    (
      await database()
        .db.insert(s.crevardeDeals)
        .values({
          title: "Casque vote",
          description: "Un casque sans fil à petit prix.",
          price: "19,99€",
          originalPrice: "49,99€",
          source: "temu",
          badgeText: "Top",
          ctaText: "CASQUE20",
          url: "https://vote.example/casque",
          imageUrl: "/images/casque.webp",
          brandId: brand.id,
          publishedAt: OLD,
          ...values,
        })
        .returning()
    )[0];

  const temperatureOf = async (id: string) => (await database().db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, id)))[0];
  const page = (id: string, cookie?: string) => callRoute(dealLoader, req(`/coup-de-crevarde/${id}`, { cookie }), { id });
  // the deal page is the same for everyone (ADR 048): the member's own parts come from /api/moi
  const moi = async (id: string, cookie?: string) => (await callRoute(moiLoader, req(`/api/moi?deals=${id}&deal=${id}`, { cookie }))).data as Moi;
  const vote = (id: string, cookie: string | undefined, form: Record<string, string>, ip = "203.0.113.7") =>
    callRoute(voteAction, req(`/coup-de-crevarde/${id}`, { cookie, form: { _js: "1", ...form } }), { id }, { clientIp: ip, cspNonce: "" });

  it("the deal page says who posted it (pseudo, avatar) and when, and whether the member saved it (issue #34 item 9)", async () => {
    const author = await signedInUser();
    await database().db.update(s.profiles).set({ username: "Posteur", avatarUrl: "/uploads/avatar-posteur.webp" }).where(eq(s.profiles.id, author.id));
    const deal = await newDeal({ authorId: author.id, publishedAt: new Date(Date.now() - 3 * 3_600_000 - 60_000) });
    const visitor = await page(deal.id);
    expect(visitor.data.deal).toMatchObject({ authorName: "Posteur", authorAvatarUrl: "/uploads/avatar-posteur.webp", postedAgo: "il y a 3 heures" });
    expect(visitor.data.viewer).toBeNull();
    const member = await signedInUser();
    expect((await moi(deal.id, member.cookie)).deal?.saved).toBe(false);
    await database().db.insert(s.savedDeals).values({ userId: member.id, dealId: deal.id });
    expect((await moi(deal.id, member.cookie)).deal?.saved).toBe(true);
    expect((await page(deal.id, member.cookie)).data.viewer).toBeNull();
    // the list's cards carry the same byline
    const list = await callRoute(dealsLoader, req(`/coup-de-crevarde?q=${encodeURIComponent("Casque vote")}`));
    expect(list.data.deals.find((d) => d.id === deal.id)).toMatchObject({ authorName: "Posteur", authorAvatarUrl: "/uploads/avatar-posteur.webp", postedAgo: "il y a 3 heures" });
  });

  it("a member votes hot, undoes, votes cold with a reason and changes to hot: one row, the temperature follows", async () => {
    const deal = await newDeal();
    const member = await signedInUser();
    const hot = await vote(deal.id, member.cookie, { vote: "hot" });
    expect(hot.status).toBe(200);
    expect(hot.data).toEqual({ ok: true, mine: 1, reason: null, message: "Vote 🔥 enregistré, merci !" });
    expect((await temperatureOf(deal.id)).temperature).toBe(1);

    const undo = await vote(deal.id, member.cookie, { vote: "hot" });
    expect(undo.data).toMatchObject({ ok: true, mine: null, message: "Ton vote a été retiré." });
    expect((await temperatureOf(deal.id)).temperature).toBe(0);

    const cold = await vote(deal.id, member.cookie, { vote: "cold" });
    expect(cold.data).toMatchObject({ ok: true, mine: -1 });
    const reason = await vote(deal.id, member.cookie, { vote: "reason", reason: "too_expensive" });
    expect(reason.data).toMatchObject({ ok: true, mine: -1, reason: "too_expensive", message: "Merci, ta raison est enregistrée." });
    expect((await temperatureOf(deal.id)).temperature).toBe(-1);
    expect((await moi(deal.id, member.cookie)).deal?.vote).toEqual({ value: -1, reason: "too_expensive" });

    const change = await vote(deal.id, member.cookie, { vote: "hot" });
    expect(change.data).toMatchObject({ ok: true, mine: 1 });
    expect((await temperatureOf(deal.id)).temperature).toBe(1);
    const rows = await database().db.select().from(s.dealVotes).where(eq(s.dealVotes.dealId, deal.id));
    expect(rows.map((r) => [r.userId, r.value, r.reason])).toEqual([[member.id, 1, null]]);
    expect(rows[0].visitorHash).toMatch(/^[0-9a-f]{32}$/);

    // concurrent clicks of one member never make two rows, and the temperature matches the row
    await Promise.all(["hot", "cold", "hot", "cold"].map((v) => vote(deal.id, member.cookie, { vote: v })));
    const after = await database().db.select().from(s.dealVotes).where(eq(s.dealVotes.dealId, deal.id));
    expect(after.length).toBeLessThanOrEqual(1);
    expect((await temperatureOf(deal.id)).temperature).toBe(after.reduce((t, r) => t + r.value * r.weight, 0));

    // the vote is in the member's data export
    const exported = await exportAccountData(member.id);
    expect(exported?.dealVotes.map((v) => v.dealId)).toEqual(after.map((r) => r.dealId));
  });

  it("a reason without a cold vote, a bad vote or reason: French 4xx; a visitor is asked to sign in", async () => {
    const deal = await newDeal();
    const member = await signedInUser();
    const none = await vote(deal.id, member.cookie, { vote: "reason", reason: "seen_before" });
    expect(none.status).toBe(409);
    expect(none.data.message).toBe("Vote d'abord ❄️ pour donner une raison.");
    for (const form of [{ vote: "tiède" }, { vote: "reason", reason: "parce que" }, {}]) {
      const res = await vote(deal.id, member.cookie, form as Record<string, string>);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.data.message).toBe("Vote invalide.");
    }
    const visitor = await vote(deal.id, undefined, { vote: "hot" });
    expect(visitor.status).toBe(401);
    expect(visitor.data.message).toBe("Connecte-toi pour voter.");
    const plain = await callRoute(voteAction, req(`/coup-de-crevarde/${deal.id}`, { form: { vote: "hot", redirectTo: "/coup-de-crevarde?tab=hot" } }), { id: deal.id });
    expect(plain.status).toBe(303);
    expect(plain.location).toBe("/auth?redirect=%2Fcoup-de-crevarde%3Ftab%3Dhot");
    // without JS a member's vote redirects back with a toast
    const back = await callRoute(voteAction, req(`/coup-de-crevarde/${deal.id}`, { cookie: member.cookie, form: { vote: "cold", redirectTo: "/coup-de-crevarde" } }), { id: deal.id });
    expect(back.status).toBe(303);
    expect(back.location).toBe("/coup-de-crevarde");
    expect(back.headers.get("set-cookie")).toContain("cr_toast=");
    expect((await temperatureOf(deal.id)).temperature).toBe(-1);
  });

  it("the author cannot vote (403), an expired deal's votes are frozen (409), a pending deal is not found (404)", async () => {
    const author = await signedInUser();
    const own = await newDeal({ authorId: author.id });
    const refused = await vote(own.id, author.cookie, { vote: "hot" });
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe("Tu ne peux pas voter pour ton propre deal.");

    const member = await signedInUser();
    const expired = await newDeal({ expiredAt: new Date() });
    const frozen = await vote(expired.id, member.cookie, { vote: "cold" });
    expect(frozen.status).toBe(409);
    expect(frozen.data.message).toBe("Ce deal est expiré : les votes sont figés.");
    const pastEnd = await newDeal({ expiresAt: new Date(Date.now() - 60_000) });
    expect((await vote(pastEnd.id, member.cookie, { vote: "hot" })).status).toBe(409);

    const pending = await newDeal({ status: "pending_review", publishedAt: null, authorId: author.id });
    const gone = await vote(pending.id, member.cookie, { vote: "hot" });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe("Ce deal n'existe pas ou n'est plus en ligne.");
    expect((await vote(randomUUID(), member.cookie, { vote: "hot" })).status).toBe(404);
    expect(await database().db.select().from(s.dealVotes).where(eq(s.dealVotes.userId, member.id))).toEqual([]);
  });

  it("weighs votes: 1 for a new account, 3 for a trusted poster; accounts beyond the 3rd from one visitor hash weigh 0; hot_since is set once", async () => {
    const trusted = await signedInUser();
    const db = database().db;
    await db.update(s.user).set({ createdAt: new Date(Date.now() - 60 * 86_400_000) }).where(eq(s.user.id, trusted.id));
    for (let i = 0; i < 10; i++) await newDeal({ title: `Deal posté ${i}`, authorId: trusted.id, temperature: 60 });
    const deal = await newDeal({ temperature: HOT_THRESHOLD - 3 });
    const weighted = await vote(deal.id, trusted.cookie, { vote: "hot" }, "198.51.100.1");
    expect(weighted.status).toBe(200);
    const hotNow = await temperatureOf(deal.id);
    expect(hotNow.temperature).toBe(HOT_THRESHOLD);
    expect(hotNow.hotSince).not.toBeNull();
    await vote(deal.id, trusted.cookie, { vote: "hot" }, "198.51.100.1"); // undo: below the threshold again
    await vote(deal.id, trusted.cookie, { vote: "hot" }, "198.51.100.1");
    expect((await temperatureOf(deal.id)).hotSince).toEqual(hotNow.hotSince);

    // four new accounts from one browser: the fourth counts 0; another browser counts again
    const farm = await newDeal();
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser()));
    for (const m of members.slice(0, 4)) expect((await vote(farm.id, m.cookie, { vote: "hot" }, "192.0.2.50")).status).toBe(200);
    expect((await temperatureOf(farm.id)).temperature).toBe(3);
    await vote(farm.id, members[4].cookie, { vote: "hot" }, "192.0.2.51");
    expect((await temperatureOf(farm.id)).temperature).toBe(4);
    const weights = await db.select({ userId: s.dealVotes.userId, weight: s.dealVotes.weight }).from(s.dealVotes).where(eq(s.dealVotes.dealId, farm.id));
    expect(weights.find((w) => w.userId === members[3].id)?.weight).toBe(0);

    // moderators see the damped votes on /admin/moderation
    const moderator = await signedInUser({ role: "moderator" });
    const queue = await callRoute(moderationLoader, req("/admin/moderation?onglet=signaux", { cookie: moderator.cookie }));
    expect(queue.status).toBe(200);
    expect(queue.data.damped).toEqual(expect.arrayContaining([expect.objectContaining({ dealId: farm.id, damped: 1, votes: 5, browsers: 1 })]));
    expect(queue.data.damped.map((d) => d.dealId)).not.toContain(deal.id);
  });

  it("new accounts voting in a burst: beyond 5 in an hour from accounts under 7 days, votes weigh 0 and show to moderators", async () => {
    const db = database().db;
    const deal = await newDeal();
    const fresh = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => signedInUser()));
    // an older burst (more than an hour ago) does not count
    const early = await signedInUser();
    expect((await vote(deal.id, early.cookie, { vote: "hot" }, "198.51.100.99")).status).toBe(200);
    await db.update(s.dealVotes).set({ updatedAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(s.dealVotes.userId, early.id));
    for (const [i, m] of fresh.entries()) expect((await vote(deal.id, m.cookie, { vote: "hot" }, `198.51.100.${110 + i}`)).status).toBe(200);
    const old = await signedInUser();
    await db.update(s.user).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(s.user.id, old.id));
    await vote(deal.id, old.cookie, { vote: "hot" }, "198.51.100.130");
    const rows = await db.select().from(s.dealVotes).where(eq(s.dealVotes.dealId, deal.id));
    const of = (id: string) => rows.find((r) => r.userId === id)!;
    expect(fresh.slice(0, 5).map((m) => of(m.id).weight)).toEqual([1, 1, 1, 1, 1]);
    expect(fresh.slice(5).map((m) => [of(m.id).weight, of(m.id).dampedReason])).toEqual([
      [0, "new_account_burst"],
      [0, "new_account_burst"],
    ]);
    expect(of(old.id)).toMatchObject({ weight: 1, dampedReason: null });
    expect((await temperatureOf(deal.id)).temperature).toBe(1 + 5 + 1);
    const moderator = await signedInUser({ role: "moderator" });
    const queue = await callRoute(moderationLoader, req("/admin/moderation?onglet=signaux", { cookie: moderator.cookie }));
    expect(queue.data.damped).toEqual(expect.arrayContaining([expect.objectContaining({ dealId: deal.id, damped: 2, bursts: 2, browsers: 0 })]));
  });

  it("votes are rate-limited per member: 30 per 10 minutes, undos included (French 429)", async () => {
    const deal = await newDeal();
    const member = await signedInUser();
    for (let i = 0; i < RATE_LIMITS.dealVote.limit; i++) expect((await vote(deal.id, member.cookie, { vote: "hot" })).status, `vote ${i}`).toBe(200);
    const refused = await vote(deal.id, member.cookie, { vote: "cold" });
    expect(refused.status).toBe(429);
    expect(refused.data.message).toBe("Tu as voté trop souvent. Réessaie dans quelques minutes.");
    expect((await vote(deal.id, (await signedInUser()).cookie, { vote: "cold" })).status).toBe(200);
  });

  it("the deal page hides the temperature for 10 minutes (loader data and HTML), except from the author", async () => {
    const author = await signedInUser();
    const fresh = await newDeal({ publishedAt: new Date(), temperature: 137, authorId: author.id });
    const visitor = await page(fresh.id);
    expect(visitor.status).toBe(200);
    expect(visitor.data.deal.heat).toEqual({ isNew: true, temperature: null, tier: null });
    const json = JSON.stringify(visitor.data);
    expect(json).not.toMatch(/"temperature":137|137°/);
    expect(json).not.toContain(author.id);
    const html = renderToStaticMarkup(createElement(DealHeatBadges, { heat: visitor.data.deal.heat, expired: false }));
    expect(html).toContain("Nouveau");
    expect(html).not.toContain("137");
    const member = await signedInUser();
    expect((await page(fresh.id, member.cookie)).data.deal.heat.temperature).toBeNull();
    expect((await moi(fresh.id, member.cookie)).deal?.heat).toBeNull();
    // the author sees it at once (the page is everyone's: through /api/moi)
    expect((await page(fresh.id, author.cookie)).data.deal.heat.temperature).toBeNull();
    expect((await moi(fresh.id, author.cookie)).deal?.heat).toEqual({ isNew: true, temperature: 137, tier: "Hot" });
    // after 10 minutes everyone does
    await database().db.update(s.crevardeDeals).set({ publishedAt: new Date(Date.now() - NEW_DEAL_WINDOW_MS - 1000) }).where(eq(s.crevardeDeals.id, fresh.id));
    const later = await page(fresh.id);
    expect(later.data.deal.heat).toEqual({ isNew: false, temperature: 137, tier: "Hot" });
    expect(renderToStaticMarkup(createElement(DealHeatBadges, { heat: later.data.deal.heat, expired: true }))).toMatch(/137°.*Hot.*Expiré/);

    // the list hides it too
    const cardFresh = await newDeal({ title: "Casque tout neuf", publishedAt: new Date(), temperature: 222 });
    const list2 = await callRoute(dealsLoader, req(`/coup-de-crevarde?tab=nouveaux`));
    expect(list2.status).toBe(200);
    const card = list2.data.deals.find((d) => d.id === cardFresh.id);
    expect(card?.heat).toEqual({ isNew: true, temperature: null, tier: null });
    expect(JSON.stringify(list2.data)).not.toMatch(/"temperature":222|222°/);
  });

  it("the deal page: Product/Offer JSON-LD, masked code for visitors, tracked click-out, 404 for others' pending or removed deals", async () => {
    const deal = await newDeal({ title: "Lampe JSON" });
    const visitor = await page(deal.id);
    expect(visitor.data.deal.ctaText).not.toBe("CASQUE20");
    expect(visitor.data.deal.codeMasked).toBe(true);
    expect(visitor.data.jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Lampe JSON",
      image: expect.stringMatching(/^https?:\/\/.+\/images\/casque\.webp$/),
      description: "Un casque sans fil à petit prix.",
      brand: { "@type": "Brand", name: "Marque Vote" },
      offers: {
        "@type": "Offer",
        price: "19.99",
        priceCurrency: "EUR",
        url: expect.stringMatching(new RegExp(`/coup-de-crevarde/${deal.id}$`)),
        availability: "https://schema.org/InStock",
      },
    });
    expect(JSON.stringify(visitor.data.jsonLd)).not.toMatch(/temperature/i);
    // French title and description, the canonical URL, the JSON-LD among the tags, indexed
    const tags = callMeta(dealMeta, { data: visitor.data, matches: [], location: { pathname: `/coup-de-crevarde/${deal.id}` } });
    expect(tags.find((t) => t.title)?.title).toMatch(/^Lampe JSON à 19,99€ \| /);
    expect(tags.find((t) => t.name === "description")?.content).toBe("Un casque sans fil à petit prix.");
    expect(tags.find((t) => t.rel === "canonical")?.href).toMatch(new RegExp(`/coup-de-crevarde/${deal.id}$`));
    expect(tags.filter((t) => t["script:ld+json"]).map((t) => (t["script:ld+json"] as Record<string, unknown>)["@type"])).toEqual(["Product", "BreadcrumbList"]);
    expect(tags.find((t) => t.name === "robots")).toBeUndefined();
    const member = await signedInUser();
    expect((await page(deal.id, member.cookie)).data.deal.codeMasked).toBe(true);
    expect((await moi(deal.id, member.cookie)).dealCodes[deal.id]).toBe("CASQUE20");
    const expired = await newDeal({ expiredAt: new Date() });
    expect((await page(expired.id)).data.jsonLd.offers.availability).toBe("https://schema.org/Discontinued");
    expect((await page(expired.id)).data.deal.expired).toBe(true);

    const author = await signedInUser();
    const pending = await newDeal({ status: "pending_review", publishedAt: null, authorId: author.id });
    expect((await page(pending.id)).status).toBe(404);
    expect((await page(pending.id, member.cookie)).status).toBe(404);
    const own = await page(pending.id, author.cookie);
    expect(own.status).toBe(200);
    // rendered for its author alone: no cache keeps it
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.data.deal.ctaText).toBe("CASQUE20");
    expect((await moi(pending.id, author.cookie)).deal).toBeNull();
    expect(own.data.statusLabel).toBe("En attente de modération : seul toi peux voir ce deal pour l'instant.");
    const removed = await newDeal({ status: "removed" });
    expect((await page(removed.id)).status).toBe(404);
    expect((await page("pas-un-uuid")).status).toBe(404);

    // published deals are in the sitemap, others not
    const paths = (await sitemapEntries("Crevarde")).map((e) => e.path);
    expect(paths).toContain(`/coup-de-crevarde/${deal.id}`);
    expect(paths).not.toContain(`/coup-de-crevarde/${pending.id}`);
  });

  it("tabs: « Les plus hot » by hot score without expired deals, « Nouveaux » by publication date, with the words and filters", async () => {
    const hour = 3_600_000;
    const now = Date.now();
    const a = await newDeal({ title: "Onglet ancien brûlant", temperature: 900, publishedAt: new Date(now - 48 * hour) });
    const b = await newDeal({ title: "Onglet récent tiède", temperature: 20, publishedAt: new Date(now - hour) });
    const c = await newDeal({ title: "Onglet récent chaud", temperature: 300, publishedAt: new Date(now - 2 * hour) });
    const d = await newDeal({ title: "Onglet expiré", temperature: 5000, publishedAt: new Date(now - 3 * hour), expiredAt: new Date() });
    const e = await newDeal({ title: "Onglet nouveau", temperature: 0, publishedAt: new Date(now - 60_000), createdAt: new Date(now - 100 * hour) });
    await newDeal({ title: "Onglet en attente", status: "pending_review", publishedAt: null });
    const titles = async (query: string) => (await callRoute(dealsLoader, req(`/coup-de-crevarde?q=onglet&${query}`))).data.deals.map((x) => x.id);
    expect(await titles("tab=hot")).toEqual([c.id, b.id, e.id, a.id]);
    expect(await titles("tab=nouveaux")).toEqual([e.id, b.id, c.id, d.id, a.id]);
    expect((await titles("tab=inconnu")).length).toBe(5);
    // with a filter
    expect(await titles("tab=hot&source=shein")).toEqual([]);
    // the tab is kept in the loader's search
    expect((await callRoute(dealsLoader, req("/coup-de-crevarde?tab=hot"))).data.search.tab).toBe("hot");
  });
});
