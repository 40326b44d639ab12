import { describe, expect, it } from "vitest";
import { MONEY_LABELS, networkPaymentSchema, parseValueDate, solvencyAlert, solvencyAlertText, solvencyFigures } from "./treasury.schema";

describe("treasury rules", () => {
  it("alerts when available plus in payout exceeds the cash received", () => {
    expect(solvencyAlert({ availableCents: 600, inPayoutCents: 400, cashReceivedCents: 1000, paidOutCents: 0 })).toBeNull();
    expect(solvencyAlert({ availableCents: 601, inPayoutCents: 400, cashReceivedCents: 1000, paidOutCents: 0 })).toEqual({ exposedCents: 1001, cashCents: 1000 });
    expect(solvencyAlert({ availableCents: 0, inPayoutCents: 0, cashReceivedCents: 0, paidOutCents: 0 })).toBeNull();
    // cash already paid out to members is no longer there to pay the rest
    expect(solvencyAlert({ availableCents: 600, inPayoutCents: 0, cashReceivedCents: 1000, paidOutCents: 500 })).toEqual({ exposedCents: 600, cashCents: 500 });
    expect(solvencyAlert({ availableCents: 500, inPayoutCents: 0, cashReceivedCents: 1000, paidOutCents: 500 })).toBeNull();
  });

  it("words the alert with the cards' labels and figures, never « soldes disponibles » for money in payout (issue #37 item 7)", () => {
    const input = { availableCents: 0, inPayoutCents: 1234, cashReceivedCents: 500, paidOutCents: 0 };
    const alert = solvencyAlert(input)!;
    expect(alert).toEqual({ exposedCents: solvencyFigures(input).toPayCents, cashCents: solvencyFigures(input).cashLeftCents });
    const text = solvencyAlertText({ ...alert, availableCents: input.availableCents, inPayoutCents: input.inPayoutCents }).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toBe(
      "Alerte : À verser aux membres (12,34 € : Disponible 0,00 € + En cours de virement 12,34 €) dépasse la Trésorerie restante (5,00 € : paiements reçus des réseaux moins Versé).",
    );
    expect(text).not.toMatch(/soldes disponibles/);
  });

  it("speaks the member side's words", () => {
    expect(MONEY_LABELS).toMatchObject({ pending: "En attente", available: "Disponible", inPayout: "En cours de virement", paid: "Versé", owed: "Dette des membres" });
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
