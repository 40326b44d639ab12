import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import * as s from "#db/schema";
import { req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const uniq = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);
/** French amounts with any kind of space (Intl writes a no-break space before «€»). */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

describeEachDb("the deal page's price history chart (issue #39 item 4, ADR 049)", () => {
  /** A published deal whose product was seen at `history`: [days ago, cents]. */
  async function dealWithHistory(history: [number, number][], url?: string) {
    const db = await getDb();
    const shop = `histoire-${uniq()}`;
    for (const [days, priceCents] of history)
      await db.insert(s.priceObservations).values({ productKey: `${shop}.fr/produit`, merchant: `${shop}.fr`, priceCents, source: "import", observedAt: daysAgo(days) });
    const [row] = await db
      .insert(s.crevardeDeals)
      .values({ title: `Produit ${uniq()}`, description: "x", price: "9,99€", source: "shop", badgeText: "Top", url: url ?? `https://www.${shop}.fr/produit?ref=x`, publishedAt: new Date() })
      .returning();
    return row;
  }
  const historyOf = async (id: string, query = "") => (await callRoute(dealLoader, req(`/coup-de-crevarde/${id}${query}`), { id })).data.history;
  const figures = (history: Awaited<ReturnType<typeof historyOf>>) =>
    history?.chart && [history.days, plain(history.chart.low), plain(history.chart.average), plain(history.chart.high), history.chart.rows.map((r) => plain(r.price))];

  it("reads ?historique=30|90|365, 90 days by default and for any other value, with the period's low, average and high", async () => {
    const deal = await dealWithHistory([[200, 4000], [80, 3000], [20, 1000]]);
    // 90 days: from the first price in it, 30 € for 60 days then 10 € for 20, time-weighted 25 € (per observation: 20 €);
    // the 40 € of 200 days ago is too old to hold into it
    const ninety = [90, "10,00 €", "25,00 €", "30,00 €", ["30,00 €", "10,00 €"]];
    expect(figures(await historyOf(deal.id))).toEqual(ninety);
    expect(figures(await historyOf(deal.id, "?historique=90"))).toEqual(ninety);
    for (const bad of ["7", "abc", "", "365.5"]) expect(figures(await historyOf(deal.id, `?historique=${bad}`))).toEqual(ninety);
    // 30 days: the 30 € of 80 days ago is more than 30 days before the period, so not held into it
    expect(figures(await historyOf(deal.id, "?historique=30"))).toEqual([30, "10,00 €", "10,00 €", "10,00 €", ["10,00 €"]]);
    // 365 days: all of it, from its first observation
    const year = await historyOf(deal.id, "?historique=365");
    expect(figures(year)).toEqual([365, "10,00 €", expect.any(String), "40,00 €", ["40,00 €", "30,00 €", "10,00 €"]]);
    expect(year?.chart?.path).toMatch(/^M[\d.]+ [\d.]+(H[\d.]+V[\d.]+)+H600$/);
    expect(plain(year!.summary)).toMatch(new RegExp(`^Du \\d{1,2}(er)? \\S+ \\d{4} au \\d{1,2}(er)? \\S+ \\d{4} : plus bas 10,00 €, moyen ${plain(year!.chart!.average)}, plus haut 40,00 €$`, "u"));
    expect(plain(year!.chart!.label)).toBe(`Historique du prix sur 365 jours : au plus bas 10,00 €, en moyenne ${plain(year!.chart!.average)}, au plus haut 40,00 €`);
  });

  it("says there is no history yet for a product never seen, and shows no chart for a link without a product key", async () => {
    expect(await historyOf((await dealWithHistory([])).id)).toEqual({ days: 90, summary: "Pas encore d'historique de prix", chart: null });
    expect(await historyOf((await dealWithHistory([], "https://www.exemple-sans-produit.fr/")).id)).toBeNull();
  });
});
