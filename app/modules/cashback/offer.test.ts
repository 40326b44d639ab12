import { describe, expect, it } from "vitest";
import { estimateValidationDelay, nearestRank, validationDelayText } from "./offer";

describe("nearestRank", () => {
  it("takes the ceil(p × n)-th value", () => {
    const v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(nearestRank(v, 50)).toBe(5);
    expect(nearestRank(v, 90)).toBe(9);
    expect(nearestRank(v, 100)).toBe(10);
    expect(nearestRank([7], 90)).toBe(7);
    expect(nearestRank([1, 2, 3], 50)).toBe(2);
  });
  it("refuses an empty list", () => {
    expect(() => nearestRank([], 50)).toThrow(RangeError);
  });
});

describe("estimateValidationDelay", () => {
  it("needs 20 delays", () => {
    expect(estimateValidationDelay(Array.from({ length: 19 }, () => 30))).toBeNull();
    expect(estimateValidationDelay(Array.from({ length: 20 }, () => 30))).toEqual({ p50: 30, p90: 30, count: 20 });
  });
  it("gives the nearest-rank median and 90th percentile, in whole days rounded up, whatever the order", () => {
    const delays = Array.from({ length: 20 }, (_, i) => 20 - i - 0.5); // 19.5 … 0.5 → 1 … 20 after ceil
    expect(estimateValidationDelay(delays)).toEqual({ p50: 10, p90: 18, count: 20 });
  });
  it("ignores negative and non-finite delays", () => {
    const delays = [...Array.from({ length: 19 }, () => 10), -1, Number.NaN];
    expect(estimateValidationDelay(delays)).toBeNull();
  });
});

describe("validationDelayText", () => {
  it("observed, declared, then the 90-day fallback", () => {
    expect(validationDelayText({ p50: 38, p90: 61, count: 25 }, 30)).toBe("Délai de validation constaté : 38 jours (90 % des achats validés sous 61 jours)");
    expect(validationDelayText(null, 45)).toBe("Délai de validation annoncé : 45 jours");
    expect(validationDelayText(null, null)).toBe("Délai de validation : jusqu'à 90 jours");
  });
});
