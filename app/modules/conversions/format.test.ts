import { describe, expect, it } from "vitest";
import { formatNetworkAmount } from "./format";

describe("formatNetworkAmount", () => {
  it("shows network amounts exactly, in French, without rounding, always with at least two decimals", () => {
    expect(formatNetworkAmount("17.833000")).toBe("17,833\u00a0€");
    expect(formatNetworkAmount("17.833")).toBe("17,833\u00a0€");
    expect(formatNetworkAmount("0.123456")).toBe("0,123456\u00a0€");
    expect(formatNetworkAmount("-4.500000")).toBe("-4,50\u00a0€");
    expect(formatNetworkAmount("12.000000")).toBe("12,00\u00a0€");
    expect(formatNetworkAmount("12")).toBe("12,00\u00a0€");
    expect(formatNetworkAmount("1234567.5")).toBe("1\u202f234\u202f567,50\u00a0€");
    expect(formatNetworkAmount("-0.000000")).toBe("0,00\u00a0€");
  });

  it("keeps the ISO code of another currency and a dash for no amount", () => {
    expect(formatNetworkAmount("12.50", "USD")).toBe("12,50\u00a0USD");
    expect(formatNetworkAmount(null)).toBe("—");
    expect(formatNetworkAmount("n/a", "GBP")).toBe("n/a GBP");
  });
});
