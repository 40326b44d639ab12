import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frenchNumber } from "./french-number";

const intl = (max: number, min: number) => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: max, minimumFractionDigits: min });

describe("frenchNumber: Intl.NumberFormat('fr-FR') without Intl", () => {
  it("writes counts, decimals and signs as French does", () => {
    expect(frenchNumber(0)).toBe("0");
    expect(frenchNumber(7)).toBe("7");
    expect(frenchNumber(999)).toBe("999");
    expect(frenchNumber(1234)).toBe("1\u202f234");
    expect(frenchNumber(1_000_000)).toBe("1\u202f000\u202f000");
    expect(frenchNumber(2.5)).toBe("2,5");
    expect(frenchNumber(-1234.5)).toBe("-1\u202f234,5");
    expect(frenchNumber(2.333333, 2)).toBe("2,33");
    expect(frenchNumber(3.5, 2, 2)).toBe("3,50");
  });

  it("rounds as ICU does, half away from zero on the shortest decimal (1.0005 is « 1,001 », not toFixed's « 1,000 »)", () => {
    expect(frenchNumber(1.0005)).toBe("1,001");
    expect(frenchNumber(0.0005)).toBe("0,001");
    expect(frenchNumber(0.0004)).toBe("0");
    expect(frenchNumber(-0.0004)).toBe("-0");
    expect(frenchNumber(999.9996)).toBe("1\u202f000");
    expect(frenchNumber(0.995, 2)).toBe("1");
    expect(frenchNumber(1e21)).toBe(intl(3, 0).format(1e21));
    expect(frenchNumber(1e-7)).toBe("0");
    expect(frenchNumber(Number.NaN)).toBe(intl(3, 0).format(Number.NaN));
    expect(frenchNumber(-Infinity)).toBe(intl(3, 0).format(-Infinity));
  });

  it("equals Intl.NumberFormat('fr-FR') on integers, decimals and fraction settings", () => {
    const fraction = fc.integer({ min: 0, max: 4 }).chain((min) => fc.tuple(fc.constant(min), fc.integer({ min, max: 6 })));
    const number = fc.oneof(
      fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 10000 + 0.00005),
    );
    fc.assert(
      fc.property(number, fraction, (n, [min, max]) => {
        expect(frenchNumber(n, max, min)).toBe(intl(max, min).format(n));
      }),
      { numRuns: 5000 },
    );
  });
});
