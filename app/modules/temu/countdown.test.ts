import { describe, expect, it } from "vitest";
import { countdownParts, formatCountdown } from "./countdown";

describe("countdown", () => {
  const end = "2025-05-25T23:59:59+02:00";
  it("counts down and shows days only when above 0", () => {
    const p = countdownParts(end, Date.parse("2025-05-23T22:59:58+02:00"))!;
    expect(p).toEqual({ days: 2, hours: 1, minutes: 0, seconds: 1 });
    expect(formatCountdown(p)).toBe("2j 01h 00min 01s");
    expect(formatCountdown(countdownParts(end, Date.parse("2025-05-25T23:00:00+02:00"))!)).toBe("00h 59min 59s");
  });
  it("ends at zero", () => {
    expect(countdownParts(end, Date.parse(end))).toBeNull();
    expect(countdownParts(end, Date.parse("2026-01-01T00:00:00Z"))).toBeNull();
    expect(countdownParts("n'importe quoi", 0)).toBeNull();
  });
});
