import { describe, expect, it } from "vitest";
import { dampedWeight, isBurstVote, isColdVoteReason, isDealExpired, MAX_ACCOUNTS_PER_VISITOR_HASH, nextVote, temperatureDelta } from "./deal-votes";

describe("temperature vote rules", () => {
  it("the same choice again undoes, the other one changes, a first click sets", () => {
    expect(nextVote(null, "hot")).toBe(1);
    expect(nextVote(null, "cold")).toBe(-1);
    expect(nextVote(1, "hot")).toBeNull();
    expect(nextVote(-1, "cold")).toBeNull();
    expect(nextVote(1, "cold")).toBe(-1);
    expect(nextVote(-1, "hot")).toBe(1);
  });

  it("moves the temperature by the difference of value × weight", () => {
    expect(temperatureDelta(null, { value: 1, weight: 3 })).toBe(3);
    expect(temperatureDelta({ value: 1, weight: 3 }, null)).toBe(-3);
    expect(temperatureDelta({ value: 1, weight: 2 }, { value: -1, weight: 2 })).toBe(-4);
    expect(temperatureDelta({ value: -1, weight: 0 }, { value: 1, weight: 1 })).toBe(1);
    expect(temperatureDelta(null, null)).toBe(0);
  });

  it("damps accounts beyond the third from one visitor hash on a deal to weight 0", () => {
    expect(MAX_ACCOUNTS_PER_VISITOR_HASH).toBe(3);
    expect(dampedWeight(2, 0)).toBe(2);
    expect(dampedWeight(2, 2)).toBe(2);
    expect(dampedWeight(2, 3)).toBe(0);
    expect(dampedWeight(3, 10)).toBe(0);
  });

  it("a deal is expired once expired_at is set or its end date has passed", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    expect(isDealExpired({ expiredAt: null, expiresAt: null }, now)).toBe(false);
    expect(isDealExpired({ expiredAt: new Date("2026-11-25T10:00:00Z") }, now)).toBe(true);
    expect(isDealExpired({ expiredAt: null, expiresAt: new Date("2026-11-26T10:00:00Z") }, now)).toBe(true);
    expect(isDealExpired({ expiredAt: null, expiresAt: new Date("2026-11-26T10:00:01Z") }, now)).toBe(false);
  });

  it("knows the cold vote reasons only", () => {
    expect(isColdVoteReason("too_expensive")).toBe(true);
    expect(isColdVoteReason("toString")).toBe(false);
    expect(isColdVoteReason("")).toBe(false);
    expect(isColdVoteReason(null)).toBe(false);
  });
});

describe("new-account bursts", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  it("damps an account under 7 days once 5 other new accounts voted the deal in the hour", () => {
    expect(isBurstVote(days(1), now, 4)).toBe(false);
    expect(isBurstVote(days(1), now, 5)).toBe(true);
    expect(isBurstVote(days(6.9), now, 9)).toBe(true);
  });
  it("never damps an account of 7 days or more", () => {
    expect(isBurstVote(days(7), now, 50)).toBe(false);
  });
});
