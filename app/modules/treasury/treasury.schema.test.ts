import { describe, expect, it } from "vitest";
import { networkPaymentSchema, parseValueDate, solvencyAlert } from "./treasury.schema";

describe("treasury rules", () => {
  it("alerts when available plus in payout exceeds the cash received", () => {
    expect(solvencyAlert({ availableCents: 600, inPayoutCents: 400, cashReceivedCents: 1000, paidOutCents: 0 })).toBeNull();
    expect(solvencyAlert({ availableCents: 601, inPayoutCents: 400, cashReceivedCents: 1000, paidOutCents: 0 })).toEqual({ exposedCents: 1001, cashCents: 1000 });
    expect(solvencyAlert({ availableCents: 0, inPayoutCents: 0, cashReceivedCents: 0, paidOutCents: 0 })).toBeNull();
    // cash already paid out to members is no longer there to pay the rest
    expect(solvencyAlert({ availableCents: 600, inPayoutCents: 0, cashReceivedCents: 1000, paidOutCents: 500 })).toEqual({ exposedCents: 600, cashCents: 500 });
    expect(solvencyAlert({ availableCents: 500, inPayoutCents: 0, cashReceivedCents: 1000, paidOutCents: 500 })).toBeNull();
  });

  it("reads a bank value date", () => {
    expect(parseValueDate("2026-03-02")?.toISOString()).toBe("2026-03-02T12:00:00.000Z");
    expect(parseValueDate("2026-02-29")).toBeNull();
    expect(parseValueDate("02/03/2026")).toBeNull();
  });

  it("parses a network payment in euros", () => {
    const now = new Date("2026-03-10T09:00:00Z");
    const ok = networkPaymentSchema(now).safeParse({ intent: "network-payment", network: "awin", amount: "1 234,56", receivedAt: "2026-03-09", reference: " VIR-1 ", note: "" });
    expect(ok.success && ok.data).toMatchObject({ network: "awin", amount: 123456, reference: "VIR-1", note: null });
    expect(networkPaymentSchema(now).safeParse({ intent: "network-payment", network: "awin", amount: "1", receivedAt: "2026-03-12", reference: "x" }).success).toBe(false);
  });
});
