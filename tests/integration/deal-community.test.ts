import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { listenForDataChanges, onDataChange } from "#app/lib/data-changes.server";
import type { Database } from "#app/lib/db.server";
import { hotScore } from "#app/modules/deals/deal-rules";
import { listFeaturedDeals, searchDeals } from "#app/modules/deals/deals.server";
import { listBrandDeals } from "#app/modules/brands/brands.server";
import { allowedHosts, invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { dealSearchSchema } from "#app/modules/deals/deals.schema";
import { describeEachDb } from "#tests/helpers/db";

/** The deal community's foundation (issue #15): post states, the hot score kept by the database, and what stays private. */
describeEachDb("deal community foundation", ({ database }) => {
  let brand: typeof s.brands.$inferSelect;
  let author: string;
  beforeAll(async () => {
    const db = database().db;
    [brand] = await db.insert(s.brands).values({ name: "Marque Commu", slug: "marque-commu", websiteUrl: "https://commu.example" }).returning();
    author = randomUUID();
    await db.insert(s.user).values({ id: author, name: "posteur", email: `${author}@example.fr`, emailVerified: true });
  });

  const deal = async (values: Partial<typeof s.crevardeDeals.$inferInsert>) =>
    (
      await database()
        .db.insert(s.crevardeDeals)
        .values({ title: "Sérum commu", description: "Un sérum", price: "9,99€", source: "temu", badgeText: "Top", url: "https://commu.example/p", brandId: brand.id, ...values })
        .returning()
    )[0];

  it("keeps the hot score in step with the temperature and the publication date, as deal-rules computes it", async () => {
    const publishedAt = new Date("2026-11-20T08:00:00Z");
    const row = await deal({ title: "Score", publishedAt });
    expect(row.hotScore).toBeCloseTo(hotScore(0, publishedAt), 6);
    const db = database().db;
    // the vote's way: a delta in SQL, never read-modify-write
    await db.update(s.crevardeDeals).set({ temperature: sql`${s.crevardeDeals.temperature} + 150` }).where(eq(s.crevardeDeals.id, row.id));
    const [after] = await db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, row.id));
    expect(after.temperature).toBe(150);
    expect(after.hotScore).toBeCloseTo(hotScore(150, publishedAt), 6);
    const pending = await deal({ title: "En attente", status: "pending_review", publishedAt: null });
    expect(pending.hotScore).toBe(0);
  });

  it("shows only published deals: a member's pending post is in no list, no search and opens no redirect host", async () => {
    const pending = await deal({ title: "Aspirateur fantôme", status: "pending_review", publishedAt: null, authorId: author, isFeatured: true, url: "https://pending-member.example/x" });
    const removed = await deal({ title: "Aspirateur retiré", status: "removed", isFeatured: true, url: "https://removed.example/x" });
    const live = await deal({ title: "Aspirateur publié", isFeatured: true });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(await listFeaturedDeals(false, 50))).toEqual(expect.arrayContaining([live.id]));
    expect(ids(await listFeaturedDeals(false, 50))).not.toEqual(expect.arrayContaining([pending.id]));
    expect(ids(await listBrandDeals(brand.id, false))).not.toContain(pending.id);
    expect(ids(await listBrandDeals(brand.id, false))).not.toContain(removed.id);
    const found = await searchDeals(dealSearchSchema.parse({ q: "aspirateur" }), false);
    expect(ids(found.deals)).toEqual([live.id]);
    invalidateAllowedHosts();
    const hosts = await allowedHosts();
    expect(hosts.has("commu.example")).toBe(true);
    expect(hosts.has("pending-member.example")).toBe(false);
    expect(hosts.has("removed.example")).toBe(false);
  });

  it("does not empty every server's caches when a vote moves a temperature, but does on a content change", async () => {
    const row = await deal({ title: "Silencieux" });
    const db = database();
    const stop = await listenForDataChanges(db, (db as Database & { url?: string }).url);
    const seen: string[] = [];
    const off = onDataChange((table) => seen.push(table));
    try {
      await db.db.update(s.crevardeDeals).set({ temperature: sql`${s.crevardeDeals.temperature} + 1` }).where(eq(s.crevardeDeals.id, row.id));
      await db.db.update(s.crevardeDeals).set({ title: "Silencieux, modifié" }).where(eq(s.crevardeDeals.id, row.id));
      await expect.poll(() => seen, { timeout: 60_000 }).toContain("crevarde_deals");
      // the first update fired nothing: exactly one notification, the title's
      expect(seen.filter((t) => t === "crevarde_deals")).toHaveLength(1);
    } finally {
      off();
      await stop();
    }
  });
});
