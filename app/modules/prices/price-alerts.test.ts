import { describe, expect, it } from "vitest";
import { initialBelow, priceAlertStep, suggestedThresholdCents, type PriceAlertState } from "./price-alerts";

const alert = (change: Partial<PriceAlertState> = {}): PriceAlertState => ({ thresholdCents: 4000, currency: "EUR", paused: false, below: false, ...change });
const eur = (priceCents: number) => ({ priceCents, currency: "EUR" });

/** Run a series of prices through an alert: which of them fire. */
function fires(prices: number[], start: Partial<PriceAlertState> = {}): number[] {
  let state = alert(start);
  const fired: number[] = [];
  for (const price of prices) {
    const step = priceAlertStep(state, eur(price));
    if (step.fire) fired.push(price);
    state = { ...state, below: step.below };
  }
  return fired;
}

describe("priceAlertStep: once per drop (ADR 049 §Alerts)", () => {
  it("fires when a price falls strictly under the threshold", () => {
    expect(priceAlertStep(alert(), eur(3999))).toEqual({ below: true, fire: true });
    expect(priceAlertStep(alert(), eur(4000))).toEqual({ below: false, fire: false });
    expect(priceAlertStep(alert(), eur(4500))).toEqual({ below: false, fire: false });
  });

  it("says nothing more while the price stays under it, even lower", () => {
    expect(fires([4500, 3900, 3500, 3000, 3900])).toEqual([3900]);
  });

  it("fires again only after the price went back to or above the threshold", () => {
    expect(fires([3900, 4200, 3800, 4000, 3700, 3600])).toEqual([3900, 3800, 3700]);
  });

  it("does not fire when the alert was set under a price already below its threshold", () => {
    expect(fires([3500, 3000], { below: true })).toEqual([]);
    expect(fires([3500, 4100, 3900], { below: true })).toEqual([3900]);
  });

  it("a paused alert never fires but follows the price: resumed inside a drop, it waits for the next one", () => {
    const paused = priceAlertStep(alert({ paused: true }), eur(3000));
    expect(paused).toEqual({ below: true, fire: false });
    expect(priceAlertStep(alert({ below: paused.below }), eur(2900)).fire).toBe(false);
    expect(priceAlertStep(alert({ below: paused.below }), eur(4100))).toEqual({ below: false, fire: false });
  });

  it("ignores a price in another currency", () => {
    expect(priceAlertStep(alert(), { priceCents: 100, currency: "USD" })).toEqual({ below: false, fire: false });
    expect(priceAlertStep(alert({ below: true }), { priceCents: 9000, currency: "GBP" })).toEqual({ below: true, fire: false });
  });
});

describe("initialBelow", () => {
  it("is true only when the latest price in the alert's currency is under the threshold", () => {
    expect(initialBelow(eur(3500), 4000, "EUR")).toBe(true);
    expect(initialBelow(eur(4000), 4000, "EUR")).toBe(false);
    expect(initialBelow({ priceCents: 3500, currency: "USD" }, 4000, "EUR")).toBe(false);
    expect(initialBelow(null, 4000, "EUR")).toBe(false);
  });
});

describe("suggestedThresholdCents", () => {
  it("suggests 10 % under the price, in whole euros, at least 1 €", () => {
    expect(suggestedThresholdCents(4499)).toBe(4000);
    expect(suggestedThresholdCents(1999)).toBe(1700);
    expect(suggestedThresholdCents(50)).toBe(100);
  });
});
