import { describe, expect, it } from "vitest";
import {
  claimExpiresAt,
  clickWindowError,
  fallbackMatchDistance,
  isClaimExpired,
  normaliseOrderRef,
  orderDayError,
  orderInstant,
  reopenError,
  sameOrderRef,
  sniffProofMime,
  withdrawError,
} from "./claim-rules";
import { CLAIM_MESSAGES, claimSchema, isCalendarDay, memberClaimActionSchema } from "./claims.schema";

const DAY = 86_400_000;
const click = new Date("2026-03-10T09:15:00Z"); // 10:15 in Paris

describe("claim window (D+3 to D+90)", () => {
  it("opens 72 hours after the click and closes 90 days after it", () => {
    expect(clickWindowError(click, new Date(click.getTime() + 3 * DAY - 1))).toBe(CLAIM_MESSAGES.tooEarly("13 mars 2026 à 10h15"));
    expect(clickWindowError(click, new Date(click.getTime() + 3 * DAY))).toBeNull();
    expect(clickWindowError(click, new Date(click.getTime() + 90 * DAY))).toBeNull();
    expect(clickWindowError(click, new Date(click.getTime() + 90 * DAY + 1))).toBe(CLAIM_MESSAGES.tooLate);
  });
});

describe("order day", () => {
  const now = new Date("2026-04-01T10:00:00Z");
  it("accepts the click's own day and the cookie window's last day", () => {
    expect(orderDayError("2026-03-10", click, 30, now)).toBeNull();
    expect(orderDayError("2026-04-01", click, 30, now)).toBeNull();
    expect(orderDayError("2026-03-17", click, 7, now)).toBeNull();
  });
  it("refuses an order before the click, after the cookie window, or in the future", () => {
    expect(orderDayError("2026-03-09", click, 30, now)).toBe(CLAIM_MESSAGES.orderBeforeClick("10 mars 2026"));
    expect(orderDayError("2026-03-18", click, 7, now)).toBe(CLAIM_MESSAGES.orderAfterWindow(7, "17 mars 2026"));
    expect(orderDayError("2026-04-02", click, 30, now)).toBe(CLAIM_MESSAGES.orderInFuture);
  });
  it("reads days in Paris: a click at 23:30 UTC on 9 March is a click on 10 March", () => {
    const late = new Date("2026-03-09T23:30:00Z");
    expect(orderDayError("2026-03-10", late, 30, now)).toBeNull();
  });
  it("never stores an order before its click", () => {
    expect(orderInstant(new Date("2026-03-09T23:00:00Z"), click)).toEqual(click);
    const later = new Date("2026-03-11T23:00:00Z");
    expect(orderInstant(later, click)).toEqual(later);
  });
  it("knows real calendar days", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("10/03/2026")).toBe(false);
  });
});

describe("proof content", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("recognises PDF, PNG and JPEG by their bytes", () => {
    expect(sniffProofMime(bytes("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"))).toBe("application/pdf");
    expect(sniffProofMime(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe("image/png");
    expect(sniffProofMime(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
  });
  it("refuses text renamed .pdf, a truncated PDF, an empty file and other formats", () => {
    expect(sniffProofMime(bytes("Ceci est ma facture, promis"))).toBeNull();
    expect(sniffProofMime(bytes("%PDF-1.4\n1 0 obj\n"))).toBeNull();
    expect(sniffProofMime(new Uint8Array())).toBeNull();
    expect(sniffProofMime(bytes("GIF89a....."))).toBeNull();
    expect(sniffProofMime(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });
});

describe("claim form schema", () => {
  const valid = { clickSessionId: "0b9a8f0e-8a3c-4a47-9d1b-1d2e3f4a5b6c", orderRef: "CMD-1", orderDate: "2026-03-12", amount: "49,90", noOtherCode: "on" };
  it("turns euros with a comma into cents", () => {
    const parsed = claimSchema.parse(valid);
    expect(parsed.amount).toBe(4990);
  });
  it("requires the « pas d'autre code » box, an order number of 1 to 64 characters and a positive amount", () => {
    const msg = (input: object) => claimSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(msg({ ...valid, noOtherCode: undefined })).toEqual([CLAIM_MESSAGES.noOtherCodeRequired]);
    expect(msg({ ...valid, orderRef: "" })).toEqual([CLAIM_MESSAGES.orderRefRequired]);
    expect(msg({ ...valid, orderRef: "x".repeat(65) })).toEqual([CLAIM_MESSAGES.orderRefTooLong]);
    expect(msg({ ...valid, amount: "0" })).toEqual([CLAIM_MESSAGES.amountInvalid]);
    expect(msg({ ...valid, amount: "12,345" })).toEqual([CLAIM_MESSAGES.amountInvalid]);
    expect(msg({ ...valid, orderDate: "2026-02-30" })).toEqual([CLAIM_MESSAGES.orderDateInvalid]);
    expect(msg({ ...valid, proof: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.pdf") })).toEqual([CLAIM_MESSAGES.proofTooLarge]);
  });
});

describe("claim lifecycle (ADR 037)", () => {
  const sentAt = new Date("2026-03-10T09:15:00Z");
  it("a sent claim expires 120 days after it was sent, not a millisecond before", () => {
    expect(claimExpiresAt(sentAt)).toEqual(new Date(sentAt.getTime() + 120 * DAY));
    expect(isClaimExpired({ status: "sent", sentAt }, new Date(sentAt.getTime() + 120 * DAY - 1))).toBe(false);
    expect(isClaimExpired({ status: "sent", sentAt }, new Date(sentAt.getTime() + 120 * DAY))).toBe(true);
  });
  it("only a sent claim expires: matched, answered or already expired ones do not", () => {
    const late = new Date(sentAt.getTime() + 400 * DAY);
    for (const status of ["matched", "accepted", "refused", "expired", "withdrawn"]) expect(isClaimExpired({ status, sentAt }, late)).toBe(false);
    expect(isClaimExpired({ status: "sent", sentAt: null }, late)).toBe(false);
  });
  it("a claim is withdrawn only before it is sent to the network", () => {
    expect(withdrawError("submitted")).toBeNull();
    expect(withdrawError("matched")).toBeNull();
    expect(withdrawError("sent")).toBe(CLAIM_MESSAGES.cannotWithdraw("Transmise au marchand"));
    expect(withdrawError("withdrawn")).toBe(CLAIM_MESSAGES.cannotWithdraw("Retirée"));
    expect(withdrawError("accepted")).toBe(CLAIM_MESSAGES.cannotWithdraw("Acceptée"));
  });
  it("an expired claim is re-opened once", () => {
    expect(reopenError({ status: "expired", reopenedAt: null })).toBeNull();
    expect(reopenError({ status: "expired", reopenedAt: sentAt })).toBe(CLAIM_MESSAGES.alreadyReopened);
    expect(reopenError({ status: "sent", reopenedAt: null })).toBe(CLAIM_MESSAGES.cannotReopen("Transmise au marchand"));
  });
  it("the member's claim buttons carry a claim id, else the French not-found message", () => {
    expect(memberClaimActionSchema.safeParse({ intent: "claim-withdraw", claimId: "8d7e5a3c-1f2b-4c5d-9e8f-0a1b2c3d4e5f" }).success).toBe(true);
    const bad = memberClaimActionSchema.safeParse({ intent: "claim-reopen", claimId: "../1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(CLAIM_MESSAGES.notFound);
  });
});

describe("matching a claim to a conversion (ADR 037 §Missing-cashback claims)", () => {
  it("compares order references without white space or case", () => {
    expect(normaliseOrderRef(" Cmd 12 34\t")).toBe("cmd1234");
    expect(sameOrderRef("CMD-1234", " cmd-12 34 ")).toBe(true);
    expect(sameOrderRef("CMD-1234", "CMD-1235")).toBe(false);
    expect(sameOrderRef("CMD-1234", null)).toBe(false);
    expect(sameOrderRef("  ", " ")).toBe(false);
  });

  it("falls back to the amount (±1 € or 2 %, the larger) and the Paris day (±2 days) when the network gives no order reference", () => {
    const orderAt = new Date("2026-03-09T23:00:00Z"); // 10 March in Paris
    const claim = { orderAt, orderAmountCents: 4990 };
    const conv = (saleAmount: string | null, at: string, currency = "EUR") => ({ saleAmount, currency, transactionAt: new Date(at) });
    expect(fallbackMatchDistance(claim, conv("49.90", "2026-03-10T12:00:00Z"))).toBe(0);
    expect(fallbackMatchDistance(claim, conv("50.90", "2026-03-10T12:00:00Z"))).toBe(100);
    expect(fallbackMatchDistance(claim, conv("50.91", "2026-03-10T12:00:00Z"))).toBeNull();
    // two days either side, in Paris days
    expect(fallbackMatchDistance(claim, conv("49.90", "2026-03-12T22:59:00Z"))).toBe(2_000_000);
    expect(fallbackMatchDistance(claim, conv("49.90", "2026-03-12T23:00:00Z"))).toBeNull();
    expect(fallbackMatchDistance(claim, conv("49.90", "2026-03-08T00:00:00Z"))).toBe(2_000_000);
    expect(fallbackMatchDistance(claim, conv("49.90", "2026-03-07T12:00:00Z"))).toBeNull();
    // 2 % of 500 € is 10 €, more than 1 €
    const big = { orderAt, orderAmountCents: 50_000 };
    expect(fallbackMatchDistance(big, conv("509.99", "2026-03-10T12:00:00Z"))).toBe(999);
    expect(fallbackMatchDistance(big, conv("510.01", "2026-03-10T12:00:00Z"))).toBeNull();
    // no amount, or another currency: no fallback match
    expect(fallbackMatchDistance(claim, conv(null, "2026-03-10T12:00:00Z"))).toBeNull();
    expect(fallbackMatchDistance(claim, conv("49.90", "2026-03-10T12:00:00Z", "GBP"))).toBeNull();
  });
});
