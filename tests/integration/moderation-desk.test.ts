import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { MODERATION_PAGE_SIZE, MODERATION_TABS } from "#app/modules/notices/moderation-desk";
import { action as moderationAction, loader as moderationLoader } from "#app/routes/admin/moderation";
import { action as programmesAction, loader as programmesLoader } from "#app/routes/admin/programmes";
import { action as dealsAction, loader as dealsLoader } from "#app/routes/admin/crevarde-deals";
import { loader as offersLoader } from "#app/routes/admin/offers";
import { loader as pagesLoader } from "#app/routes/admin/pages";
import { loader as promoLoader } from "#app/routes/admin/promo-codes";
import { accountsWithRoles, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { flashedToast } from "#tests/helpers/toast";

const HOUR = 3_600_000;

describeEachDb("the moderation desk and list parity (issue #37 items 6 and 10)", ({ database }) => {
  const staff = accountsWithRoles(["moderator", "admin"]);
  const desk = (query: string, cookie = staff.moderator.cookie) => callRoute(moderationLoader, req(`/admin/moderation${query}`, { cookie }));
  const notices = (rows: Array<{ category: string; receivedAt: Date }>) =>
    database()
      .db.insert(s.contentNotices)
      .values(rows.map((r) => ({ reference: `SIG-${randomUUID().slice(0, 6).toUpperCase()}`, targetUrl: "https://crevarde.test/coup-de-crevarde", explanation: "Un contenu illicite à examiner de près.", goodFaith: true, ...r })))
      .returning();

  it("opens on the DSA notices, counts every tab, and loads the active tab's rows only", async () => {
    await notices([{ category: "consumer", receivedAt: new Date() }]);
    const first = await desk("");
    expect(first.status).toBe(200);
    expect(first.data.tab).toBe("illicites");
    expect(Object.keys(first.data.counts)).toEqual([...MODERATION_TABS]);
    expect(first.data.counts.illicites).toBeGreaterThan(0);
    expect(first.data.pending.length).toBeGreaterThan(0);
    // the other tabs' queues are not read
    for (const key of ["pendingDeals", "pendingComments", "reportedComments", "reportedDeals", "blocked", "appeals", "stillValid", "damped"] as const) expect(first.data[key], key).toEqual([]);
    const members = await desk("?onglet=membres");
    expect([members.data.tab, members.data.pending, members.data.decided]).toEqual(["membres", [], []]);
    // an unknown tab is the first one
    expect((await desk("?onglet=autre")).data.tab).toBe("illicites");
    // role checks unchanged: a moderator and an admin, nobody else
    expect((await desk("", staff.admin.cookie)).status).toBe(200);
    expect((await desk("", (await signedInUser({ role: "editor" })).cookie)).location).toBe("/admin");
  });

  it("shows each notice's deadline (24 h for urgent categories, 72 h otherwise), the overdue first and flagged", async () => {
    const now = Date.now();
    const [late, fresh, urgent] = await notices([
      { category: "consumer", receivedAt: new Date(now - 100 * HOUR) },
      { category: "consumer", receivedAt: new Date(now - HOUR) },
      { category: "scam", receivedAt: new Date(now - 2 * HOUR) },
    ]);
    const page = await desk("?onglet=illicites");
    const byId = new Map(page.data.pending.map((n) => [n.id, n]));
    expect(byId.get(late.id)).toMatchObject({ overdue: true, deadline: new Date(late.receivedAt.getTime() + 72 * HOUR).toISOString() });
    expect(byId.get(fresh.id)).toMatchObject({ overdue: false });
    expect(byId.get(urgent.id)?.deadline).toBe(new Date(urgent.receivedAt.getTime() + 24 * HOUR).toISOString());
    const order = page.data.pending.map((n) => n.id);
    // nearest deadline first: the overdue one, then the scam (due in 22 h), then the fresh one (due in 71 h)
    expect(order.indexOf(late.id)).toBeLessThan(order.indexOf(urgent.id));
    expect(order.indexOf(urgent.id)).toBeLessThan(order.indexOf(fresh.id));
  });

  it("paginates a tab on the server, clamps a page too far, and a decision sends back to the same tab and page", async () => {
    await notices(Array.from({ length: MODERATION_PAGE_SIZE + 2 }, (_, i) => ({ category: "other", receivedAt: new Date(Date.now() - i * 1000) })));
    const one = await desk("?onglet=illicites");
    expect(one.data.pending).toHaveLength(MODERATION_PAGE_SIZE);
    expect(one.data.pager).toMatchObject({ page: 1, total: one.data.counts.illicites });
    const last = one.data.pager.pageCount;
    expect(last).toBeGreaterThan(1);
    const two = await desk("?onglet=illicites&page=2");
    expect(two.data.pager.page).toBe(2);
    expect(two.data.pending.map((n) => n.id).some((id) => one.data.pending.some((n) => n.id === id))).toBe(false);
    expect((await desk("?onglet=illicites&page=999")).data.pager.page).toBe(last);

    const target = two.data.pending[0];
    const decided = await callRoute(
      moderationAction,
      req("/admin/moderation?onglet=illicites&page=2", { cookie: staff.moderator.cookie, form: { intent: "decide", noticeId: target.id, decision: "no_action", statement: "Le contenu signalé ne contrevient à aucune loi." } }),
    );
    expect([decided.status, decided.location]).toEqual([303, "/admin/moderation?onglet=illicites&page=2"]);
    expect(flashedToast(decided.headers)?.title).toBe("Décision enregistrée");
    // another tab keeps its own name in the redirect; a refusal stays on the page as a 4xx
    const refused = await callRoute(moderationAction, req("/admin/moderation?onglet=membres", { cookie: staff.moderator.cookie, form: { intent: "unblock-member", userId: randomUUID() } }));
    expect([refused.status, refused.location]).toEqual([409, null]);
    const member = await signedInUser();
    const blocked = await callRoute(
      moderationAction,
      req("/admin/moderation?onglet=membres&page=1", { cookie: staff.moderator.cookie, form: { intent: "block-member", member: member.email, duration: "7d", rule: "other", statement: "Messages répétés hors sujet malgré deux avertissements." } }),
    );
    expect([blocked.status, blocked.location]).toEqual([303, "/admin/moderation?onglet=membres"]);
  });

  it("moves a programme only as its state allows: a closed one is reopened, never paused", async () => {
    const [brand] = await database().db.insert(s.brands).values({ name: `Desk ${randomUUID().slice(0, 6)}`, slug: `desk-${randomUUID().slice(0, 6)}` }).returning();
    const [program] = await database()
      .db.insert(s.affiliatePrograms)
      .values({ brandId: brand.id, network: "awin", networkAccountId: "1", networkProgramId: randomUUID().slice(0, 8), trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}", status: "closed" })
      .returning();
    const move = (status: string) => callRoute(programmesAction, req("/admin/programmes", { cookie: staff.admin.cookie, form: { intent: "status", id: program.id, status } }));
    const paused = await move("paused");
    expect([paused.status, paused.data.toast?.description]).toEqual([409, "Un programme « Fermé » ne peut pas passer à « En pause »."]);
    const statusOf = async () => (await database().db.select().from(s.affiliatePrograms).where(eq(s.affiliatePrograms.id, program.id)))[0].status;
    expect(await statusOf()).toBe("closed");
    expect((await move("active")).status).toBe(200);
    expect((await move("paused")).status).toBe(200);
    expect(await statusOf()).toBe("paused");
    // the list still loads the programme with its state (the menu derives its moves from it)
    const list = await callRoute(programmesLoader, req("/admin/programmes", { cookie: staff.admin.cookie }));
    expect(list.status).toBe(200);
  });

  it("changes the status of the team's deals in bulk, audited; members' deals are left to moderation", async () => {
    const author = await signedInUser();
    const tag = randomUUID().slice(0, 6);
    const base = { description: "Un deal de test pour le statut groupé.", price: "9,99€", source: "test", badgeText: "Top", url: `https://bulk-${tag}.example/` };
    const [team, teamRemoved, memberDeal] = await database()
      .db.insert(s.crevardeDeals)
      .values([
        { ...base, title: `Équipe ${tag}` },
        { ...base, title: `Équipe retirée ${tag}`, status: "removed", publishedAt: null },
        { ...base, title: `Membre ${tag}`, authorId: author.id },
      ])
      .returning();
    const bulk = (intent: string, ids: string[]) => {
      const form = new URLSearchParams({ intent });
      for (const id of ids) form.append("ids", id);
      return callRoute(dealsAction, req("/admin/crevarde-deals", { cookie: staff.admin.cookie, method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } }));
    };
    const statuses = async () => Object.fromEntries((await database().db.select().from(s.crevardeDeals).where(inArray(s.crevardeDeals.id, [team.id, teamRemoved.id, memberDeal.id]))).map((d) => [d.id, d.status]));

    const removed = await bulk("bulk-unpublish", [team.id, teamRemoved.id, memberDeal.id]);
    expect([removed.status, removed.data.toast?.title]).toEqual([200, "1 deal retiré"]);
    expect(removed.data.toast?.description).toContain("2 deals de membres ou déjà dans ce statut");
    expect(await statuses()).toEqual({ [team.id]: "removed", [teamRemoved.id]: "removed", [memberDeal.id]: "published" });

    const published = await bulk("bulk-publish", [team.id, teamRemoved.id]);
    expect([published.status, published.data.toast?.title]).toEqual([200, "2 deals publiés"]);
    expect(await statuses()).toEqual({ [team.id]: "published", [teamRemoved.id]: "published", [memberDeal.id]: "published" });
    const [again] = await database().db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, teamRemoved.id));
    expect(again.publishedAt).not.toBeNull();
    expect(await database().db.$count(s.auditLog, inArray(s.auditLog.entityId, [team.id, teamRemoved.id]))).toBe(3);
    expect(await database().db.$count(s.auditLog, eq(s.auditLog.entityId, memberDeal.id))).toBe(0);

    const nothing = await bulk("bulk-unpublish", [memberDeal.id]);
    expect(nothing.status).toBe(409);
    // the list shows the filter's state
    expect((await callRoute(dealsLoader, req("/admin/crevarde-deals?status=removed", { cookie: staff.admin.cookie }))).status).toBe(200);
  });

  it("every schedulable list (codes, offers, deals, pages) has the « Programmation » filter", async () => {
    const tag = randomUUID().slice(0, 6);
    const later = new Date(Date.now() + 30 * 24 * HOUR);
    const db = database().db;
    const [brand] = await db.insert(s.brands).values({ name: `Prog ${tag}`, slug: `prog-${tag}` }).returning();
    await db.insert(s.offers).values([
      { brandId: brand.id, name: `Offre programmée ${tag}`, regularPrice: "10€", url: "https://prog.example/", publishAt: later },
      { brandId: brand.id, name: `Offre en ligne ${tag}`, regularPrice: "10€", url: "https://prog.example/" },
    ]);
    await db.insert(s.pages).values([
      { title: `Page programmée ${tag}`, slug: `page-prog-${tag}`, content: "<p>x</p>", publishAt: later },
      { title: `Page en ligne ${tag}`, slug: `page-ligne-${tag}`, content: "<p>x</p>" },
    ]);
    await db.insert(s.promoCodes).values([
      { brandId: brand.id, code: `PROG${tag}`, discountAmount: "10%", publishAt: later },
      { brandId: brand.id, code: `LIGNE${tag}`, discountAmount: "10%" },
    ]);
    const base = { description: "Un deal programmé pour le filtre.", price: "1€", source: "test", badgeText: "Top", url: "https://prog.example/" };
    await db.insert(s.crevardeDeals).values([
      { ...base, title: `Deal programmé ${tag}`, publishAt: later },
      { ...base, title: `Deal en ligne ${tag}` },
    ]);
    const q = `q=${tag}&schedule=scheduled`;
    const offers = await callRoute(offersLoader, req(`/admin/offers?${q}`, { cookie: staff.admin.cookie }));
    expect(offers.data.offers.map((o) => o.name)).toEqual([`Offre programmée ${tag}`]);
    expect(offers.data.query.filters.schedule).toBe("scheduled");
    const pages = await callRoute(pagesLoader, req(`/admin/pages?${q}`, { cookie: staff.admin.cookie }));
    expect(pages.data.pages.map((p) => p.title)).toEqual([`Page programmée ${tag}`]);
    const codes = await callRoute(promoLoader, req(`/admin/promo-codes?q=PROG${tag}&schedule=scheduled`, { cookie: staff.admin.cookie }));
    expect(codes.data.codes.map((c) => c.code)).toEqual([`PROG${tag}`]);
    const deals = await callRoute(dealsLoader, req(`/admin/crevarde-deals?${q}`, { cookie: staff.admin.cookie }));
    expect(deals.data.deals.map((d) => d.title)).toEqual([`Deal programmé ${tag}`]);
  });
});
