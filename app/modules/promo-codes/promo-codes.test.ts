import { describe, expect, it } from "vitest";
import { codeDescription, expiryStatus, maskCode } from "./promo-codes";

describe("maskCode", () => {
  it("keeps 4 leading characters and masks the rest", () => {
    expect(maskCode("VINOGLOW15")).toBe("VINO******");
    expect(maskCode("AB")).toBe("AB****");
    expect(maskCode(null)).toBe("********");
    expect(maskCode("")).toBe("********");
  });
});

describe("expiryStatus", () => {
  const now = new Date("2025-05-10T12:00:00Z");
  it("follows the spec's thresholds", () => {
    expect(expiryStatus(new Date("2025-05-10T11:00:00Z"), now)).toBe("expired");
    expect(expiryStatus(new Date("2025-05-16T12:00:00Z"), now)).toBe("soon");
    expect(expiryStatus(new Date("2025-05-17T12:00:01Z"), now)).toBe("valid");
    expect(expiryStatus(null, now)).toBe("valid");
  });
});

describe("codeDescription", () => {
  it("falls back to the category, then to nothing", () => {
    expect(codeDescription("Dès 50€", "Soin")).toBe("Dès 50€");
    expect(codeDescription(null, "Maquillage")).toBe("Code promo Maquillage");
    expect(codeDescription("  ", null)).toBeNull();
  });
});
