import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clickIdFrom, collect, currencyCode, describeRejected, mapStatus, normaliseAmount, parseNetworkDate, RecordError, splitDelimitedLine } from "./parse-common";

describe("normaliseAmount", () => {
  it.each([
    ["1.64", "1.64"],
    ["1,64", "1.64"],
    ["  17.833 ", "17.833"],
    ["32252.1922", "32252.1922"],
    ["3.2000", "3.2000"],
    ["-4.5", "-4.5"],
    ["-120,00", "-120.00"],
    ["+2", "2"],
    ["007.50", "7.50"],
    [".5", "0.5"],
    ["5.", "5"],
    ["-0.00", "0.00"],
    ["1 234,56", "1234.56"],
    ["1\u00a0234\u00a0567.8", "1234567.8"],
    ["1.6400000", "1.640000"],
    ["\u22124,50", "-4.50"],
  ])("string %j → %j", (input, expected) => {
    expect(normaliseAmount(input)).toBe(expected);
  });

  it.each([
    [1.64, "1.64"],
    [17.833, "17.833"],
    [32252.1922, "32252.1922"],
    [-0.5, "-0.5"],
    [0, "0"],
    [-0, "0"],
    [26.09, "26.09"],
    [1e-6, "0.000001"],
    [1e11, "100000000000"],
  ])("number %j → %j", (input, expected) => {
    expect(normaliseAmount(input)).toBe(expected);
  });

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    ["abc", "letters"],
    ["1.2.3", "two dots"],
    ["1,234.56", "both separators"],
    ["12 34", "bad grouping"],
    ["1e3", "exponent in a string"],
    ["NaN", "NaN text"],
    ["Infinity", "Infinity text"],
    ["-", "sign only"],
    [".", "separator only"],
    ["0.0000001", "7 significant decimals"],
    ["1234567890123", "13 integer digits"],
  ])("refuses %j (%s)", (input) => {
    expect(normaliseAmount(input)).toBeNull();
  });

  it("refuses NaN, ±Infinity, non-numbers and imprecise floats", () => {
    for (const v of [NaN, Infinity, -Infinity, null, undefined, true, {}, [], 0.1 + 0.2, 1e-7, 1e21]) expect(normaliseAmount(v)).toBeNull();
  });

  const decimal = fc
    .record({
      negative: fc.boolean(),
      int: fc.bigInt({ min: 0n, max: 999_999_999_999n }),
      frac: fc.stringMatching(/^\d{0,6}$/),
    })
    .map(({ negative, int, frac }) => {
      const zero = int === 0n && !/[1-9]/.test(frac);
      return `${negative && !zero ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
    });

  it("never throws on any string, and returns null or canonical decimal text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.stringMatching(/^[\s+\-.,\d e]{0,20}$/)), (s) => {
        const out = normaliseAmount(s);
        expect(out === null || /^-?\d+(\.\d+)?$/.test(out)).toBe(true);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  });

  it("round-trips canonical decimals, with a dot or a comma, padded with spaces, leading zeros or '+'", () => {
    fc.assert(
      fc.property(decimal, fc.constantFrom(".", ","), fc.constantFrom("", " ", "\t"), (d, sep, pad) => {
        expect(normaliseAmount(d)).toBe(d);
        expect(normaliseAmount(`${pad}${d.replace(".", sep)}${pad}`)).toBe(d);
        const padded = d.startsWith("-") ? `-00${d.slice(1)}` : `+00${d}`;
        expect(normaliseAmount(padded)).toBe(d);
        expect(normaliseAmount(normaliseAmount(d))).toBe(d);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  });

  it("keeps the value of any accepted JS number exactly (shortest repr)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (n) => {
        const out = normaliseAmount(n);
        if (out !== null) expect(Number(out)).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  });
});

describe("parseNetworkDate", () => {
  it("reads ISO dates with Z, an offset, or none (then the zone given)", () => {
    expect(parseNetworkDate("2025-03-03T10:41:00Z")?.toISOString()).toBe("2025-03-03T10:41:00.000Z");
    expect(parseNetworkDate("2025-03-03T10:41:00+01:00")?.toISOString()).toBe("2025-03-03T09:41:00.000Z");
    expect(parseNetworkDate("2025-03-03T10:41:00-0500")?.toISOString()).toBe("2025-03-03T15:41:00.000Z");
    expect(parseNetworkDate("2017-01-11T22:18:42.000Z")?.toISOString()).toBe("2017-01-11T22:18:42.000Z");
    expect(parseNetworkDate("2025-03-03T10:41:00")?.toISOString()).toBe("2025-03-03T10:41:00.000Z");
    expect(parseNetworkDate("2025-03-03 10:41:00", "Europe/Paris")?.toISOString()).toBe("2025-03-03T09:41:00.000Z");
    // summer time in Paris is UTC+2
    expect(parseNetworkDate("2025-07-01 12:00:00", "Europe/Paris")?.toISOString()).toBe("2025-07-01T10:00:00.000Z");
    expect(parseNetworkDate("2025-04-10")?.toISOString()).toBe("2025-04-10T00:00:00.000Z");
    // on both sides of the daylight-saving changes (one offset lookup per local hour)
    expect(parseNetworkDate("2025-03-30 01:59:59", "Europe/Paris")?.toISOString()).toBe("2025-03-30T00:59:59.000Z");
    expect(parseNetworkDate("2025-03-30 03:30:00", "Europe/Paris")?.toISOString()).toBe("2025-03-30T01:30:00.000Z");
    expect(parseNetworkDate("2025-10-26 01:30:00", "Europe/Paris")?.toISOString()).toBe("2025-10-25T23:30:00.000Z");
    expect(parseNetworkDate("2025-10-26 03:30:00", "Europe/Paris")?.toISOString()).toBe("2025-10-26T02:30:00.000Z");
  });

  it("reads French and Date#toString dates", () => {
    expect(parseNetworkDate("03/03/2025 10:41:00", "Europe/Paris")?.toISOString()).toBe("2025-03-03T09:41:00.000Z");
    expect(parseNetworkDate("Mon Mar 03 2025 10:50:00 GMT+0000 (UTC)")?.toISOString()).toBe("2025-03-03T10:50:00.000Z");
    expect(parseNetworkDate("Mon Mar 03 2025 10:50:00 GMT+0100 (heure normale d’Europe centrale)")?.toISOString()).toBe("2025-03-03T09:50:00.000Z");
  });

  it("refuses impossible or foreign dates instead of rolling them over", () => {
    for (const v of ["2017-02-31T08:00:00.000Z", "2025-13-01", "31/02/2025 10:00:00", "2025-03-03T25:00:00", "hier", "", "1741002060", 1741002060, null]) {
      expect(parseNetworkDate(v)).toBeNull();
    }
  });
});

describe("record helpers", () => {
  it("keeps plain click ids and drops markup, macros and empties", () => {
    expect(clickIdFrom(" c7Hq2ZxP0aB9kLm3Nq4Rs ")).toBe("c7Hq2ZxP0aB9kLm3Nq4Rs");
    expect(clickIdFrom("<script>alert(1)</script>")).toBeNull();
    expect(clickIdFrom("{ARGSITE}")).toBeNull();
    expect(clickIdFrom("")).toBeNull();
    expect(clickIdFrom(undefined)).toBeNull();
    expect(clickIdFrom("x".repeat(101))).toBeNull();
  });

  it("upper-cases currencies and refuses non-codes", () => {
    expect(currencyCode(" eur ")).toBe("EUR");
    expect(() => currencyCode("EURO")).toThrow("devise illisible : « EURO »");
    expect(() => currencyCode(undefined)).toThrow("devise manquante");
  });

  it("maps statuses without case or accents, and names unknown ones", () => {
    const table = { refuse: { status: "declined" as const } };
    expect(mapStatus(" Refusé ", table)).toEqual({ raw: "Refusé", status: "declined", networkPaid: false });
    expect(() => mapStatus("bof", table)).toThrow("statut inconnu : « bof »");
  });

  it("keeps the good items and names the bad ones", () => {
    const result = collect(
      [1, 2, 3],
      (_item, i) => `ligne ${i + 2}`,
      (item) => {
        if (item === 2) throw new RecordError("commission illisible : « x »");
        if (item === 3) throw new TypeError("bug");
        return { recordId: String(item) } as never;
      },
    );
    expect(result.records).toEqual([{ recordId: "1" }]);
    expect(result.rejected.map(describeRejected)).toEqual(["ligne 3 : commission illisible : « x »", "ligne 4 : enregistrement illisible"]);
  });

  it("splits delimited lines with quotes", () => {
    expect(splitDelimitedLine('a|"b|c"|"d ""e"""|', "|")).toEqual(["a", "b|c", 'd "e"', ""]);
    expect(splitDelimitedLine('a|"b', "|")).toBeNull();
  });
});
