import { describe, expect, it } from "vitest";
import { formatParis } from "~/modules/settings/paris-time";
import { formatParisDay } from "./paris-day";

describe("formatParisDay", () => {
  it("reads the day in Paris, as date-fns' « d MMMM yyyy » does, every day of a year and across midnight", () => {
    const start = Date.UTC(2027, 0, 1, 22, 30); // 23:30 in Paris in winter, 00:30 the next day in summer
    for (let i = 0; i < 366; i++) {
      const at = new Date(start + i * 86_400_000);
      expect(formatParisDay(at.toISOString())).toBe(formatParis(at, "d MMMM yyyy"));
    }
    expect(formatParisDay("2027-06-30T21:59:59.999Z")).toBe("30 juin 2027");
    expect(formatParisDay("2027-06-30T22:00:00.000Z")).toBe("1 juillet 2027");
  });
});
