import { describe, expect, it } from "vitest";
import { bestMemberRate, cashbackLabel, DEFAULT_MEMBER_SHARE_BPS, formatMemberRate, memberRate, percentToHundredths } from "./member-rate";

describe("member rate = network rate × member share, floored (ADR 015)", () => {
  it("reads stored percentages exactly", () => {
    expect(percentToHundredths("10.00")).toBe(1000);
    expect(percentToHundredths("3.3")).toBe(330);
    expect(percentToHundredths("0.05")).toBe(5);
    expect(percentToHundredths("100")).toBe(10000);
    expect(() => percentToHundredths("dix")).toThrow();
  });

  it("10 % × 70 % = 7 %, shown in French", () => {
    const r = memberRate({ displayPercent: "10.00", displayFixedCents: null }, DEFAULT_MEMBER_SHARE_BPS);
    expect(r).toEqual({ kind: "percent", hundredths: 700 });
    expect(formatMemberRate(r)).toBe("7\u00a0%");
  });

  it("floors, never rounds up: 3,33 % × 70 % = 2,33 % (2,331), 8,5 % × 70 % = 5,95 %", () => {
    expect(formatMemberRate(memberRate({ displayPercent: "3.33", displayFixedCents: null }, 7000))).toBe("2,33\u00a0%");
    expect(formatMemberRate(memberRate({ displayPercent: "8.50", displayFixedCents: null }, 7000))).toBe("5,95\u00a0%");
    expect(memberRate({ displayPercent: "0.01", displayFixedCents: null }, 7000)).toEqual({ kind: "percent", hundredths: 0 });
    expect(formatMemberRate(memberRate({ displayPercent: "12.00", displayFixedCents: null }, 7550))).toBe("9,06\u00a0%");
  });

  it("fixed amounts: 5,00 € × 70 % = 3,50 €; 0,99 € × 70 % = 0,69 €", () => {
    expect(formatMemberRate(memberRate({ displayPercent: null, displayFixedCents: 500 }, 7000))).toBe("3,50\u00a0€");
    expect(memberRate({ displayPercent: null, displayFixedCents: 99 }, 7000)).toEqual({ kind: "fixed", cents: 69 });
  });

  it("the best rate is the highest percentage, else the highest fixed amount", () => {
    const rates = [
      { kind: "fixed", cents: 900 },
      { kind: "percent", hundredths: 420 },
      { kind: "percent", hundredths: 700 },
    ] as const;
    expect(bestMemberRate([...rates])).toEqual({ kind: "percent", hundredths: 700 });
    expect(bestMemberRate([{ kind: "fixed", cents: 100 }, { kind: "fixed", cents: 350 }])).toEqual({ kind: "fixed", cents: 350 });
    expect(bestMemberRate([])).toBeNull();
  });

  it("labels the card: one rate, or 'Jusqu'à' when they differ", () => {
    expect(cashbackLabel({ kind: "percent", hundredths: 700 }, 1)).toBe("7\u00a0% de cashback");
    expect(cashbackLabel({ kind: "percent", hundredths: 700 }, 3)).toBe("Jusqu'à 7\u00a0% de cashback");
  });
});
