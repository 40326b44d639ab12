import { describe, expect, it } from "vitest";
import { CHART_WIDTH, NO_PRICE_HISTORY, parseHistoryPeriod, priceChart } from "./price-chart";

const DAY = 86_400_000;
const TO = new Date("2026-11-29T12:00:00Z");
const daysAgo = (d: number) => new Date(TO.getTime() - d * DAY);
const obs = (d: number, priceCents: number, currency = "EUR") => ({ priceCents, currency, observedAt: daysAgo(d) });
const period = (days: number) => ({ from: daysAgo(days), to: TO });

describe("parseHistoryPeriod", () => {
  it("reads 30, 90 and 365 days; anything else is 90", () => {
    expect([parseHistoryPeriod("30"), parseHistoryPeriod("90"), parseHistoryPeriod("365")]).toEqual([30, 90, 365]);
    for (const bad of [null, undefined, "", "7", "30.0", " 30", "abc", "-90"]) expect(parseHistoryPeriod(bad)).toBe(90);
  });
});

describe("priceChart (issue #39 item 4, ADR 049)", () => {
  it("has no chart without a price in effect: « Pas encore d'historique de prix »", () => {
    expect(NO_PRICE_HISTORY).toBe("Pas encore d'historique de prix");
    expect(priceChart([], period(90))).toBeNull();
    // only a price observed later than the period's end, or too long before its start to hold into it
    expect(priceChart([{ priceCents: 999, currency: "EUR", observedAt: new Date(TO.getTime() + DAY) }], period(90))).toBeNull();
    expect(priceChart([obs(61, 999)], period(30))).toBeNull();
  });

  it("gives the low, the high and the time-weighted average of the prices in effect", () => {
    // 20 € for 60 days, then 10 € for the last 30: time-weighted 16,67 €, per observation it would be 15 €
    const chart = priceChart([obs(90, 2000), obs(30, 1000)], period(90))!;
    expect([chart.lowCents, chart.highCents, chart.averageCents]).toEqual([1000, 2000, 1667]);
    expect(chart.currency).toBe("EUR");
  });

  it("draws a step line: a price holds until the next observation", () => {
    const chart = priceChart([obs(90, 2000), obs(45, 1000), obs(15, 1500)], period(90))!;
    // starts at the left edge, goes flat, then only vertical and horizontal moves, ends at the right edge
    expect(chart.path).toMatch(/^M0 [\d.]+(H[\d.]+V[\d.]+)+H600$/);
    expect(chart.path).toBe("M0 12H300V148H500V80H600");
    expect(chart.steps.map((s) => [s.priceCents, (TO.getTime() - s.from.getTime()) / DAY, (TO.getTime() - s.to.getTime()) / DAY])).toEqual([
      [2000, 90, 45],
      [1000, 45, 15],
      [1500, 15, 0],
    ]);
  });

  it("carries the price observed before the period into it, when at most 30 days before its start", () => {
    const chart = priceChart([obs(55, 1699), obs(20, 1799)], period(30))!;
    expect(chart.steps.map((s) => [s.priceCents, s.observedAt])).toEqual([
      [1699, daysAgo(55)],
      [1799, daysAgo(20)],
    ]);
    // drawn from the left edge, and the period's figures only: the 29,98 € of 88 days ago is out
    expect(chart.path.startsWith("M0 ")).toBe(true);
    const longer = priceChart([obs(88, 2998), obs(55, 1699), obs(20, 1799)], period(30))!;
    expect([longer.lowCents, longer.highCents]).toEqual([1699, 1799]);
    expect(longer.averageCents).toBe(Math.round((1699 * 10 + 1799 * 20) / 30));
  });

  it("draws a flat history across the middle, and keeps to the latest currency", () => {
    const flat = priceChart([obs(10, 500)], period(30))!;
    expect(flat.path).toBe(`M${(20 / 30) * CHART_WIDTH} 80H600`);
    expect([flat.lowCents, flat.averageCents, flat.highCents]).toEqual([500, 500, 500]);
    const mixed = priceChart([obs(20, 100, "USD"), obs(10, 500)], period(30))!;
    expect(mixed.steps.map((s) => s.priceCents)).toEqual([500]);
  });
});
