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
import { listBrandOffers, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { describeEachDb, listenDuringSuite } from "#tests/helpers/db";

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
});
