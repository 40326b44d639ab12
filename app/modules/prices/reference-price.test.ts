import { describe, expect, it } from "vitest";
import { referencePrice, type PriceObservation } from "./reference-price";

const AT = new Date("2026-11-29T12:00:00.000Z");
const daysAgo = (d: number) => new Date(AT.getTime() - d * 86_400_000);
/** [days before AT, price in cents, currency?] */
const history = (...rows: [number, number, string?][]): PriceObservation[] => rows.map(([d, priceCents, currency = "EUR"]) => ({ priceCents, currency, observedAt: daysAgo(d) }));

describe("referencePrice", () => {
  const cases: { name: string; obs: PriceObservation[]; price?: number; expected: { reference: number; low: number; percent: number | null; series?: number | null; lowSeen?: number } }[] = [
    { name: "the Aldi case: 1,69 → 1,29 when the 30-day low was already 1,29 is a 0 % reduction", obs: history([20, 129], [10, 169]), price: 129, expected: { reference: 129, low: 129, percent: 0, lowSeen: 20 } },
    { name: "a real reduction from a stable price", obs: history([25, 2000]), price: 1000, expected: { reference: 2000, low: 2000, percent: 50 } },
    { name: "the lowest of several prices in the window", obs: history([28, 1990], [15, 1490], [5, 1790]), price: 1290, expected: { reference: 1490, low: 1490, percent: 13, lowSeen: 15 } },
    { name: "a price held into the window from before it counts, seen at the window's start", obs: history([45, 999]), price: 899, expected: { reference: 999, low: 999, percent: 10, lowSeen: 30 } },
    { name: "a lower price 31 days ago, replaced before the window, does not count", obs: history([40, 500], [31, 1000]), price: 800, expected: { reference: 1000, low: 1000, percent: 20 } },
    { name: "a price at or above the low is no reduction", obs: history([12, 1000]), price: 1100, expected: { reference: 1000, low: 1000, percent: 0 } },
    { name: "the percentage is rounded down, never overstated", obs: history([3, 100]), price: 71, expected: { reference: 100, low: 100, percent: 29 } },
    { name: "without an announced price: the 30-day low", obs: history([9, 700], [2, 650]), expected: { reference: 650, low: 650, percent: null } },
    {
      name: "successive reductions keep the price before the first one: 100 → 80 → 60, now 50",
      obs: history([50, 10000], [20, 8000], [10, 6000]),
      price: 5000,
      expected: { reference: 10000, low: 6000, percent: 50, series: 20 },
    },
    {
      name: "a rise breaks the run: 100 → 80, back to 90, now 70 is computed from the 30-day low",
      obs: history([50, 10000], [20, 8000], [10, 9000]),
      price: 7000,
      expected: { reference: 8000, low: 8000, percent: 12, series: null },
    },
    {
      name: "a reduction more than 60 days ago is not part of the run: 100 → 80 (70 days ago) → 60 → 50 runs from 80",
      obs: history([100, 10000], [70, 8000], [10, 6000]),
      price: 5000,
      expected: { reference: 8000, low: 6000, percent: 37, series: 10 },
    },
    {
      name: "the run's reference is the 30-day low before its first reduction, not a higher earlier price",
      obs: history([70, 9000], [45, 10000], [20, 8000], [10, 6000]),
      price: 5400,
      expected: { reference: 9000, low: 6000, percent: 40, series: 20 },
    },
    {
      name: "a run whose first step was no reduction (a lower price in its 30 days) is no series: the 30-day low",
      obs: history([55, 5000], [45, 10000], [20, 8000], [10, 6000]),
      price: 5500,
      expected: { reference: 6000, low: 6000, percent: 8, series: null },
    },
    { name: "an observation at `at` itself or after it is not history", obs: history([10, 1000], [0, 500], [-3, 400]), price: 500, expected: { reference: 1000, low: 1000, percent: 50 } },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const r = referencePrice(c.obs, AT, c.price === undefined ? {} : { priceCents: c.price, currency: "EUR" });
      expect(r.kind).toBe("reference");
      if (r.kind !== "reference") return;
      expect({ reference: r.referenceCents, low: r.lowCents, percent: r.reductionPercent }).toEqual({ reference: c.expected.reference, low: c.expected.low, percent: c.expected.percent });
      if (c.expected.series !== undefined) expect(r.seriesSince).toEqual(c.expected.series === null ? null : daysAgo(c.expected.series));
      if (c.expected.lowSeen !== undefined) expect(r.lowSeenAt).toEqual(daysAgo(c.expected.lowSeen));
    });
  }

  it("has no reference without an observation in effect in the window", () => {
    expect(referencePrice([], AT, { priceCents: 100 })).toEqual({ kind: "none" });
    // 90 days ago is past the hold of a price into the window
    expect(referencePrice(history([90, 1000]), AT, { priceCents: 500 })).toEqual({ kind: "none" });
    expect(referencePrice(history([-1, 1000]), AT, { priceCents: 500 })).toEqual({ kind: "none" });
  });

  it("refuses to mix currencies, in the history or with the announced price", () => {
    expect(referencePrice(history([10, 1000, "EUR"], [5, 1100, "GBP"]), AT, { priceCents: 900 })).toEqual({ kind: "mixed-currencies", currencies: ["EUR", "GBP"] });
    expect(referencePrice(history([10, 1000]), AT, { priceCents: 900, currency: "CHF" })).toEqual({ kind: "mixed-currencies", currencies: ["CHF", "EUR"] });
    const gbp = referencePrice(history([10, 1000, "GBP"]), AT, { priceCents: 900, currency: "GBP" });
    expect(gbp).toMatchObject({ kind: "reference", currency: "GBP", reductionPercent: 10 });
  });

  it("takes the observations in any order", () => {
    const obs = history([10, 169], [20, 129]);
    expect(referencePrice(obs, AT, { priceCents: 129 })).toMatchObject({ referenceCents: 129, reductionPercent: 0 });
  });
});
