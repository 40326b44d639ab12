import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { recordPriceObservation } from "#app/modules/prices/observations.server";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { action, loader, meta } from "#app/routes/offers.$id";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callMeta, callRoute } from "#tests/helpers/route";

const uniq = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;
/** French amounts with any kind of space (Intl writes a no-break space before «€»). */
const plain = (text: string | null | undefined) => text?.replace(/[\s\u00a0\u202f]+/g, " ") ?? null;

describeEachDb("an offer's page (/offres/:id, ADR 049 §The offer page)", () => {
  /** A brand and its offer at 32,90 € whose product sold at 27,90 € 10 days ago and 34,90 € 200 days ago. */
  const offer = async (values: Partial<typeof s.offers.$inferInsert> = {}) => {
    const tag = uniq();
    const db = await getDb();
    const [brand] = await db.insert(s.brands).values({ name: `Marque ${tag}`, slug: `marque-${tag}` }).returning();
    const url = `https://www.boutique-${tag}.fr/produit/huile`;
    const [row] = await db
      .insert(s.offers)
      .values({ brandId: brand.id, name: `Huile ${tag}`, regularPrice: "32,90€", url, tag: "CULTE", ...values })
      .returning();
    const now = Date.now();
    for (const [days, price] of [[200, "34,90€"], [10, "27,90€"], [2, "32,90€"]] as const)
      await db.transaction((tx) => recordPriceObservation(tx, { url, price, source: "import", observedAt: new Date(now - days * DAY) }));
    return { ...row, brand, path: `/offres/${row.id}`, key: `boutique-${tag}.fr/produit/huile` };
  };
  const load = (path: string, id: string) => callRoute(loader, req(path), { id });
  const follow = (cookie: string | undefined, o: { id: string; path: string }, threshold: string) =>
    callRoute(action, req(o.path, { cookie, form: { intent: "price-alert", threshold } }), { id: o.id });
  const alertsOf = async (userId: string) => (await getDb()).select().from(s.priceAlerts).where(eq(s.priceAlerts.userId, userId));

  it("shows a live offer with its brand, its 30-day low (no reduction) and its price history by period", async () => {
    const o = await offer();
    const page = await load(o.path, o.id);
    expect(page.status).toBe(200);
    expect(page.data.offer).toMatchObject({ id: o.id, name: o.name, brandName: o.brand.name, brandSlug: o.brand.slug, regularPrice: "32,90€", tag: "CULTE" });
    expect(plain(page.data.offer.lowest)).toBe("Prix le plus bas des 30 derniers jours : 27,90 €");
    // its product link stays on the server
    expect(JSON.stringify(page.data)).not.toContain("/produit/huile");
    // 90 days by default: the 34,90 € of 200 days ago is out of it
    expect(page.data.history?.days).toBe(90);
    expect(page.data.history?.chart?.rows.map((r) => plain(r.price))).toEqual(["27,90 €", "32,90 €"]);
    expect(plain(page.data.history?.summary)).toContain("plus bas 27,90 €");
    const year = await load(`${o.path}?historique=365`, o.id);
    expect(year.data.history?.days).toBe(365);
    expect(year.data.history?.chart?.rows.map((r) => plain(r.price))).toEqual(["34,90 €", "27,90 €", "32,90 €"]);
    expect(year.data.history?.chart?.path).toMatch(/^M/);
    // the follow form, 10 % under its price
    expect(page.data.alertThreshold).toBe("29");

    const tags = callMeta(meta, { data: page.data, location: { pathname: o.path } });
    expect(tags).toContainEqual({ title: `${o.name} ${o.brand.name} à 32,90€ | Crevarde` });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: expect.stringMatching(new RegExp(`/offres/${o.id}$`)) });
  });

  it("answers the site's French 404 for a draft, an offer scheduled later, one unpublished, and an unknown id", async () => {
    const draft = await offer({ draft: true });
    const later = await offer({ publishAt: new Date(Date.now() + 3 * DAY) });
    const ended = await offer({ publishAt: new Date(Date.now() - 9 * DAY), unpublishAt: new Date(Date.now() - DAY) });
    const unknown = randomUUID();
    for (const id of [draft.id, later.id, ended.id, unknown, "pas-un-id"]) {
      const res = await load(`/offres/${id}`, id);
      expect(res.status, id).toBe(404);
    }
    const tags = callMeta(meta, { location: { pathname: `/offres/${unknown}` } });
    expect(tags).toContainEqual({ title: "Page introuvable | Crevarde" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("a member follows the offer's product once (a new threshold after), a visitor is sent to sign in, a draft cannot be followed", async () => {
    const o = await offer();
    const visitor = await follow(undefined, o, "30");
    expect(visitor.status).toBe(303);
    expect(visitor.location).toBe(`/auth?redirect=${encodeURIComponent(o.path)}`);

    const me = await signedInUser();
    const res = await follow(me.cookie, o, "30");
    expect(res.status).toBe(303);
    expect(res.location).toBe(o.path);
    expect(await alertsOf(me.id)).toEqual([expect.objectContaining({ productKey: o.key, label: o.name, dealId: null, offerId: o.id, thresholdCents: 3000, paused: false })]);
    expect((await follow(me.cookie, o, "28,50")).status).toBe(303);
    const alerts = await alertsOf(me.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].thresholdCents).toBe(2850);

    const bad = await follow(me.cookie, o, "beaucoup");
    expect(bad.status).toBe(400);
    expect(bad.data).toHaveProperty("priceAlert", "Indique un prix en euros, par exemple 40 ou 39,99.");

    const draft = await offer({ draft: true });
    const refused = await follow(me.cookie, draft, "30");
    expect(refused.status).toBe(404);
    expect(await alertsOf(me.id)).toHaveLength(1);
  });

  it("lists a live offer's page in the sitemap, not a draft's nor one scheduled later", async () => {
    const live = await offer();
    const draft = await offer({ draft: true });
    const later = await offer({ publishAt: new Date(Date.now() + 3 * DAY) });
    const paths = (await sitemapEntries("Crevarde")).map((e) => e.path);
    expect(paths).toContain(live.path);
    expect(paths).not.toContain(draft.path);
    expect(paths).not.toContain(later.path);
  });
});
