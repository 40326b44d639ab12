import { describe, expect, it } from "vitest";
import { HOT_THRESHOLD, hotScore, temperatureTier, visibleTemperature, voteWeight } from "./deal-rules";
import { postedAgo } from "./posted-ago";

const at = (iso: string) => new Date(iso);

describe("hotScore", () => {
  it("is 0 for an unpublished deal and grows by one point per 12.5 hours", () => {
    expect(hotScore(50, null)).toBe(0);
    const a = hotScore(1, at("2026-11-26T00:00:00Z"));
    expect(hotScore(1, at("2026-11-26T12:30:00Z")) - a).toBeCloseTo(1, 10);
  });

  it("counts the temperature's order of magnitude, with its sign", () => {
    const d = at("2026-11-26T00:00:00Z");
    expect(hotScore(100, d) - hotScore(0, d)).toBeCloseTo(2, 10);
    expect(hotScore(-100, d) - hotScore(0, d)).toBeCloseTo(-2, 10);
    // a fresh deal at 10° outranks a deal at 100° posted a day earlier
    expect(hotScore(10, d)).toBeGreaterThan(hotScore(100, at("2026-11-25T00:00:00Z")));
  });
});

describe("visibleTemperature", () => {
  const publishedAt = at("2026-11-26T10:00:00Z");
  const deal = { temperature: 42, publishedAt, authorId: "author" };

  it("hides the temperature for ten minutes, except from the author", () => {
    expect(visibleTemperature(deal, null, at("2026-11-26T10:09:59Z"))).toEqual({ isNew: true, temperature: null });
    expect(visibleTemperature(deal, "someone", at("2026-11-26T10:09:59Z"))).toEqual({ isNew: true, temperature: null });
    expect(visibleTemperature(deal, "author", at("2026-11-26T10:05:00Z"))).toEqual({ isNew: true, temperature: 42 });
    expect(visibleTemperature(deal, null, at("2026-11-26T10:10:00Z"))).toEqual({ isNew: false, temperature: 42 });
  });

  it("hides it while the deal is not published", () => {
    expect(visibleTemperature({ ...deal, publishedAt: null }, null, at("2026-12-01T00:00:00Z"))).toEqual({ isNew: true, temperature: null });
  });
});

describe("temperatureTier", () => {
  it.each([
    [-5, "cold"],
    [0, "warm"],
    [HOT_THRESHOLD - 1, "warm"],
    [HOT_THRESHOLD, "hot"],
    [500, "scorching"],
    [1000, "legendary"],
  ] as const)("%i° is %s", (t, tier) => expect(temperatureTier(t)).toBe(tier));
});

describe("voteWeight", () => {
  const now = at("2026-11-26T00:00:00Z");
  const base = { emailVerified: true, contributions: 0, strikes: 0, publishedDeals: 0, averageTemperature: 0, now };
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

  it("gives 1 to new or unverified accounts", () => {
    expect(voteWeight({ ...base, createdAt: daysAgo(3), publishedDeals: 20, averageTemperature: 200 })).toBe(1);
    expect(voteWeight({ ...base, createdAt: daysAgo(400), emailVerified: false, contributions: 50 })).toBe(1);
  });

  it("gives 2 after 30 days and 5 contributions without a strike", () => {
    expect(voteWeight({ ...base, createdAt: daysAgo(31), contributions: 5 })).toBe(2);
    expect(voteWeight({ ...base, createdAt: daysAgo(29), contributions: 5 })).toBe(1);
    expect(voteWeight({ ...base, createdAt: daysAgo(31), contributions: 4 })).toBe(1);
    expect(voteWeight({ ...base, createdAt: daysAgo(31), contributions: 5, strikes: 1 })).toBe(1);
  });

  it("gives 3 to trusted posters: 10 published deals at 50° on average", () => {
    expect(voteWeight({ ...base, createdAt: daysAgo(10), publishedDeals: 10, averageTemperature: 50 })).toBe(3);
    expect(voteWeight({ ...base, createdAt: daysAgo(10), publishedDeals: 10, averageTemperature: 49 })).toBe(1);
  });
});

describe("postedAgo", () => {
  const now = at("2026-11-28T12:00:00Z");
  const ago = (ms: number) => postedAgo(new Date(now.getTime() - ms), now);
  it("says « à l'instant » under a minute, and for a date after now (clock skew)", () => {
    expect(ago(0)).toBe("à l'instant");
    expect(ago(59_000)).toBe("à l'instant");
    expect(postedAgo(at("2026-11-28T12:05:00Z"), now)).toBe("à l'instant");
  });
  it("then whole minutes, hours, days and months, floored", () => {
    expect(ago(60_000)).toBe("il y a 1 minute");
    expect(ago(5 * 60_000 + 59_000)).toBe("il y a 5 minutes");
    expect(ago(3 * 3_600_000 + 59 * 60_000)).toBe("il y a 3 heures");
    expect(ago(2 * 86_400_000)).toBe("il y a 2 jours");
    expect(ago(40 * 86_400_000)).toBe("il y a 1 mois");
  });
});
