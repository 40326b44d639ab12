import { expect, it } from "vitest";
import { dataCacheSize } from "../../app/lib/data-cache.server";
import { saveBrand } from "../../app/modules/brands/brands-admin.server";
import { listBrands } from "../../app/modules/brands/brands.server";
import { brandFormSchema } from "../../app/modules/brands/brand-form.schema";
import { saveContentBlock } from "../../app/modules/content/content-admin.server";
import { contentBlockFormSchema } from "../../app/modules/content/content-block-form.schema";
import { getHomeContent } from "../../app/modules/content/home.server";
import { answerCodeFeedback, feedbackStats } from "../../app/modules/promo-codes/code-feedback.server";
import * as schema from "../../db/schema";
import { eq } from "drizzle-orm";
import { searchDeals } from "../../app/modules/deals/deals.server";
import { dealSearchSchema } from "../../app/modules/deals/deals.schema";
import { createUser } from "../helpers/auth";
import { describeEachDb, listenDuringSuite } from "../helpers/db";

const edit = (version: string | null = null) => ({ actor: { id: "test-admin", email: "admin@test.local" }, version });

/**
 * The in-process cache of public data (ADR 026) as a server runs it: listening for data
 * changes (ADR 024). An admin write through the domain is seen by the next read.
 */
describeEachDb("data cache of public reads", ({ database }) => {
  const { seen, heard } = listenDuringSuite(database);

  it("serves a public list from memory, and an admin edit through the domain on the next read", async () => {
    const input = brandFormSchema.parse({ name: "Cachée", slug: "cachee", category: "Beauté", cashbackPercent: "5" });
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
});
