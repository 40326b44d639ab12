/**
 * The machines of ADR 045 against the rules they replaced: the source states
 * each move used to list by hand, and the CHECK lists the migrations hold.
 */
import { describe, expect, it } from "vitest";
import { sqlList } from "#app/lib/state-machine";
import { CLAIM_AWAITING_ORDER, CLAIM_CLOSED, CLAIM_ORDER_FREED, CLAIM_REFUSED, claimStatus } from "./claim-status";
import { commentStatus } from "./comment-status";
import { CONVERSION_REVIEW_HOLDING, conversionReviewStatus, conversionStatus } from "./conversion-status";
import { contactStatus } from "./contact-status";
import { DEAL_REFUSED, dealStatus } from "./deal-status";
import { appealStatus, noticeStatus, reportStatus } from "./moderation-status";
import { CASHBACK_AWAITING, CASHBACK_LOST, CASHBACK_VALIDATED_ONCE, memberCashbackStatus } from "./member-cashback-status";
import { newsletterStatus } from "./newsletter-status";
import { programStatus } from "./program-status";
import { REFERRAL_OPEN, referralRewardStatus } from "./referral-status";
import { webhookEventStatus } from "./webhook-event-status";
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

describe("contact message machine", () => {
  it("staff move a message to any other status, never to the one it has", () => {
    for (const from of contactStatus.states) for (const to of contactStatus.states) expect(contactStatus.canMove(from, to)).toBe(from !== to);
    expect(sqlList(contactStatus.states)).toBe("'new', 'in_progress', 'done'");
  });
});

describe("newsletter machine", () => {
  it("opts out from a subscription or again, and a confirmation subscribes an address that opted out", () => {
    expect(newsletterStatus.sourcesOf("unsubscribed")).toEqual(["subscribed", "unsubscribed"]);
    expect(newsletterStatus.sourcesOf("subscribed")).toEqual(["unsubscribed"]);
    expect(sqlList(newsletterStatus.states)).toBe("'subscribed', 'unsubscribed'");
  });
});

describe("network push machine", () => {
  it("only a received push is processed or confirmed; the other states are final", () => {
    expect(webhookEventStatus.ongoing).toEqual(["received"]);
    expect(webhookEventStatus.sourcesOf("confirmed")).toEqual(["received"]);
    expect(sqlList(webhookEventStatus.states)).toBe("'received', 'confirmed', 'ignored', 'invalid'");
  });
});

describe("affiliate programme machine", () => {
  it("a closed programme is only reopened, never paused", () => {
    expect(programStatus.sourcesOf("paused")).toEqual(["active"]);
    expect(programStatus.sourcesOf("active")).toEqual(["paused", "closed"]);
    expect(programStatus.sourcesOf("closed")).toEqual(["active", "paused"]);
    expect(sqlList(programStatus.states)).toBe("'active', 'paused', 'closed'");
  });
});

describe("conversion machines", () => {
  it("a network's status moves forward (pending, approved, a reversal), never from approved back to pending", () => {
    expect(conversionStatus.states).toEqual(["pending", "approved", "declined"]);
    expect(conversionStatus.canMove("pending", "approved")).toBe(true);
    expect(conversionStatus.canMove("approved", "declined")).toBe(true);
    expect(conversionStatus.canMove("approved", "pending")).toBe(false);
    // a summed purchase (CJ, Rakuten) whose corrections bring its total back above zero
    expect(conversionStatus.sourcesOf("approved")).toEqual(["pending", "declined"]);
    expect(conversionStatus.final).toEqual([]);
    expect(sqlList(conversionStatus.states)).toBe("'pending', 'approved', 'declined'");
  });

  it("finance approves a held commission; an account no programme knows is never approved by hand", () => {
    expect(conversionReviewStatus.transition("held", "approved")).toBe("approved");
    expect(() => conversionReviewStatus.transition("approved", "approved")).toThrow();
    expect(sqlList(conversionReviewStatus.states)).toBe("'unknown_account', 'held', 'approved'");
    expect(CONVERSION_REVIEW_HOLDING.every((s) => conversionReviewStatus.states.includes(s))).toBe(true);
  });
});

describe("moderation machines", () => {
  it("a report, an appeal and a notice are decided once, from their open state", () => {
    expect(reportStatus.ongoing).toEqual(["open"]);
    expect(appealStatus.ongoing).toEqual(["pending"]);
    expect(noticeStatus.ongoing).toEqual(["received"]);
    expect(() => appealStatus.transition("upheld", "reversed")).toThrow(expect.objectContaining({ status: 409 }));
  });

  it("gives the CHECK and partial index lists of the migrations", () => {
    expect(sqlList(reportStatus.states)).toBe("'open', 'dismissed', 'upheld'");
    expect(sqlList(appealStatus.states)).toBe("'pending', 'upheld', 'reversed'");
    expect(sqlList(noticeStatus.states)).toBe("'received', 'decided'");
    expect(sqlList([reportStatus.is.open, appealStatus.is.pending, noticeStatus.is.decided])).toBe("'open', 'pending', 'decided'");
  });
});

describe("referral reward machine", () => {
  it("a paid reward is only taken back; a cancelled one is final", () => {
    expect(referralRewardStatus.sourcesOf("credited")).toEqual(["pending", "held"]);
    expect(referralRewardStatus.sourcesOf("void")).toEqual(["pending", "held", "credited"]);
    expect(referralRewardStatus.sourcesOf("pending")).toEqual(["held"]);
    expect(referralRewardStatus.final).toEqual(["void"]);
    expect([...REFERRAL_OPEN]).toEqual(referralRewardStatus.sourcesOf("credited"));
    expect(sqlList(referralRewardStatus.states)).toBe("'pending', 'held', 'credited', 'void'");
  });
});

describe("member cashback machine", () => {
  it("holds every move the import makes, and a reversal is final", () => {
    // a declined conversion: refused before validation, reversed after it
    for (const from of ["tracked", "pending"]) expect(memberCashbackStatus.canMove(from, "refused")).toBe(true);
    expect(memberCashbackStatus.sourcesOf("reversed")).toEqual(["validated"]);
    // approved, amended or held again: validated or pending, from any state before validation
    expect(memberCashbackStatus.sourcesOf("validated")).toEqual(["tracked", "pending", "refused"]);
    expect(memberCashbackStatus.sourcesOf("pending")).toEqual(["tracked", "refused"]);
    // approved → pending is a regression the import ignores; a push never moves a cashback back to tracked
    expect(memberCashbackStatus.canMove("validated", "pending")).toBe(false);
    expect(memberCashbackStatus.sourcesOf("tracked")).toEqual([]);
    expect(memberCashbackStatus.final).toEqual(["reversed"]);
  });

  it("gives the CHECK list, and its subsets are its states", () => {
    expect(sqlList(memberCashbackStatus.states)).toBe("'tracked', 'pending', 'validated', 'refused', 'reversed'");
    expect([...CASHBACK_AWAITING]).toEqual(memberCashbackStatus.sourcesOf("refused"));
    expect([...CASHBACK_VALIDATED_ONCE]).toEqual(["validated", ...memberCashbackStatus.final]);
    expect([...CASHBACK_LOST]).toEqual([...memberCashbackStatus.sourcesOf("pending").slice(1), ...memberCashbackStatus.final]);
  });
});

describe("deal comment machine", () => {
  it("a moderator approves a pending comment or removes a shown one; an edit holds a visible one; a removal is final", () => {
    expect(commentStatus.sourcesOf("visible")).toEqual(["pending"]);
    expect(commentStatus.sourcesOf("pending")).toEqual(["visible"]);
    expect(commentStatus.sourcesOf("removed")).toEqual(["visible", "pending"]);
    expect(commentStatus.final).toEqual(["removed"]);
    expect(sqlList(commentStatus.states)).toBe("'visible', 'pending', 'removed'");
  });
});
