import { describe, expect, it } from "vitest";
import { DecimalError, fromMicros, memberShareFromDecimal, normaliseDecimal, toMicros } from "./decimal";

describe("exact network amounts", () => {
  it("reads decimal text exactly, in micro-units", () => {
    expect(toMicros("17.833")).toBe(17_833_000n);
    expect(toMicros("-4.5")).toBe(-4_500_000n);
    expect(toMicros(" 0.000001 ")).toBe(1n);
    expect(toMicros(".5")).toBe(500_000n);
    expect(toMicros("12")).toBe(12_000_000n);
    expect(toMicros("1.100000")).toBe(1_100_000n);
  });

  it("refuses what is not an exact decimal, with a French message", () => {
    for (const bad of ["", "abc", "1,5", "1e3", "NaN", "Infinity", "1.2.3", "0.0000001", "1000000000000"]) expect(() => toMicros(bad)).toThrow(DecimalError);
    expect(() => toMicros("12,3,4")).toThrow("montant invalide : « 12,3,4 »");
  });

  it("writes numeric(18,6) text back", () => {
    expect(fromMicros(-4_500_000n)).toBe("-4.500000");
    expect(fromMicros(1n)).toBe("0.000001");
    expect(normaliseDecimal("0.1")).toBe("0.100000");
    // 0.1 + 0.2 is exact here
    expect(fromMicros(toMicros("0.1") + toMicros("0.2"))).toBe("0.300000");
  });

  it("floors the member's share, never rounds up, never negative", () => {
    expect(memberShareFromDecimal("10.00", 7000)).toBe(700);
    // 10.019 × 70 % = 7.0133 € → 701 cents
    expect(memberShareFromDecimal("10.019", 7000)).toBe(701);
    // 0.005 € cases: 1.005 × 70 % = 0.7035 € → 70 cents; 0.0149 × 100 % = 1.49 cents → 1
    expect(memberShareFromDecimal("1.005", 7000)).toBe(70);
    expect(memberShareFromDecimal("0.0149", 10000)).toBe(1);
    expect(memberShareFromDecimal("0.014", 7000)).toBe(0);
    expect(memberShareFromDecimal("-3.00", 7000)).toBe(0);
    expect(memberShareFromDecimal("0", 7000)).toBe(0);
    expect(() => memberShareFromDecimal("1", 10001)).toThrow(DecimalError);
  });
});
