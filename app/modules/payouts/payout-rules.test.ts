import { describe, expect, it } from "vitest";
import { isClaimRatioOutlier, REVIEW_CLAIM_FLOOR } from "./payout-rules";

describe("claim ratio far above the median", () => {
  it.each([
    // claims, purchases, median, flagged
    [3, 0, 0, true], // only claims, nobody else claims
    [2, 0, 0, false], // too few claims to judge
    [3, 9, 0, false], // 25 %: not above the floor
    [4, 8, 0, true], // 33 % against a median of 0
    [4, 8, 0.2, false], // 33 % is under 3 × 20 %
    [10, 2, 0.2, true], // 83 % is over 3 × 20 %
    [5, 5, 0.5, false], // 50 % when the median is 50 % (everyone claims)
  ])("%i claims, %i purchases, median %f → %s", (claims, purchases, median, flagged) => {
    expect(isClaimRatioOutlier({ claims, purchases }, median)).toBe(flagged);
  });

  it("the floor holds when the median is zero", () => {
    expect(REVIEW_CLAIM_FLOOR).toBeGreaterThan(0);
    expect(isClaimRatioOutlier({ claims: 3, purchases: 100 }, 0)).toBe(false);
  });
});
