import { describe, expect, it } from "vitest";
import { boostActive, boostText, boostUntilText, effectiveShareBps } from "./boost";
import { summarizeRates, type RateOnBase } from "./member-rate";

const paris = (iso: string) => new Date(iso);
const program = {
  memberShareBps: 7000,
  boostShareBps: 10_000,
  // 25 November 00:00 to 4 December 00:00, Paris time (UTC+1 in winter)
  boostStartsAt: paris("2026-11-24T23:00:00Z"),
  boostEndsAt: paris("2026-12-03T23:00:00Z"),
};

describe("boost window (issue #34 item 6)", () => {
  it("is in force from its start, included, to its end, excluded", () => {
    expect(boostActive(program, paris("2026-11-24T22:59:59.999Z"))).toBe(false);
    expect(boostActive(program, program.boostStartsAt)).toBe(true);
    expect(boostActive(program, paris("2026-12-03T22:59:59.999Z"))).toBe(true);
    expect(boostActive(program, program.boostEndsAt)).toBe(false);
  });

  it("gives the boosted share while in force, the programme's otherwise, and never less than the programme's", () => {
    expect(effectiveShareBps(program, paris("2026-11-30T12:00:00Z"))).toBe(10_000);
    expect(effectiveShareBps(program, paris("2026-12-04T12:00:00Z"))).toBe(7000);
    expect(effectiveShareBps({ ...program, memberShareBps: 10_000, boostShareBps: 8000 }, paris("2026-11-30T12:00:00Z"))).toBe(10_000);
    expect(effectiveShareBps({ memberShareBps: 7000, boostShareBps: null, boostStartsAt: null, boostEndsAt: null }, paris("2026-11-30T12:00:00Z"))).toBe(7000);
  });
});

describe("boost end in French", () => {
  const now = paris("2026-11-28T10:00:00Z");
  it("ends with the day before when it ends at midnight, Paris time", () => {
    expect(boostUntilText(program.boostEndsAt, now)).toBe("jusqu'au 3 décembre");
  });
  it("gives the hour otherwise, and « 1er » for the first of a month", () => {
    expect(boostUntilText(paris("2026-12-01T17:30:00Z"), now)).toBe("jusqu'au 1er décembre à 18 h 30");
  });
  it("gives the year only when it is not the current one", () => {
    expect(boostUntilText(paris("2027-01-09T23:00:00Z"), now)).toBe("jusqu'au 9 janvier 2027");
  });
  it("reads « Cashback boosté : 10 % au lieu de 7 % jusqu'au 3 décembre »", () => {
    expect(boostText("10\u00a0%", "7\u00a0%", program.boostEndsAt, now)).toBe("Cashback boosté : 10\u00a0% au lieu de 7\u00a0% jusqu'au 3 décembre");
  });
});

describe("a brand's summary with boosts", () => {
  const rate = (hundredths: number, boost?: { base: number; endsAt: string }): RateOnBase => ({
    member: { kind: "percent", hundredths },
    baseExcludesVat: true,
    vatRateBps: 2000,
    boost: boost ? { base: { kind: "percent", hundredths: boost.base }, endsAt: paris(boost.endsAt) } : null,
  });

  it("says the best rate is boosted, « au lieu de » the best without boosts", () => {
    const summary = summarizeRates([rate(1000, { base: 700, endsAt: "2026-12-03T23:00:00Z" }), rate(500)]);
    expect(summary).toMatchObject({ rate: "10\u00a0%", label: "Jusqu'à 10\u00a0% de cashback", boost: { base: "7\u00a0%", endsAt: paris("2026-12-03T23:00:00Z") } });
  });

  it("says nothing when the boosted rate is not the best, or is no better than an unboosted one", () => {
    expect(summarizeRates([rate(560, { base: 400, endsAt: "2026-12-03T23:00:00Z" }), rate(700)])?.boost).toBeNull();
    expect(summarizeRates([rate(700, { base: 500, endsAt: "2026-12-03T23:00:00Z" }), rate(700)])?.boost).toBeNull();
    expect(summarizeRates([rate(700)])?.boost).toBeNull();
  });

  it("ends with the last of the boosts that pay the best rate", () => {
    const summary = summarizeRates([rate(1000, { base: 700, endsAt: "2026-12-03T23:00:00Z" }), rate(1000, { base: 600, endsAt: "2026-12-10T23:00:00Z" })]);
    expect(summary?.boost).toEqual({ base: "7\u00a0%", endsAt: paris("2026-12-10T23:00:00Z") });
  });
});
