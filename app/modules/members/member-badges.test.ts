import { describe, expect, it } from "vitest";
import { memberBadges, memberPath, memberSince } from "./member-badges";

describe("memberBadges", () => {
  it("gives nothing to a member without published deals", () => {
    expect(memberBadges({ publishedDeals: 0, temperatureTotal: 0, bestTemperature: 0 })).toEqual([]);
  });
  it("« Premier deal » from the first published deal, « Premier deal hot » from a deal at 100°", () => {
    expect(memberBadges({ publishedDeals: 1, temperatureTotal: 99, bestTemperature: 99 })).toEqual(["first_deal"]);
    expect(memberBadges({ publishedDeals: 1, temperatureTotal: 100, bestTemperature: 100 })).toEqual(["first_hot_deal", "first_deal"]);
  });
  it("« Posteur de confiance » needs 10 published deals averaging 50° or more", () => {
    expect(memberBadges({ publishedDeals: 10, temperatureTotal: 500, bestTemperature: 60 })).toContain("trusted_poster");
    expect(memberBadges({ publishedDeals: 10, temperatureTotal: 499, bestTemperature: 60 })).not.toContain("trusted_poster");
    expect(memberBadges({ publishedDeals: 9, temperatureTotal: 900, bestTemperature: 150 })).not.toContain("trusted_poster");
  });
});

describe("memberPath and memberSince", () => {
  it("encodes the pseudo", () => {
    expect(memberPath("Zoé B/2")).toBe("/membres/Zo%C3%A9%20B%2F2");
  });
  it("says the month and the year, in Paris", () => {
    expect(memberSince(new Date("2026-10-31T23:30:00Z"))).toBe("novembre 2026");
  });
});
