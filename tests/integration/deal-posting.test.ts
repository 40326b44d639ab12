import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { listFeaturedDeals, searchDeals } from "#app/modules/deals/deals.server";
import { dealSearchSchema } from "#app/modules/deals/deals.schema";
import { MODERATION_DEAL_MESSAGES, POSTING_MESSAGES } from "#app/modules/deals/posting.schema";
import { expireDueDeals } from "#app/modules/deals/posting.server";
import { action as moderationAction } from "#app/routes/admin/moderation";
import { moderationTab } from "#tests/helpers/moderation";
import { flashedToast } from "#tests/helpers/toast";
import { action as postAction, loader as postLoader } from "#app/routes/coup-de-crevarde.proposer";
import { loader as profileLoader } from "#app/routes/profile";
import { action as settingsAction } from "#app/routes/admin/settings";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { answerOf, callRoute, formErrors } from "#tests/helpers/route";
import { dealPostForm } from "#tests/helpers/deal-post";

const PATH = "/coup-de-crevarde/proposer";
const uniq = () => randomUUID().slice(0, 8);

describeEachDb("members post deals (issue #15)", () => {
  let categoryId: string;
  let brand: typeof s.brands.$inferSelect;
  beforeAll(async () => {
    const db = await getDb();
    const slug = `cuisine-${uniq()}`;
    [{ id: categoryId }] = await db.insert(s.categories).values({ name: "Cuisine", slug }).returning({ id: s.categories.id });
    [brand] = await db.insert(s.brands).values({ name: "Maison Test", slug: `maison-${uniq()}`, websiteUrl: "https://www.maison-test.fr/" }).returning();
  });

  const valid = (change: Record<string, string> = {}) => dealPostForm(categoryId, change);
  const post = (cookie: string, form: Record<string, string>) => callRoute(postAction, req(PATH, { cookie, form }));
  const dealOf = async (id: string) => (await (await getDb()).select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, id)))[0];
  const lastPostOf = async (userId: string) =>
    (await (await getDb()).select().from(s.crevardeDeals).where(eq(s.crevardeDeals.authorId, userId))).sort((a, b) => +b.createdAt - +a.createdAt)[0];
  const mailsTo = async (to: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to));
  /** an author with `n` approved posts */
  const trusted = async (n = 3) => {
    const me = await signedInUser();
    const db = await getDb();
    for (let i = 0; i < n; i++) {
      await db.insert(s.crevardeDeals).values({ title: `Ancien ${uniq()}`, description: "x", price: "1€", source: "x", badgeText: "x", url: `https://old-${uniq()}.fr/`, authorId: me.id, status: "published", publishedAt: new Date() });
    }
    return me;
  };

  it("sends visitors to sign in and back", async () => {
    const page = await callRoute(postLoader, req(PATH));
    expect(page.location).toBe(`/auth?redirect=${encodeURIComponent(PATH)}`);
    const act = await callRoute(postAction, req(PATH, { form: valid() }));
    expect(act.location).toBe(`/auth?redirect=${encodeURIComponent(PATH)}`);
  });

  it("refuses bad input in French with a 400 and writes nothing", async () => {
    const me = await signedInUser();
    const db = await getDb();
    const before = await db.$count(s.crevardeDeals);
    const cases: [Record<string, string>, string, string][] = [
      [{ url: "" }, "url", POSTING_MESSAGES.urlRequired],
      [{ url: "javascript:alert(1)" }, "url", POSTING_MESSAGES.urlInvalid],
      [{ url: "http://127.0.0.1:3000/admin" }, "url", POSTING_MESSAGES.urlInvalid],
      [{ title: "x".repeat(141) }, "title", POSTING_MESSAGES.titleTooLong],
      [{ price: "" }, "price", POSTING_MESSAGES.priceRequired],
      [{ price: "beaucoup" }, "price", POSTING_MESSAGES.priceInvalid],
      [{ originalPrice: "5" }, "originalPrice", POSTING_MESSAGES.originalPriceNotHigher],
      [{ referencePriceSource: "" }, "referencePriceSource", POSTING_MESSAGES.referenceSourceRequired],
      [{ categoryId: "" }, "categoryId", POSTING_MESSAGES.categoryRequired],
      [{ expiresOn: "2020-01-01" }, "expiresOn", POSTING_MESSAGES.expiresInvalid],
      [{ description: "Top" }, "description", POSTING_MESSAGES.descriptionRequired],
      [{ code: "a b" }, "code", POSTING_MESSAGES.codeInvalid],
    ];
    for (const [change, field, message] of cases) {
      const out = await post(me.cookie, valid(change));
      expect(out.status, field).toBe(400);
      expect(formErrors(out)[field], field).toEqual([message]);
    }
    // no known brand on the link and no merchant typed
    const noMerchant = await post(me.cookie, valid({ merchant: "" }));
    expect([noMerchant.status, formErrors(noMerchant).merchant]).toEqual([400, [POSTING_MESSAGES.merchantRequired]]);
    expect(await db.$count(s.crevardeDeals)).toBe(before);
  });

  it("holds a new author's post for moderation, out of every public list; the author sees « En attente de validation »", async () => {
    const me = await signedInUser();
    const form = valid({ code: "bienvenue10", expiresOn: "2099-12-31" });
    const out = await post(me.cookie, form);
    expect(out.status).toBe(302);
    expect(out.location).toBe("/profile#mes-deals");
    const row = await lastPostOf(me.id);
    expect(row).toMatchObject({
      status: "pending_review",
      publishedAt: null,
      title: form.title,
      price: "19,99€",
      originalPrice: "39,99€",
      referencePriceSource: "merchant_strikethrough",
      ctaText: "BIENVENUE10",
      source: "boutique",
      categoryId,
      canonicalUrl: form.url.replace("?utm_source=newsletter", ""),
    });
    expect(row.expiresAt?.toISOString()).toBe("2099-12-31T22:59:59.999Z");
    const found = await searchDeals(dealSearchSchema.parse({ q: form.title.split(" ")[2] }), false);
    expect(found.deals.map((d) => d.id)).not.toContain(row.id);
    const profile = await callRoute(profileLoader, req("/profile", { cookie: me.cookie }));
    expect(profile.data.dealPosts).toEqual([expect.objectContaining({ id: row.id, statusLabel: "En attente de validation" })]);
    const exported = await exportAccountData(me.id);
    expect(exported?.dealPosts).toEqual([expect.objectContaining({ title: form.title, status: "pending_review" })]);
  });

  it("publishes a trusted author's post at once, and picks the brand from the link's host", async () => {
    const me = await trusted(3);
    const out = await post(me.cookie, valid({ url: "https://maison-test.fr/robot?fbclid=zz#top", merchant: "" }));
    expect(out.status).toBe(302);
    const row = await lastPostOf(me.id);
    expect(row).toMatchObject({ status: "published", brandId: brand.id, source: "maison test", canonicalUrl: "https://maison-test.fr/robot" });
    expect(row.publishedAt).not.toBeNull();
  });

  it("recognises a brand on any host of its registrable domain (issue #34 item 10)", async () => {
    const db = await getDb();
    // the seed's Nuxe has its website on fr.nuxe.com; a second brand on the same domain picks
    // the link's very host first, else the first brand by name
    const [nuxe, nuxePro] = await db
      .insert(s.brands)
      .values([
        { name: "Nuxe", slug: `nuxe-${uniq()}`, websiteUrl: "https://fr.nuxe.com" },
        { name: "Nuxe Pro", slug: `nuxe-pro-${uniq()}`, websiteUrl: "https://pro.nuxe.com/" },
      ])
      .returning();
    const cases: [string, typeof nuxe][] = [
      ["https://fr.nuxe.com/huile-prodigieuse-100ml", nuxe],
      ["https://nuxe.com/huile-prodigieuse-50ml", nuxe],
      ["https://www.nuxe.com/reve-de-miel", nuxe],
      ["https://boutique.fr.nuxe.com/coffret", nuxe],
      ["https://pro.nuxe.com/cabine", nuxePro],
    ];
    for (const [url, expected] of cases) {
      // a member each: deal posts are rate-limited
      const me = await signedInUser();
      const out = await post(me.cookie, valid({ url, merchant: "", title: `Deal ${uniq()} ${url}` }));
      expect(out.status, url).toBe(302);
      expect(await lastPostOf(me.id), url).toMatchObject({ url, brandId: expected.id, source: expected.name.toLowerCase() });
    }
    // a look-alike domain is not Nuxe: without a merchant typed, the post is refused
    const lookAlike = await post((await signedInUser()).cookie, valid({ url: "https://nuxe.com.promo-beaute.fr/huile", merchant: "" }));
    expect([lookAlike.status, formErrors(lookAlike).merchant]).toEqual([400, [POSTING_MESSAGES.merchantRequired]]);
  });

  it("the number of approved posts before publishing at once is a setting the admin changes on /admin/settings", async () => {
    const admin = await signedInUser({ role: "admin" });
    const save = (form: Record<string, string>) => callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { temuEndsAt: "2030-01-01T00:00", ...form } }));
    const bad = await save({ dealTrustedAfter: "-1", dealStrikeLimit: "0" });
    expect(bad.status).toBe(400);
    expect(formErrors(bad).dealTrustedAfter).toEqual(["Le nombre de deals validés doit être un nombre entier entre 0 et 100."]);
    expect(formErrors(bad).dealStrikeLimit).toEqual(["Le nombre d'avertissements doit être un nombre entier entre 1 et 20."]);
    expect((await save({ dealTrustedAfter: "1" })).status).toBe(200);
    try {
      const me = await trusted(1);
      await post(me.cookie, valid());
      expect((await lastPostOf(me.id)).status).toBe("published");
    } finally {
      expect((await save({ dealTrustedAfter: "3" })).status).toBe(200);
    }
    const me = await trusted(1);
    await post(me.cookie, valid());
    expect((await lastPostOf(me.id)).status).toBe("pending_review");
  });

  it("shows « Ce deal existe déjà ? » for the same link or a similar title of the same brand; confirmed, it goes to moderation even for a trusted author", async () => {
    const me = await trusted(5);
    const db = await getDb();
    const [live] = await db
      .insert(s.crevardeDeals)
      .values({ title: "Robot cuiseur Companion XL à 299 €", description: "x", price: "299€", source: "maison test", badgeText: "x", url: "https://www.maison-test.fr/companion", canonicalUrl: "https://www.maison-test.fr/companion", brandId: brand.id, publishedAt: new Date() })
      .returning();
    const sameLink = await post(me.cookie, valid({ url: "https://WWW.maison-test.fr/companion?utm_campaign=bf&gclid=1#avis", title: "Le robot pas cher" }));
    expect(sameLink.status).toBe(409);
    expect(formErrors(sameLink)[""]).toEqual([POSTING_MESSAGES.duplicate]);
    expect(answerOf<{ duplicates: { id: string }[] }>(sameLink).duplicates.map((d) => d.id)).toEqual([live.id]);
    const similar = await post(me.cookie, valid({ url: "https://www.maison-test.fr/companion-xl-noir", title: "Robot cuiseur Companion XL à 299€" }));
    expect(similar.status).toBe(409);
    expect(answerOf<{ duplicates: { id: string }[] }>(similar).duplicates.map((d) => d.id)).toEqual([live.id]);
    expect(await db.$count(s.crevardeDeals, eq(s.crevardeDeals.authorId, me.id))).toBe(5);
    const anyway = await post(me.cookie, valid({ url: "https://www.maison-test.fr/companion", confirmDuplicate: "on" }));
    expect(anyway.status).toBe(302);
    expect((await lastPostOf(me.id)).status).toBe("pending_review");
  });

  it("limits posts per member to 5 an hour with a French 429", async () => {
    const me = await signedInUser();
    for (let i = 0; i < 5; i++) expect((await post(me.cookie, valid())).status).toBe(302);
    const limited = await post(me.cookie, valid());
    expect(limited.status).toBe(429);
    expect(formErrors(limited)[""]).toEqual([POSTING_MESSAGES.rateLimited]);
  });

  it("a moderator approves, rejects and removes with a statement of reasons: deal, audit entry and e-mail together", async () => {
    const db = await getDb();
    const moderator = await signedInUser({ role: "moderator" });
    const author = await signedInUser();
    const decide = (form: Record<string, string>) => callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form }));
    const first = valid();
    await post(author.cookie, first);
    const a = await lastPostOf(author.id);
    const queue = await moderationTab(moderator.cookie, "deals");
    expect(queue.pendingDeals.find((d) => d.id === a.id)).toMatchObject({ title: first.title, authorEmail: author.email, categoryName: "Cuisine" });

    const approved = await decide({ intent: "approve-deal", dealId: a.id });
    expect([approved.status, flashedToast(approved.headers)?.title]).toEqual([303, "Deal publié"]);
    expect(await dealOf(a.id)).toMatchObject({ status: "published" });
    expect((await dealOf(a.id)).publishedAt).not.toBeNull();
    expect((await mailsTo(author.email)).map((m) => m.kind)).toEqual(["deal-approved"]);
    const again = await decide({ intent: "approve-deal", dealId: a.id });
    expect([again.status, again.data.toast?.description]).toEqual([409, MODERATION_DEAL_MESSAGES.notPending]);

    await post(author.cookie, valid());
    const b = await lastPostOf(author.id);
    const short = await decide({ intent: "reject-deal", dealId: b.id, rule: "not_a_deal", statement: "Non." });
    expect([short.status, short.data.toast?.description]).toEqual([400, MODERATION_DEAL_MESSAGES.statementRequired]);
    const noRule = await decide({ intent: "reject-deal", dealId: b.id, rule: "", statement: "Ce prix est le prix habituel du produit chez ce marchand." });
    expect([noRule.status, noRule.data.toast?.description]).toEqual([400, MODERATION_DEAL_MESSAGES.ruleRequired]);
    const statement = "Ce prix est le prix habituel du produit chez ce marchand depuis trois mois.";
    const rejected = await decide({ intent: "reject-deal", dealId: b.id, rule: "not_a_deal", statement });
    expect([rejected.status, flashedToast(rejected.headers)?.title]).toEqual([303, "Deal refusé"]);
    expect(await dealOf(b.id)).toMatchObject({ status: "rejected", moderationRule: "not_a_deal", moderationStatement: statement, publishedAt: null });
    const rejection = (await mailsTo(author.email)).find((m) => m.kind === "deal-rejected");
    expect(rejection?.subject).toBe("Ton deal n'a pas été publié");
    expect(rejection?.text).toContain(statement);
    expect(rejection?.text).toContain("Pas une bonne affaire");

    const removeStatement = "Le marchand a été signalé pour des commandes jamais livrées : le deal est retiré.";
    const removed = await decide({ intent: "remove-deal", dealId: a.id, rule: "unreliable_merchant", statement: removeStatement });
    expect([removed.status, flashedToast(removed.headers)?.title]).toEqual([303, "Deal retiré"]);
    expect(await dealOf(a.id)).toMatchObject({ status: "removed", moderationStatement: removeStatement });
    expect((await mailsTo(author.email)).find((m) => m.kind === "deal-removed")?.text).toContain(removeStatement);
    const removeAgain = await decide({ intent: "remove-deal", dealId: a.id, rule: "other", statement: removeStatement });
    expect(removeAgain.status).toBe(409);

    for (const id of [a.id, b.id]) {
      const audit = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entityId, id), eq(s.auditLog.entity, "crevarde_deals")));
      expect(audit.every((e) => e.actorId === moderator.id)).toBe(true);
      expect(audit.length).toBe(id === a.id ? 2 : 1);
    }
    const profile = await callRoute(profileLoader, req("/profile", { cookie: author.cookie }));
    expect(profile.data.dealPosts.find((p) => p.id === b.id)).toMatchObject({ statusLabel: "Refusé", statement, ruleLabel: "Pas une bonne affaire (prix habituel ou plus cher ailleurs)" });
    expect(profile.data.dealPosts.find((p) => p.id === a.id)).toMatchObject({ statusLabel: "Retiré" });
  });

  it("a moderator corrects a pending post's title, description and code before deciding, audited; bad input is a French 400; a decided post cannot be edited", async () => {
    const db = await getDb();
    const moderator = await signedInUser({ role: "moderator" });
    const author = await signedInUser();
    await post(author.cookie, valid());
    const pending = await lastPostOf(author.id);
    const edit = (form: Record<string, string>, cookie = moderator.cookie) =>
      callRoute(moderationAction, req("/admin/moderation", { cookie, form: { intent: "edit-deal", dealId: pending.id, ...form } }));
    const good = { title: "Robot pâtissier corrigé", description: "Description corrigée par la modération, plus précise.", code: "robot20" };
    const done = await edit(good);
    expect([done.status, flashedToast(done.headers)?.title]).toEqual([303, "Deal corrigé"]);
    expect(await dealOf(pending.id)).toMatchObject({ title: good.title, description: good.description, ctaText: "ROBOT20", status: "pending_review" });
    const [entry] = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entityId, pending.id), eq(s.auditLog.actorId, moderator.id)));
    expect(entry.after).toMatchObject({ title: good.title, ctaText: "ROBOT20" });

    const bad = await edit({ title: "", description: "trop court", code: "a b" });
    expect(bad.status).toBe(400);
    expect((await dealOf(pending.id)).title).toBe(good.title);
    const member = await signedInUser();
    expect((await edit(good, member.cookie)).status).toBe(403);

    await callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "approve-deal", dealId: pending.id } }));
    const late = await edit({ ...good, title: "Trop tard" });
    expect([late.status, late.data.toast?.description]).toEqual([409, MODERATION_DEAL_MESSAGES.notPending]);
    expect((await dealOf(pending.id)).title).toBe(good.title);
  });

  it("refuses the deal queue's actions to members and other staff", async () => {
    const author = await signedInUser();
    await post(author.cookie, valid());
    const pending = await lastPostOf(author.id);
    for (const role of ["user", "editor", "finance"] as const) {
      const who = await signedInUser({ role });
      const act = await callRoute(moderationAction, req("/admin/moderation", { cookie: who.cookie, form: { intent: "approve-deal", dealId: pending.id } }));
      expect(act.status, role).toBe(403);
    }
    expect((await dealOf(pending.id)).status).toBe("pending_review");
    const admin = await signedInUser({ role: "admin" });
    const done = await callRoute(moderationAction, req("/admin/moderation", { cookie: admin.cookie, form: { intent: "approve-deal", dealId: pending.id } }));
    expect(done.status).toBe(303);
  });

  it("three self-promotion strikes stop a merchant from posting (French 403)", async () => {
    const db = await getDb();
    const domain = `marchand-${uniq()}.fr`;
    const merchant = await signedInUser({ email: `jeanne@${domain}` });
    const moderator = await signedInUser({ role: "moderator" });
    // a webmail author rejected for self-promotion gets no strike (not the e-mail domain rule)
    const other = await signedInUser({ email: `jeanne-${uniq()}@gmail.com` });
    await post(other.cookie, valid({ url: `https://www.${domain}/promo` }));
    const otherPost = await lastPostOf(other.id);
    await callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "reject-deal", dealId: otherPost.id, rule: "self_promotion", statement: "Ce deal semble publié par le marchand lui-même." } }));
    expect(await db.$count(s.userStrikes, eq(s.userStrikes.userId, other.id))).toBe(0);

    for (let i = 1; i <= 3; i++) {
      expect((await callRoute(postLoader, req(PATH, { cookie: merchant.cookie }))).status).toBe(200);
      const out = await post(merchant.cookie, valid({ url: `https://www.${domain}/produit-${i}` }));
      expect(out.status).toBe(302);
      const row = await lastPostOf(merchant.id);
      expect(row.status).toBe("pending_review");
      await callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "reject-deal", dealId: row.id, rule: "self_promotion", statement: "Les marchands ne peuvent pas publier leurs propres offres." } }));
      expect(await db.$count(s.userStrikes, eq(s.userStrikes.userId, merchant.id))).toBe(i);
    }
    const page = await callRoute(postLoader, req(PATH, { cookie: merchant.cookie }));
    expect([page.status, page.data.blocked]).toEqual([403, true]);
    const refused = await post(merchant.cookie, valid());
    expect(refused.status).toBe(403);
    expect(formErrors(refused)[""]).toEqual([POSTING_MESSAGES.blocked]);
  });

  it("the expiry job marks deals past their end date as expired, once, on an injected clock", async () => {
    const db = await getDb();
    const now = new Date("2030-06-01T10:00:00Z");
    const base = { description: "x", price: "1€", source: "x", badgeText: "x", url: "https://a-shop.fr/" };
    const [past, future, open] = await db
      .insert(s.crevardeDeals)
      .values([
        { ...base, title: "Passé", expiresAt: new Date("2030-06-01T09:59:59Z"), isFeatured: true },
        { ...base, title: "Futur", expiresAt: new Date("2030-06-01T10:00:01Z") },
        { ...base, title: "Sans fin" },
      ])
      .returning();
    expect(await expireDueDeals(now)).toBeGreaterThanOrEqual(1);
    expect((await dealOf(past.id)).expiredAt?.toISOString()).toBe("2030-06-01T09:59:59.000Z");
    // the cards show it as expired
    expect((await listFeaturedDeals(false, 500)).find((d) => d.id === past.id)).toMatchObject({ expired: true });
    expect((await dealOf(future.id)).expiredAt).toBeNull();
    expect((await dealOf(open.id)).expiredAt).toBeNull();
    expect(await expireDueDeals(now)).toBe(0);
    expect(await expireDueDeals(new Date("2030-06-02T00:00:00Z"))).toBeGreaterThanOrEqual(1);
    expect((await dealOf(future.id)).expiredAt?.toISOString()).toBe("2030-06-01T10:00:01.000Z");
    expect(jobSchedules.find((x) => x.name === "deals.expire")).toMatchObject({ cron: "*/15 * * * *" });
    expect(typeof jobHandlers["deals.expire"]).toBe("function");
  });
});
