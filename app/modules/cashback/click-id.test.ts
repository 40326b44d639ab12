import { describe, expect, it } from "vitest";
import { CLICK_ID_PATTERN, newClickId } from "./click-id";

describe("newClickId", () => {
  it("is 'c' + 20 base62 characters", () => {
    for (let i = 0; i < 200; i++) {
      const id = newClickId();
      expect(id).toHaveLength(21);
      expect(id).toMatch(CLICK_ID_PATTERN);
    }
  });

  it("does not repeat over many draws", () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newClickId()));
    expect(ids.size).toBe(20_000);
  });

  it("rejects bytes 248-255 instead of folding them onto the alphabet", () => {
    // a source that yields only 250: every byte must be rejected until real ones come
    let calls = 0;
    const source = (n: number) => {
      calls++;
      return calls === 1 ? new Uint8Array(n).fill(250) : new Uint8Array(n).fill(0);
    };
    expect(newClickId(source)).toBe(`c${"0".repeat(20)}`);
    expect(calls).toBe(2);
    // 247 is kept and maps to the last symbol of its block of 62
    expect(newClickId((n) => new Uint8Array(n).fill(247))).toBe(`c${"z".repeat(20)}`);
  });

  it("uses the 62 symbols evenly (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const draws = 4000;
    for (let i = 0; i < draws; i++) for (const ch of newClickId().slice(1)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (draws * 20) / 62;
    // chi-square with 61 degrees of freedom: 110 is far beyond p = 0.001 (≈ 100.9)
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(110);
  });
});
