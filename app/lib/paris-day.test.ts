import { describe, expect, it } from "vitest";
import { formatParis } from "#app/modules/settings/paris-time";
import { formatParisDay, withFirstOfMonth } from "./paris-day";

describe("formatParisDay", () => {
  it("reads the day in Paris, as date-fns' « d MMMM yyyy » does, every day of a year and across midnight", () => {
    const start = Date.UTC(2027, 0, 1, 22, 30); // 23:30 in Paris in winter, 00:30 the next day in summer
    for (let i = 0; i < 366; i++) {
      const at = new Date(start + i * 86_400_000);
      expect(formatParisDay(at.toISOString())).toBe(formatParis(at, "d MMMM yyyy"));
    }
    expect(formatParisDay("2027-06-30T21:59:59.999Z")).toBe("30 juin 2027");
    expect(formatParisDay("2027-06-30T22:00:00.000Z")).toBe("1er juillet 2027");
  });
});

describe("« 1er » for the first day of a month", () => {
  it("writes the first day as « 1er » in every pattern with a month name, and only the first day", () => {
    const first = new Date("2027-05-01T10:00:00+02:00");
    expect(formatParis(first, "d MMMM yyyy")).toBe("1er mai 2027");
    expect(formatParis(first, "EEEE d MMMM")).toBe("samedi 1er mai");
    expect(formatParis(first, "d MMM HH:mm")).toBe("1er mai 10:00");
    expect(formatParis(first, "d MMMM yyyy 'à' HH'h'mm")).toBe("1er mai 2027 à 10h00");
    expect(formatParis(new Date("2027-02-01T12:00:00Z"), "d MMM yyyy")).toBe("1er févr. 2027");
    for (const day of [2, 10, 11, 21, 31]) {
      expect(formatParis(new Date(Date.UTC(2027, 4, day, 10)), "d MMMM yyyy")).toBe(`${day} mai 2027`);
    }
  });

  it("leaves numeric dates and other numbers alone, and never writes « 1erer »", () => {
    expect(formatParis(new Date("2027-05-01T10:00:00+02:00"), "dd/MM/yyyy")).toBe("01/05/2027");
    expect(withFirstOfMonth("11 mai, 21 juin, 31 déc.")).toBe("11 mai, 21 juin, 31 déc.");
    expect(withFirstOfMonth("1er mai")).toBe("1er mai");
    expect(withFirstOfMonth(withFirstOfMonth("du 1 mars au 1\u00a0avril"))).toBe("du 1er mars au 1er\u00a0avril");
    expect(withFirstOfMonth("1 deal")).toBe("1 deal");
  });

  it("applies to every month, full and abbreviated", () => {
    for (let month = 0; month < 12; month++) {
      const at = new Date(Date.UTC(2027, month, 1, 11));
      expect(formatParis(at, "d MMMM")).toMatch(/^1er /);
      expect(formatParis(at, "d MMM")).toMatch(/^1er /);
      expect(formatParisDay(at)).toMatch(/^1er /);
    }
  });
});
