import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { fr } from "date-fns/locale/fr";
import { describe, expect, it, vi } from "vitest";
// date-fns's format, counted (the real one does the work)
vi.mock("date-fns/format", async (importOriginal) => {
  const real = await importOriginal<typeof import("date-fns/format")>();
  return { ...real, format: vi.fn(real.format) };
});

import { FORMATTED_KEPT, formatParis, fromParisLocalInput, parisYear, toParisLocalInput } from "./paris-time";
import { withFirstOfMonth } from "#app/lib/paris-day";

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

describe("formatParis", () => {
  it("reads the instant on a Paris clock, in French, summer and winter, from a string or a date", () => {
    expect(formatParis("2026-07-14T21:30:00.000Z", "EEEE d MMMM yyyy 'à' HH'h'mm")).toBe("mardi 14 juillet 2026 à 23h30");
    expect(formatParis(new Date("2026-12-31T23:30:00.000Z"), "d MMMM yyyy HH:mm")).toBe("1er janvier 2027 00:30");
    expect(formatParis("2026-03-29T00:59:59.000Z", "d MMM HH:mm:ss")).toBe("29 mars 01:59:59");
    expect(formatParis("2026-03-29T01:00:00.000Z", "d MMM HH:mm:ss")).toBe("29 mars 03:00:00");
  });

  it("gives the same text from what it keeps as from date-fns, for any instant and pattern, and keeps at most FORMATTED_KEPT", () => {
    const patterns = ["d MMMM yyyy", "d MMM HH:mm", "EEEE d MMMM yyyy", "HH'h'mm"];
    const start = Date.UTC(2026, 0, 1);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < FORMATTED_KEPT + 500; i += 7) {
        const instant = new Date(start + i * 3_613_000);
        const pattern = patterns[i % patterns.length]!;
        expect(formatParis(instant, pattern)).toBe(withFirstOfMonth(format(new TZDate(instant, "Europe/Paris"), pattern, { locale: fr })));
      }
    }
  });

  it("formats an instant in a pattern once, until FORMATTED_KEPT others have been formatted since", () => {
    const counted = vi.mocked(format);
    const instant = "2031-05-08T06:45:00.000Z";
    counted.mockClear();
    expect(formatParis(instant, "d MMMM yyyy HH:mm")).toBe("8 mai 2031 08:45");
    expect(formatParis(new Date(instant), "d MMMM yyyy HH:mm")).toBe("8 mai 2031 08:45");
    expect(counted).toHaveBeenCalledTimes(1);
    expect(formatParis(instant, "d MMM")).toBe("8 mai");
    expect(counted).toHaveBeenCalledTimes(2);
    for (let i = 1; i <= FORMATTED_KEPT; i++) formatParis(new Date(Date.UTC(2032, 0, 1) + i * 60_000), "HH:mm");
    counted.mockClear();
    expect(formatParis(instant, "d MMMM yyyy HH:mm")).toBe("8 mai 2031 08:45");
    expect(counted).toHaveBeenCalledTimes(1);
  });

  it("refuses an invalid instant as date-fns does, and keeps nothing for it", () => {
    expect(() => formatParis("n'importe quoi", "d MMMM yyyy")).toThrow(RangeError);
    expect(() => formatParis("n'importe quoi", "d MMMM yyyy")).toThrow(RangeError);
  });
});

describe("parisYear", () => {
  it("is the year on a Paris clock, on either side of New Year, forwards and back", () => {
    expect(parisYear(new Date("2026-07-14T12:00:00.000Z"))).toBe(2026);
    // 23:59:59.999 and midnight in Paris (UTC+1 in winter)
    expect(parisYear(new Date("2026-12-31T22:59:59.999Z"))).toBe(2026);
    expect(parisYear(new Date("2026-12-31T23:00:00.000Z"))).toBe(2027);
    expect(parisYear(new Date("2027-12-31T22:59:59.999Z"))).toBe(2027);
    expect(parisYear(new Date("2026-12-31T22:59:59.999Z"))).toBe(2026);
    expect(parisYear(new Date("2025-01-01T00:00:00.000Z"))).toBe(2025);
    expect(parisYear(new Date("2024-12-31T23:00:00.000Z"))).toBe(2025);
    expect(parisYear(new Date("2024-12-31T22:59:59.999Z"))).toBe(2024);
    const year = parisYear();
    expect(year).toBe(new TZDate(Date.now(), "Europe/Paris").getFullYear());
  });

  it("reads the year once for the whole year: no date formatting per call, and formatParis keeps what it kept", () => {
    const counted = vi.mocked(format);
    const instant = "2033-03-09T10:15:00.000Z";
    expect(formatParis(instant, "d MMMM yyyy HH:mm")).toBe("9 mars 2033 11:15");
    parisYear(new Date("2034-01-01T00:00:00.000Z"));
    counted.mockClear();
    // one call per second for longer than formatParis keeps instants
    for (let i = 0; i <= FORMATTED_KEPT; i++) expect(parisYear(new Date(Date.UTC(2034, 1, 1) + i * 1000))).toBe(2034);
    expect(counted).not.toHaveBeenCalled();
    expect(formatParis(instant, "d MMMM yyyy HH:mm")).toBe("9 mars 2033 11:15");
    expect(counted).not.toHaveBeenCalled();
  });

  it("refuses an invalid instant", () => {
    expect(() => parisYear(new Date("n'importe quoi"))).toThrow(RangeError);
  });
});
