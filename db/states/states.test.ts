/**
 * The machines of ADR 045 against the rules they replaced: the source states
 * each move used to list by hand, and the CHECK lists the migrations hold.
 */
import { describe, expect, it } from "vitest";
import { sqlList } from "../../app/lib/state-machine";
import { CLAIM_AWAITING_ORDER, CLAIM_CLOSED, CLAIM_ORDER_FREED, CLAIM_REFUSED, claimStatus } from "./claim-status";
import { DEAL_REFUSED, dealStatus } from "./deal-status";
import { PAYOUT_OPEN, PAYOUT_UNBATCHED, payoutBatchStatus, payoutStatus } from "./payout-status";

describe("payout machine", () => {
  it("allows each finance and member move from the states it always did", () => {
    expect(payoutStatus.sourcesOf("approved")).toEqual(["requested", "needs_review"]);
    expect(payoutStatus.sourcesOf("cancelled")).toEqual(["requested", "needs_review", "approved"]);
    expect(payoutStatus.sourcesOf("exported")).toEqual(["approved"]);
    expect(payoutStatus.sourcesOf("sent")).toEqual(["exported"]);
    expect(payoutStatus.sourcesOf("completed")).toEqual(["sent"]);
    expect(payoutStatus.sourcesOf("failed")).toEqual(["exported", "sent"]);
    expect(payoutStatus.final).toEqual(["completed", "failed", "cancelled"]);
    expect(payoutBatchStatus.sourcesOf("sent")).toEqual(["exported"]);
  });

  it("gives the CHECK and index lists of the migrations", () => {
    expect(sqlList(payoutStatus.states)).toBe("'requested', 'needs_review', 'approved', 'exported', 'sent', 'completed', 'failed', 'cancelled'");
    expect(sqlList(PAYOUT_UNBATCHED)).toBe("'requested', 'needs_review', 'approved', 'cancelled'");
    expect(sqlList(PAYOUT_OPEN)).toBe("'requested', 'needs_review', 'approved', 'exported'");
    expect([...PAYOUT_UNBATCHED]).toEqual([...payoutStatus.sourcesOf("cancelled"), "cancelled"]);
  });
});

describe("claim machine", () => {
  it("allows each move from the states it always did", () => {
    expect(claimStatus.sourcesOf("withdrawn")).toEqual(["submitted", "matched"]);
    expect(claimStatus.sourcesOf("matched")).toEqual(["expired"]);
    expect(claimStatus.sourcesOf("sent")).toEqual(["matched"]);
    expect(claimStatus.sourcesOf("expired")).toEqual(["sent"]);
    expect(claimStatus.sourcesOf("refused")).toEqual(["matched", "sent", "disputed"]);
    // a conversion answers every claim still waiting for its order
    for (const s of CLAIM_AWAITING_ORDER) expect([claimStatus.canMove(s, "accepted"), claimStatus.canMove(s, "disputed")]).toEqual([true, true]);
    expect(claimStatus.canMove("accepted", "disputed")).toBe(true);
  });

  it("gives the CHECK and index lists, and its subsets are its states", () => {
    expect(sqlList(claimStatus.states)).toBe("'submitted', 'auto_rejected', 'matched', 'sent', 'accepted', 'refused', 'expired', 'withdrawn', 'disputed'");
    expect(sqlList(CLAIM_ORDER_FREED)).toBe("'auto_rejected', 'withdrawn'");
    for (const s of [...CLAIM_REFUSED, ...CLAIM_CLOSED]) expect(claimStatus.states).toContain(s);
  });
});

describe("deal machine", () => {
  it("moderation, appeals and the admin's bulk moves", () => {
    expect(dealStatus.sourcesOf("rejected")).toEqual(["pending_review"]);
    expect(dealStatus.sourcesOf("removed")).toEqual(["published"]);
    expect(dealStatus.sourcesOf("published")).toEqual(["pending_review", "rejected", "removed"]);
    expect([...DEAL_REFUSED]).toEqual(dealStatus.sourcesOf("published").filter((s) => s !== "pending_review"));
    expect(sqlList(dealStatus.states)).toBe("'pending_review', 'published', 'rejected', 'removed'");
  });

  it("refuses an illegal move with a DomainError 409", () => {
    expect(() => dealStatus.transition("rejected", "removed")).toThrow(expect.objectContaining({ status: 409 }));
  });
});
