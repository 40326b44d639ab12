import { describe, expect, it } from "vitest";
import { bestMemberRate, cashbackLabel, compareMemberRates, DEFAULT_MEMBER_SHARE_BPS, estimateCashback, formatMemberRate, memberRate, offerCashbackText, percentToHundredths, summarizeRates, type RateOnBase } from "./member-rate";

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

  it("orders rates as bestMemberRate chooses: percentages first, the highest first, then fixed amounts", () => {
    const rates = [
      { kind: "fixed", cents: 900 },
      { kind: "percent", hundredths: 420 },
      { kind: "fixed", cents: 350 },
      { kind: "percent", hundredths: 700 },
    ] as const;
    expect([...rates].sort(compareMemberRates)).toEqual([rates[3], rates[1], rates[0], rates[2]]);
    expect(compareMemberRates({ kind: "percent", hundredths: 700 }, { kind: "percent", hundredths: 700 })).toBe(0);
  });

  it("labels the card: one rate, or 'Jusqu'à' when they differ", () => {
    expect(cashbackLabel({ kind: "percent", hundredths: 700 }, 1)).toBe("7\u00a0% de cashback");
    expect(cashbackLabel({ kind: "percent", hundredths: 700 }, 3)).toBe("Jusqu'à 7\u00a0% de cashback");
  });
});

describe("a brand's cashback from its programmes' current rates (issue #34 item 1)", () => {
  const pct = (network: string, share = 7000, base = true, vat = 2000): RateOnBase => ({
    member: memberRate({ displayPercent: network, displayFixedCents: null }, share),
    baseExcludesVat: base,
    vatRateBps: vat,
  });
  const fixed = (cents: number, share = 7000): RateOnBase => ({ member: memberRate({ displayPercent: null, displayFixedCents: cents }, share), baseExcludesVat: true, vatRateBps: 2000 });

  it("no rate (no programme, a paused one, or only expired rates: the caller passes none) shows nothing", () => {
    expect(summarizeRates([])).toBeNull();
  });

  it("a 0 % rate promises nothing: no cashback shown", () => {
    expect(summarizeRates([pct("0.00")])).toBeNull();
    expect(summarizeRates([pct("0.01")])).toBeNull(); // 0,007 % floored to 0
  });

  it("one rate: « 7 % de cashback », the member's share of the network's rate", () => {
    expect(summarizeRates([pct("10.00")])).toMatchObject({ rate: "7\u00a0%", upTo: false, label: "7\u00a0% de cashback", baseExcludesVat: true, vatRateBps: 2000 });
  });

  it("several rates: the best, « Jusqu'à »; the same rate twice is one rate", () => {
    expect(summarizeRates([pct("6.00"), pct("10.00"), pct("8.50")])).toMatchObject({ rate: "7\u00a0%", upTo: true, label: "Jusqu'à 7\u00a0% de cashback" });
    expect(summarizeRates([pct("10.00"), pct("10.00")])).toMatchObject({ upTo: false, label: "7\u00a0% de cashback" });
    // each programme's own share: 10 % × 50 % and 7 % × 100 % are both 5 %
    expect(summarizeRates([pct("10.00", 5000), pct("5.00", 10000)])).toMatchObject({ upTo: false, rate: "5\u00a0%" });
  });

  it("fixed amounts in euros with two decimals; a percentage wins over a fixed amount", () => {
    expect(summarizeRates([fixed(500)])).toMatchObject({ rate: "3,50\u00a0€", label: "3,50\u00a0€ de cashback" });
    expect(summarizeRates([fixed(500), fixed(1000)])).toMatchObject({ label: "Jusqu'à 7,00\u00a0€ de cashback" });
    expect(summarizeRates([fixed(5000), pct("5.00")])).toMatchObject({ rate: "3,5\u00a0%", upTo: true });
  });

  it("the base is the paying programme's; between equal best rates, the cautious one (excluding VAT)", () => {
    expect(summarizeRates([pct("5.00", 7000, true), pct("10.00", 7000, false, 550)])).toMatchObject({ baseExcludesVat: false, vatRateBps: 550 });
    expect(summarizeRates([pct("10.00", 7000, false), pct("10.00", 7000, true, 1000)])).toMatchObject({ baseExcludesVat: true, vatRateBps: 1000 });
  });
});

describe("the estimate on an offer's price (issue #34 item 3, ADR 006)", () => {
  const summary = (network: string, base: boolean, vat = 2000, others: string[] = []) =>
    summarizeRates([network, ...others].map((p) => ({ member: memberRate({ displayPercent: p, displayFixedCents: null }, 7000), baseExcludesVat: base, vatRateBps: vat })))!;

  it("excluding VAT: the price divided by (1 + VAT), then the rate, floored, « environ »", () => {
    // 89,00 € / 1,20 × 7 % = 5,191… → 5,19 €
    expect(estimateCashback(summary("10.00", true), "89,00€")).toEqual({ cents: 519, approximate: true, upTo: false });
    expect(offerCashbackText(summary("10.00", true), "89,00€")).toBe("7\u00a0% de cashback, soit environ 5,19\u00a0€");
    // 5,5 % VAT: 89 / 1,055 × 7 % = 5,905… → 5,90 €
    expect(estimateCashback(summary("10.00", true, 550), "89,00€")?.cents).toBe(590);
  });

  it("on the price paid (VAT included): the rate on the price, exact", () => {
    expect(estimateCashback(summary("10.00", false), "89,00€")).toEqual({ cents: 623, approximate: false, upTo: false });
    expect(offerCashbackText(summary("10.00", false), "89,00€")).toBe("7\u00a0% de cashback, soit 6,23\u00a0€");
  });

  it("several rates: the best one's worth, under « Jusqu'à »", () => {
    expect(offerCashbackText(summary("10.00", true, 2000, ["6.00"]), "32,90€")).toBe("Jusqu'à 7\u00a0% de cashback, soit environ 1,91\u00a0€");
  });

  it("a fixed amount is that amount whatever the price; a price that is no number gives only the rate", () => {
    const fixedOnly = summarizeRates([{ member: { kind: "fixed", cents: 350 }, baseExcludesVat: true, vatRateBps: 2000 }])!;
    expect(estimateCashback(fixedOnly, "89,00€")).toEqual({ cents: 350, approximate: false, upTo: false });
    expect(offerCashbackText(fixedOnly, "89,00€")).toBe("3,50\u00a0€ de cashback");
    expect(estimateCashback(summary("10.00", true), "sur devis")).toBeNull();
    expect(offerCashbackText(summary("10.00", true), "sur devis")).toBe("7\u00a0% de cashback");
  });

  it("never strikes a price: the text names no price with cashback taken off", () => {
    expect(offerCashbackText(summary("10.00", true), "54,90€")).not.toMatch(/54,90|51,70/);
  });
});
