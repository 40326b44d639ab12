import { describe, expect, it } from "vitest";
import { percentChange } from "./dashboard.server";

describe("percentChange", () => {
  it("formats the change against last month", () => {
    expect(percentChange(112, 100)).toBe("+12%");
    expect(percentChange(95, 100)).toBe("-5%");
    expect(percentChange(0, 0)).toBe("0%");
    expect(percentChange(4, 0)).toBe("—");
  });
});
