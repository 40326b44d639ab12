/**
 * Fraud rule "a claim ratio far above the median" (issue #13, ADR 023):
 * a member's claims ÷ (claims + tracked purchases) is compared with the
 * median of every active member. Most members never claim, so the median is
 * often 0: the ratio must also pass a floor, and the member must have filed
 * a few claims, before a payout goes to review.
 */
const REVIEW_CLAIM_MIN = 3;
const REVIEW_CLAIM_FACTOR = 3;
export const REVIEW_CLAIM_FLOOR = 0.25;

export function isClaimRatioOutlier(member: { claims: number; purchases: number }, medianRatio: number): boolean {
  if (member.claims < REVIEW_CLAIM_MIN) return false;
  const ratio = member.claims / (member.claims + member.purchases);
  return ratio > Math.max(REVIEW_CLAIM_FACTOR * medianRatio, REVIEW_CLAIM_FLOOR);
}
