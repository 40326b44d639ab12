import { describe, expect, it } from "vitest";
import { fromParisLocalInput, toParisLocalInput } from "./paris-time";

describe("Paris time for datetime-local fields", () => {
  it("reads what the admin typed as Paris time, summer and winter", () => {
    expect(fromParisLocalInput("2025-05-25T23:59")).toBe("2025-05-25T21:59:00.000Z");
    expect(fromParisLocalInput("2025-12-24T18:30")).toBe("2025-12-24T17:30:00.000Z");
    expect(fromParisLocalInput("2025-05-25T23:59:59")).toBe("2025-05-25T21:59:59.000Z");
  });

  it("shows a stored instant back in Paris time, so saving twice changes nothing", () => {
    expect(toParisLocalInput("2025-05-25T23:59:59+02:00")).toBe("2025-05-25T23:59");
    expect(toParisLocalInput("2025-05-25T21:59:00.000Z")).toBe("2025-05-25T23:59");
    const once = fromParisLocalInput("2030-03-30T09:15")!;
    expect(fromParisLocalInput(toParisLocalInput(once))).toBe(once);
  });

  it("refuses what is not a real date", () => {
    for (const bad of ["demain", "2025-02-31T10:00", "2025-13-01T10:00", "2025-05-25T24:00", "2025-05-25", "2025-05-25T23:59Z", ""]) {
      expect(fromParisLocalInput(bad)).toBeNull();
    }
    expect(toParisLocalInput("n'importe quoi")).toBe("");
  });
});
