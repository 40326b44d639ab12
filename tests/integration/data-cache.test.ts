import { expect, it } from "vitest";
import { dataCacheSize } from "#app/lib/data-cache.server";
import { saveBrand } from "#app/modules/brands/brands-admin.server";
import { listBrands } from "#app/modules/brands/brands.server";
import { brandFormSchema } from "#app/modules/brands/brand-form.schema";
import { saveContentBlock } from "#app/modules/content/content-admin.server";
import { contentBlockFormSchema } from "#app/modules/content/content-block-form.schema";
import { getHomeContent } from "#app/modules/content/home.server";
import { answerCodeFeedback, feedbackStats } from "#app/modules/promo-codes/code-feedback.server";
import * as schema from "#db/schema";
import { eq } from "drizzle-orm";
import { searchDeals } from "#app/modules/deals/deals.server";
import { dealSearchSchema } from "#app/modules/deals/deals.schema";
import { createUser } from "#tests/helpers/auth";
import { addRate, bestRateForBrand, saveProgram, setProgramStatus } from "#app/modules/cashback/programs.server";
import { programFormSchema, rateFormSchema } from "#app/modules/cashback/programs.schema";
import { getPublicOffer, listBrandOffers, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { describeEachDb, listenDuringSuite } from "#tests/helpers/db";
import { getHelpArticle, listHelpSections } from "#app/modules/help/help.server";
import { listDisplayedBlocks } from "#app/modules/content/page-blocks.server";
import { getViewableArticle, listArticles } from "#app/modules/blog/blog.server";
import { getBrand } from "#app/modules/brands/brands.server";
import { listBrandCodes, listCategoryCodes } from "#app/modules/promo-codes/promo-codes.server";
import { listNonEmptyCategories } from "#app/modules/categories/categories.server";

const edit = (version: string | null = null) => ({ actor: { id: "test-admin", email: "admin@test.local" }, version });

/**
 * The in-process cache of public data (ADR 026) as a server runs it: listening for data
 * changes (ADR 024). An admin write through the domain is seen by the next read.
 */
describeEachDb("data cache of public reads", ({ database }) => {
  const { seen, heard } = listenDuringSuite(database);

  it("serves a public list from memory, and an admin edit through the domain on the next read", async () => {
    const input = brandFormSchema.parse({ name: "Cachée", slug: "cachee", category: "Beauté" });
    const created = await saveBrand(input, edit());
    await heard("brands");
    const before = await listBrands();
    expect(before.map((b) => b.name)).toContain("Cachée");
    expect(dataCacheSize()).toBeGreaterThan(0);
    // from memory: the very same (frozen) rows
    expect((await listBrands())[0].name).toBe(before[0].name);

    seen.length = 0;
    await saveBrand({ ...input, id: created!.id, name: "Renommée" }, edit((created!.updatedAt as Date).toISOString()));
    await heard("brands");
    const after = (await listBrands()).map((b) => b.name);
    expect(after).toContain("Renommée");
    expect(after).not.toContain("Cachée");
  });

  it("keeps the home content until a block changes", async () => {
    const first = await getHomeContent();
    expect(await getHomeContent()).toBe(first);
    seen.length = 0;
    await saveContentBlock(contentBlockFormSchema.parse({ page: "home", name: "hero-subtitle", title: "Sous-titre", content: "Un sous-titre neuf", type: "text", position: 1 }), edit());
    await heard("content_blocks");
    expect((await getHomeContent()).heroSubtitle).toBe("Un sous-titre neuf");
  });

  it("keeps the codes' « Ça a marché ? » figures until an answer changes", async () => {
    const db = database().db;
    const [brand] = await db.insert(schema.brands).values({ name: "Votée", slug: "votee" }).returning();
    const [code] = await db.insert(schema.promoCodes).values({ brandId: brand.id, code: "VOTE10", discountAmount: "10%" }).returning();
    const [first, second] = [await createUser(), await createUser()];
    seen.length = 0;
    await answerCodeFeedback(first.id, code.id, "oui");
    await heard("code_feedback");
    const stats = (await feedbackStats([code.id])).get(code.id);
    expect(stats).toMatchObject({ answers: 1, worked: 1 });
    // from memory: the very same (frozen) figures
    expect((await feedbackStats([code.id])).get(code.id)).toBe(stats);
    expect(Object.isFrozen(stats)).toBe(true);

    seen.length = 0;
    await answerCodeFeedback(second.id, code.id, "non");
    await heard("code_feedback");
    expect((await feedbackStats([code.id])).get(code.id)).toMatchObject({ answers: 2, worked: 1, recentNo: 1 });
    seen.length = 0;
    await answerCodeFeedback(first.id, code.id, "annuler");
    await heard("code_feedback");
    expect((await feedbackStats([code.id])).get(code.id)).toMatchObject({ answers: 1, worked: 0 });
  });

  it("keeps the deal list's window and facets, not its temperatures, until a deal's content or schedule changes", async () => {
    const db = database().db;
    const list = async () => (await searchDeals(dealSearchSchema.parse({ source: "temu" }), false)).deals.filter((d) => d.title.startsWith("Fenêtre"));
    seen.length = 0;
    const [deal] = await db
      .insert(schema.crevardeDeals)
      .values({ title: "Fenêtre gardée", description: "lot", price: "1€", source: "temu", badgeText: "x", url: "https://www.temu.com/x", temperature: 120, publishedAt: new Date(Date.now() - 2 * 86_400_000) })
      .returning();
    await heard("crevarde_deals");
    const before = dataCacheSize();
    expect((await list()).map((d) => d.title)).toEqual(["Fenêtre gardée"]);
    expect(dataCacheSize()).toBeGreaterThan(before);

    // a vote moves the temperature without notifying: the cards are read each time, so it shows at once
    const heat = async () => (await list())[0]?.heat.temperature;
    expect(await heat()).toBe(120);
    await db.update(schema.crevardeDeals).set({ temperature: 480 }).where(eq(schema.crevardeDeals.id, deal.id));
    expect(await heat()).toBe(480);

    // the schedule alone (migration 0037): the deal leaves the window on the next read
    seen.length = 0;
    await db.update(schema.crevardeDeals).set({ unpublishAt: new Date(Date.now() - 60_000) }).where(eq(schema.crevardeDeals.id, deal.id));
    await heard("crevarde_deals");
    expect(await list()).toEqual([]);
  });

  it("derives every cashback from the programmes, and shows a programme or rate change on the next read (issue #34)", async () => {
    const db = database().db;
    const actor = { id: "test-admin", email: "admin@test.local" };
    const [brand] = await db.insert(schema.brands).values({ name: "Taux vivants", slug: "taux-vivants" }).returning();
    await db.insert(schema.offers).values({ brandId: brand.id, name: "Crème taux", regularPrice: "60,00€", isFeatured: true });
    seen.length = 0;
    await setSetting("cashback_launched", true);
    await heard("site_settings");
    const now = new Date();
    const offer = async (at = now) => (await listFeaturedOffers(null, true, at)).find((o) => o.name === "Crème taux")!.cashback;
    const card = async () => (await listBrands()).find((b) => b.slug === "taux-vivants")!.cashback.label;

    // no programme: no cashback anywhere
    expect(await bestRateForBrand(brand.id, now)).toBeNull();
    expect(await offer()).toBeNull();
    expect(await card()).toBeNull();

    seen.length = 0;
    const program = await saveProgram(
      actor,
      programFormSchema.parse({ brandId: brand.id, network: "awin", networkAccountId: "1", networkProgramId: `taux-${Date.now()}`, trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=1&clickref={CLICK_ID}" }),
    );
    await addRate(actor, rateFormSchema.parse({ programId: program.id, label: "Tous les achats", kind: "percent", value: "10" }), new Date(now.getTime() - 60_000));
    await heard("program_rates");
    const first = await bestRateForBrand(brand.id, now);
    expect(first).toMatchObject({ label: "7\u00a0% de cashback", baseExcludesVat: true, vatRateBps: 2000 });
    // from memory: the very same (frozen) summary
    expect(await bestRateForBrand(brand.id, now)).toBe(first);
    // 60 € / 1,2 × 7 % = 3,50 €
    expect(await offer()).toMatchObject({ label: "7\u00a0% de cashback", text: "7\u00a0% de cashback, soit environ 3,50\u00a0€", href: `/cashback/activer/${program.id}` });
    expect(await card()).toBe("7\u00a0% de cashback");

    // a second label: « Jusqu'à », on the brand and its offers alike
    seen.length = 0;
    await addRate(actor, rateFormSchema.parse({ programId: program.id, label: "Nouveaux clients", kind: "percent", value: "15" }), new Date(now.getTime() - 30_000));
    await heard("program_rates");
    expect((await bestRateForBrand(brand.id, now))?.label).toBe("Jusqu'à 10,5\u00a0% de cashback");
    expect((await listBrandOffers(brand.id, true, now))[0].cashback?.label).toBe("Jusqu'à 10,5\u00a0% de cashback");

    // the base and VAT are the programme's: on the price paid, the estimate is exact
    seen.length = 0;
    await saveProgram(actor, programFormSchema.parse({ id: program.id, brandId: brand.id, network: "awin", networkAccountId: "1", networkProgramId: program.networkProgramId, trackingUrlTemplate: program.trackingUrlTemplate, rateBase: "incl" }));
    await heard("affiliate_programs");
    expect((await offer())?.text).toBe("Jusqu'à 10,5\u00a0% de cashback, soit 6,30\u00a0€");

    // a rate that starts later shows from its start, without a write (the entry ends at the boundary)
    const later = new Date(now.getTime() + 3_600_000);
    seen.length = 0;
    await addRate(actor, rateFormSchema.parse({ programId: program.id, label: "Nouveaux clients", kind: "percent", value: "20" }), later);
    await heard("program_rates");
    expect((await bestRateForBrand(brand.id, now))?.rate).toBe("10,5\u00a0%");
    expect((await bestRateForBrand(brand.id, new Date(later.getTime() + 1_000)))?.rate).toBe("14\u00a0%");

    // paused: no cashback anywhere, at once
    seen.length = 0;
    await setProgramStatus(actor, program.id, "paused");
    await heard("affiliate_programs");
    expect(await bestRateForBrand(brand.id, now)).toBeNull();
    expect(await offer()).toBeNull();
    expect(await card()).toBeNull();
    await setSetting("cashback_launched", false);
  });

  it("keeps the help centre's sections and published articles until an article changes; a preview and an unknown slug are read each time", async () => {
    const db = database().db;
    const slugs = async () => (await listHelpSections()).flatMap((s) => s.articles.map((a) => a.slug));
    seen.length = 0;
    const [article] = await db.insert(schema.helpArticles).values({ slug: "gardee-en-memoire", section: "compte", title: "Gardée", summary: "En bref.", body: "<p>Corps</p>" }).returning();
    await heard("help_articles");
    const sections = await listHelpSections();
    expect(await slugs()).toContain("gardee-en-memoire");
    // from memory: the very same (frozen) sections and article
    expect(await listHelpSections()).toBe(sections);
    const first = await getHelpArticle("gardee-en-memoire", { preview: false });
    expect(first).toMatchObject({ title: "Gardée", published: true });
    expect(await getHelpArticle("gardee-en-memoire", { preview: false })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // an unknown slug is no entry, and anything that is not a slug is not even read
    const size = dataCacheSize();
    expect(await getHelpArticle("inconnue-en-memoire", { preview: false })).toBeNull();
    expect(await getHelpArticle("../Pas un slug", { preview: false })).toBeNull();
    expect(dataCacheSize()).toBe(size);

    // withdrawn: gone for the public on the next read, still there in an editor's preview, read each time
    seen.length = 0;
    await db.update(schema.helpArticles).set({ published: false, title: "Retirée" }).where(eq(schema.helpArticles.id, article.id));
    await heard("help_articles");
    expect(await getHelpArticle("gardee-en-memoire", { preview: false })).toBeNull();
    expect(await slugs()).not.toContain("gardee-en-memoire");
    const preview = await getHelpArticle("gardee-en-memoire", { preview: true });
    expect(preview).toMatchObject({ title: "Retirée", published: false });
    expect(await getHelpArticle("gardee-en-memoire", { preview: true })).not.toBe(preview);
  });

  it("keeps a page's blocks, sanitized, until a block changes", async () => {
    const db = database().db;
    seen.length = 0;
    await saveContentBlock(contentBlockFormSchema.parse({ page: "about", name: "equipe", title: "L'équipe", content: "<p>Nous<script>alert(1)</script></p>", type: "html", position: 1 }), edit());
    await heard("content_blocks");
    const blocks = await listDisplayedBlocks("about");
    expect(blocks).toEqual([expect.objectContaining({ name: "equipe", type: "html", content: "<p>Nous</p>" })]);
    expect(await listDisplayedBlocks("about")).toBe(blocks);

    seen.length = 0;
    await db.update(schema.contentBlocks).set({ content: "<p>Nous sommes trois</p>" }).where(eq(schema.contentBlocks.name, "equipe"));
    await heard("content_blocks");
    expect((await listDisplayedBlocks("about"))[0]?.content).toBe("<p>Nous sommes trois</p>");
  });

  it("keeps the blog's list and articles until an article changes, and shows a scheduled one from its time without a write", async () => {
    const db = database().db;
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    const after = new Date(later.getTime() + 1_000);
    const ids = async (at: Date) => (await listArticles(at)).map((a) => a.id).filter((id) => id.startsWith("memoire-"));
    const base = { category: "Conseils", imageUrl: "/uploads/x.webp", author: "La rédaction", excerpt: "En bref.", body: "<p>Corps</p>" };
    seen.length = 0;
    await db.insert(schema.blogArticles).values([
      { ...base, id: "memoire-gardee", title: "Gardée", publishedAt: new Date(now.getTime() - 86_400_000) },
      { ...base, id: "memoire-programmee", title: "Programmée", publishedAt: later, publishAt: later },
    ]);
    await heard("blog_articles");
    const list = await listArticles(now);
    expect(await ids(now)).toEqual(["memoire-gardee"]);
    expect(await listArticles(now)).toBe(list);
    const article = await getViewableArticle("memoire-gardee", { isStaff: false }, false, now);
    expect(article).toMatchObject({ title: "Gardée", draft: false, body: "<p>Corps</p>" });
    expect(await getViewableArticle("memoire-gardee", { isStaff: false }, false, now)).toBe(article);

    // before its time: a 404 for the public (no entry), the preview for an editor
    const size = dataCacheSize();
    expect(await getViewableArticle("memoire-programmee", { isStaff: false }, false, now)).toBeNull();
    expect(dataCacheSize()).toBe(size);
    expect(await getViewableArticle("memoire-programmee", { isStaff: true }, false, now)).toMatchObject({ draft: true });
    // from its time on, without any write: the entries end at the schedule's next boundary
    expect(await ids(after)).toEqual(["memoire-programmee", "memoire-gardee"]);
    expect(await getViewableArticle("memoire-programmee", { isStaff: false }, false, after)).toMatchObject({ title: "Programmée", draft: false });

    // an edit shows on the next read
    seen.length = 0;
    await db.update(schema.blogArticles).set({ title: "Renommée" }).where(eq(schema.blogArticles.id, "memoire-gardee"));
    await heard("blog_articles");
    expect((await getViewableArticle("memoire-gardee", { isStaff: false }, false, after))?.title).toBe("Renommée");
    expect((await listArticles(after)).find((a) => a.id === "memoire-gardee")?.title).toBe("Renommée");
  });

  it("keeps a brand page's brand, live codes and offers, and the categories with something to show, until they change or a code expires", async () => {
    const db = database().db;
    const now = new Date();
    const expiry = new Date(now.getTime() + 3_600_000);
    const later = new Date(expiry.getTime() + 1_000);
    seen.length = 0;
    const [category] = await db.insert(schema.categories).values({ name: "Gardée en mémoire", slug: "gardee-en-memoire" }).returning();
    const [brand] = await db.insert(schema.brands).values({ name: "Marque gardée", slug: "marque-gardee" }).returning();
    // the category has something to show through this code alone, until it expires
    const [code] = await db.insert(schema.promoCodes).values({ brandId: brand.id, categoryId: category.id, code: "GARDE10", discountAmount: "10%", expiresAt: expiry }).returning();
    const [offer] = await db.insert(schema.offers).values({ brandId: brand.id, name: "Offre gardée", regularPrice: "20,00€" }).returning();
    await heard("offers");

    const found = await getBrand("marque-gardee");
    expect(found).toMatchObject({ id: brand.id, name: "Marque gardée" });
    expect(await getBrand("marque-gardee")).toBe(found);
    const size = dataCacheSize();
    expect(await getBrand("marque-inconnue")).toBeNull();
    expect(dataCacheSize()).toBe(size);

    const slugs = async (at: Date) => (await listNonEmptyCategories(at)).map((c) => c.slug);
    expect(await slugs(now)).toContain("gardee-en-memoire");
    expect(await listNonEmptyCategories(now)).toBe(await listNonEmptyCategories(now));
    expect((await listBrandCodes(brand.id, null, now)).map((c) => c.id)).toEqual([code.id]);
    expect((await listCategoryCodes(category.id, null, now)).map((c) => c.id)).toEqual([code.id]);
    // past the code's expiry, without any write: the code is gone, and with it the category it alone filled
    expect(await listBrandCodes(brand.id, null, later)).toEqual([]);
    expect(await listCategoryCodes(category.id, null, later)).toEqual([]);
    expect(await slugs(later)).not.toContain("gardee-en-memoire");

    // an offer, a brand: a change shows on the next read
    expect((await listBrandOffers(brand.id, false, now)).map((o) => o.name)).toEqual(["Offre gardée"]);
    seen.length = 0;
    await db.update(schema.offers).set({ name: "Offre renommée" }).where(eq(schema.offers.brandId, brand.id));
    await heard("offers");
    expect((await listBrandOffers(brand.id, false, now)).map((o) => o.name)).toEqual(["Offre renommée"]);
    // the offer's own page: an entry for the offer, none for an id that shows nothing, the change on the next read
    const entries = dataCacheSize();
    expect((await getPublicOffer(offer.id, false, now))?.offer.name).toBe("Offre renommée");
    expect(dataCacheSize()).toBe(entries + 1);
    expect(await getPublicOffer("00000000-0000-4000-8000-000000000000", false, now)).toBeNull();
    expect(dataCacheSize()).toBe(entries + 1);
    seen.length = 0;
    await db.update(schema.offers).set({ draft: true }).where(eq(schema.offers.id, offer.id));
    await heard("offers");
    expect(await getPublicOffer(offer.id, false, now)).toBeNull();
    seen.length = 0;
    await db.update(schema.brands).set({ name: "Marque renommée" }).where(eq(schema.brands.id, brand.id));
    await heard("brands");
    expect((await getBrand("marque-gardee"))?.name).toBe("Marque renommée");
  });
});
