import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { action as postAction } from "#app/routes/coup-de-crevarde.proposer";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const uniq = () => randomUUID().slice(0, 8);

describeEachDb("one link posted twice in the same second (ADR 036)", () => {
  let categoryId: string;
  beforeAll(async () => {
    [{ id: categoryId }] = await (await getDb()).insert(s.categories).values({ name: `Course ${uniq()}`, slug: `course-${uniq()}` }).returning({ id: s.categories.id });
  });
  /** a member whose posts publish at once (approved posts) */
  const trusted = async () => {
    const me = await signedInUser();
    const db = await getDb();
    for (let i = 0; i < 5; i++) {
      await db.insert(s.crevardeDeals).values({ title: `Ancien ${uniq()}`, description: "x", price: "1€", source: "x", badgeText: "x", url: `https://old-${uniq()}.fr/`, authorId: me.id, status: "published", publishedAt: new Date() });
    }
    return me;
  };

  it("the first is published, the second waits for moderation: never two published, never an error", async () => {
    const [a, b, c] = await Promise.all([trusted(), trusted(), trusted()]);
    const url = `https://www.meme-lien-${uniq()}.fr/produit/7`;
    const form = (n: number) => ({ url: `${url}?utm_source=membre${n}`, title: `Robot cuiseur ${uniq()} à 199 €`, price: "199", originalPrice: "", referencePriceSource: "merchant_strikethrough", code: "", merchant: "Boutique", categoryId, expiresOn: "", description: "Un robot cuiseur multifonction à un prix jamais vu, livraison offerte." });
    const results = await Promise.all([a, b, c].map((m, i) => callRoute(postAction, req("/coup-de-crevarde/proposer", { cookie: m.cookie, form: form(i) }))));
    // each is posted, or (when the first was already published before its check) asked to confirm the duplicate: never an error
    for (const r of results) expect(r.location === "/profile#mes-deals" || r.status === 409).toBe(true);
    expect(results.filter((r) => r.location === "/profile#mes-deals").length).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    // whichever of the three was posted first (any of them may be the one asked to confirm)
    const posted = await db.select({ c: s.crevardeDeals.canonicalUrl }).from(s.crevardeDeals).where(inArray(s.crevardeDeals.authorId, [a.id, b.id, c.id]));
    const canonical = posted.find((r) => r.c?.includes("meme-lien"))!.c!;
    const rows = await db.select({ status: s.crevardeDeals.status, publishedAt: s.crevardeDeals.publishedAt }).from(s.crevardeDeals).where(eq(s.crevardeDeals.canonicalUrl, canonical));
    expect(rows.filter((r) => r.status === "published")).toHaveLength(1);
    expect(rows.filter((r) => r.publishedAt !== null)).toHaveLength(1);
    expect(rows.filter((r) => r.status === "pending_review")).toHaveLength(results.filter((r) => r.location !== null).length - 1);
  });
});
