import { describe, expect, it } from "vitest";
import { reasonCodeFor, reasonTextFr } from "./reasons";

describe("refusal reasons in plain French", () => {
  it("maps each network's codes and free text", () => {
    expect(reasonCodeFor("awin", "order returned")).toBe("returned");
    expect(reasonCodeFor("awin", "Cancelled by customer")).toBe("cancelled");
    expect(reasonCodeFor("cj", "RETURNED_MERCHANDISE")).toBe("returned");
    expect(reasonCodeFor("cj", "DUPLICATE_ORDER")).toBe("duplicate");
    expect(reasonCodeFor("impact", "Existing Customer")).toBe("not_new_customer");
    expect(reasonCodeFor("impact", "Invalid Promo Code")).toBe("voucher");
    expect(reasonCodeFor("effiliation", "Commande annulée")).toBe("cancelled");
    expect(reasonCodeFor("awin", "customer used unauthorised voucher")).toBe("voucher");
  });

  it("falls back to « Refusé par le marchand »", () => {
    expect(reasonCodeFor("awin", null)).toBe("merchant_declined");
    expect(reasonCodeFor("awin", "  ")).toBe("merchant_declined");
    expect(reasonCodeFor("tradedoubler", "X42")).toBe("merchant_declined");
    expect(reasonTextFr("merchant_declined")).toBe("Refusé par le marchand");
    expect(reasonTextFr("something new")).toBe("Refusé par le marchand");
    expect(reasonTextFr("returned")).toBe("Commande retournée");
  });
});
