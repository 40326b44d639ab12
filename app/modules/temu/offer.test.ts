import { describe, expect, it } from "vitest";
import { announcedBonus, bonusLabel, offerPeriod, offerValidity } from "./offer";

describe("/temu offer texts", () => {
  it("writes the period in French from Paris dates, shortest form first", () => {
    expect(offerPeriod("2025-05-14T00:00:00+02:00", "2025-05-25T23:59:59+02:00")).toBe("du 14 au 25 mai 2025");
    expect(offerPeriod("2025-04-28T00:00:00+02:00", "2025-05-01T23:59:59+02:00")).toBe("du 28 avril au 1er mai 2025");
    expect(offerPeriod("2025-12-28T00:00:00+01:00", "2026-01-04T23:59:59+01:00")).toBe("du 28 décembre 2025 au 4 janvier 2026");
    // 23:30 UTC on 31 May is already 1 June in Paris
    expect(offerPeriod("2027-05-31T23:30:00Z", "2027-06-10T12:00:00Z")).toBe("du 1er au 10 juin 2027");
  });
  it("gives schema.org validity as Paris dates", () => {
    expect(offerValidity("2025-05-13T22:00:00Z", "2025-05-25T21:59:59Z")).toEqual({ validFrom: "2025-05-14", validThrough: "2025-05-25" });
  });
  it("announces the cashback bonus only once cashback is launched", () => {
    expect(announcedBonus(20, false)).toBeNull();
    expect(announcedBonus(0, true)).toBeNull();
    expect(announcedBonus(15, true)).toBe(15);
    expect(bonusLabel(12.5)).toBe("+12,5\u00a0% de cashback");
  });
});
