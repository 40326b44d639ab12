import { describe, expect, it } from "vitest";
import { CONVERSION_REVIEW_STATUSES, conversionReviewLabel, implausibleCommission, type RateBound } from "./review";

const NBSP = "\u00a0";
const percent = (p: string): RateBound => ({ percent: p, fixedCents: null });
const check = (commission: string, sale: string | null, rates: RateBound[] = [percent("10.00")], currency = "EUR", ceilingCents = 200_00) =>
  implausibleCommission({ commission, sale, currency, rates, ceilingCents });

describe("conversion review", () => {
  it("labels each state in French", () => {
    expect(CONVERSION_REVIEW_STATUSES.map(conversionReviewLabel)).toEqual(["Compte inconnu", "En vérification", "Vérifiée"]);
    expect(conversionReviewLabel(null)).toBeNull();
  });

  it("allows the highest rate × the sale plus the greater of 1 € and 5 %", () => {
    // 10 % of 100 € = 10 €, + 1 € (5 % would be 0,50 €)
    expect(check("11.00", "100.00")).toBeNull();
    expect(check("11.000001", "100.00")).toBe(
      `Commission de 11,000001${NBSP}€ au-dessus du maximum plausible de 11,00${NBSP}€ (taux le plus haut du programme : 10 % de 100,00${NBSP}€, plus la tolérance de 5 % ou 1 €).`,
    );
    // 10 % of 1 000 € = 100 €, + 5 % = 105 €
    expect(check("105.00", "1000.00")).toBeNull();
    expect(check("105.01", "1000.00")).not.toBeNull();
    // the highest of the programme's rates counts
    expect(check("15.50", "100.00", [percent("4.5"), percent("15")])).toBeNull();
    expect(check("16.01", "100.00", [percent("4.5"), percent("15")])).toContain("15 % de 100,00");
  });

  it("uses a fixed amount when it is the highest, and skips the rate check without rates or sale", () => {
    expect(check("12.00", "10.00", [percent("10.00"), { percent: null, fixedCents: 1200 }])).toBeNull();
    expect(check("13.01", "10.00", [{ percent: null, fixedCents: 1200 }])).toContain("montant fixe le plus haut du programme : 12,00");
    expect(check("150.00", "100.00", [])).toBeNull();
    expect(check("150.00", null)).toBeNull();
  });

  it("holds a euro commission above the ceiling, whatever the rates", () => {
    expect(check("900.00", "100.00")).toBe(
      `Commission de 900,00${NBSP}€ au-dessus du maximum plausible de 11,00${NBSP}€ (taux le plus haut du programme : 10 % de 100,00${NBSP}€, plus la tolérance de 5 % ou 1 €) ; commission de 900,00${NBSP}€ au-dessus du plafond par conversion de 200,00${NBSP}€.`,
    );
    expect(check("200.00", null, [])).toBeNull();
    expect(check("200.01", null, [])).toBe(`Commission de 200,01${NBSP}€ au-dessus du plafond par conversion de 200,00${NBSP}€.`);
    expect(check("200.01", null, [], "EUR", 500_00)).toBeNull();
    // another currency waits for an admin's currency decision anyway: the ceiling is in euros
    expect(check("900.00", null, [], "USD")).toBeNull();
  });

  it("never holds a zero or negative commission", () => {
    expect(check("0", "100.00")).toBeNull();
    expect(check("-900.00", "100.00")).toBeNull();
  });
});
