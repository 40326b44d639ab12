import { describe, expect, it } from "vitest";
import { DomainError } from "#app/lib/errors";
import { CSV_LIMITS, CSV_MESSAGES, dayCell, decimalCell, frenchDecimal, yesNoCell } from "./csv";
import { decodeCsv, parseCsv, toCsv, uncell } from "./csv.server";

const columns = [
  { header: "Marque", field: "brandId", value: (r: Record<string, string>) => r.brand },
  { header: "Code", field: "code", value: (r: Record<string, string>) => r.code },
  { header: "Réduction", field: "discountAmount", value: (r: Record<string, string>) => r.discount },
];

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { message: (error as DomainError).message, status: (error as DomainError).status };
  }
  throw new Error("not refused");
};

describe("CSV export", () => {
  it("writes a BOM, ; separators, CRLF, the French headers and escaped cells (formulas guarded, percentages as they are)", () => {
    const csv = toCsv(columns, [{ brand: "Zalando", code: "=cmd|' /C calc'!A0", discount: "-20%" }]);
    expect(csv.startsWith("\ufeffMarque;Code;Réduction\r\n")).toBe(true);
    expect(csv).toBe("\ufeffMarque;Code;Réduction\r\nZalando;'=cmd|' /C calc'!A0;-20%\r\n");
  });

  it("round-trips: what is exported parses back to the same cells", () => {
    const rows = [
      { brand: "A; B", code: 'say "hi"', discount: "+5 €" },
      { brand: "Multi\nligne", code: "X", discount: "@10" },
      { brand: "-1+1", code: "-10%", discount: "-1 299,00 €" },
    ];
    const parsed = parseCsv(decodeCsv(new TextEncoder().encode(toCsv(columns, rows))), columns);
    expect(parsed.map((r) => r.cells)).toEqual([
      { brandId: "A; B", code: 'say "hi"', discountAmount: "+5 €" },
      { brandId: "Multi\nligne", code: "X", discountAmount: "@10" },
      { brandId: "-1+1", code: "-10%", discountAmount: "-1 299,00 €" },
    ]);
    expect(parsed.map((r) => r.line)).toEqual([2, 3, 5]);
  });
});

describe("CSV import parsing", () => {
  it("reads , or ; files, headers in any order and case, and gives each record its first line", () => {
    const comma = parseCsv("code,MARQUE, réduction \nA1,Zalando,10%\n\nB2,\"Fnac\nDarty\",5€\nC3,Fnac,1€\n", columns);
    expect(comma.map((r) => [r.line, r.cells.code, r.cells.brandId])).toEqual([
      [2, "A1", "Zalando"],
      [4, "B2", "Fnac\nDarty"],
      [6, "C3", "Fnac"],
    ]);
    const semi = parseCsv("Marque;Code;Réduction\r\nZalando;A,1;10%\r\n", columns);
    expect(semi[0].cells).toEqual({ brandId: "Zalando", code: "A,1", discountAmount: "10%" });
    // a cell's line breaks read the same in a file and in the text « Confirmer l'import » posts back (CRLF)
    const posted = parseCsv('Marque;Code;Réduction\r\n"Fnac\r\nDarty\rBis";A;1%\r\n', columns);
    expect(posted[0].cells.brandId).toBe("Fnac\nDarty\nBis");
  });

  it("undoes the export's formula guard only", () => {
    expect(uncell("'-20%")).toBe("-20%");
    expect(uncell("'=A1")).toBe("=A1");
    expect(uncell("'quoted'")).toBe("'quoted'");
    expect(uncell("l'été")).toBe("l'été");
  });

  it("refuses wrong, missing or repeated headers, empty files, bad quoting and too many rows, in French", () => {
    expect(refusal(() => parseCsv("Marque;Code;Prix\nA;B;C\n", columns)).message).toBe(CSV_MESSAGES.unknownHeader("Prix", ["Marque", "Code", "Réduction"]));
    expect(refusal(() => parseCsv("Marque;Code\nA;B\n", columns)).message).toBe("Colonne manquante : Réduction.");
    expect(refusal(() => parseCsv("Marque;Code;Code;Réduction\nA;B;B;C\n", columns)).message).toBe("La colonne « Code » apparaît deux fois.");
    expect(refusal(() => parseCsv("", columns)).message).toBe(CSV_MESSAGES.empty);
    expect(refusal(() => parseCsv("Marque;Code;Réduction\n", columns)).message).toBe(CSV_MESSAGES.noRows);
    expect(refusal(() => parseCsv('Marque;Code;Réduction\nA;"B;C\n', columns)).message).toContain("mal formé (ligne 2)");
    expect(refusal(() => parseCsv("Marque;Code;Réduction\nA;B\n", columns)).message).toContain("mal formé (ligne 2)");
    const many = `Marque;Code;Réduction\n${"A;B;C\n".repeat(CSV_LIMITS.maxRows + 1)}`;
    expect(refusal(() => parseCsv(many, columns))).toEqual({ message: CSV_MESSAGES.tooManyRows(CSV_LIMITS.maxRows + 1), status: 413 });
  });

  it("decodes UTF-8 with or without BOM, falls back to Windows-1252, refuses binary, empty and oversized files", () => {
    expect(decodeCsv(new TextEncoder().encode("\ufeffMarque;Réduction"))).toBe("Marque;Réduction");
    expect(decodeCsv(new Uint8Array([0x52, 0xe9, 0x64]))).toBe("Réd");
    expect(refusal(() => decodeCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).message).toBe(CSV_MESSAGES.notCsv);
    expect(refusal(() => decodeCsv(new Uint8Array()))).toEqual({ message: CSV_MESSAGES.empty, status: 400 });
    expect(refusal(() => decodeCsv(new Uint8Array(CSV_LIMITS.maxBytes + 1).fill(0x41)))).toEqual({ message: CSV_MESSAGES.tooBig, status: 413 });
  });
});

describe("CSV cell mapping", () => {
  it("reads yes/no, French and ISO days, and French decimals", () => {
    expect(["Oui", "oui", "1", "x", "TRUE"].map(yesNoCell)).toEqual(["on", "on", "on", "on", "on"]);
    expect(["Non", "", "0", "peut-être"].map(yesNoCell)).toEqual(["", "", "", ""]);
    expect(dayCell("31/03/2026")).toBe("2026-03-31");
    expect(dayCell("1/4/2026")).toBe("2026-04-01");
    expect(dayCell(" 2026-03-31 ")).toBe("2026-03-31");
    expect(dayCell("demain")).toBe("demain");
    expect(decimalCell("8,5")).toBe("8.5");
    expect(decimalCell(" 12 ")).toBe("12");
    expect(frenchDecimal(8.5)).toBe("8,5");
    expect(frenchDecimal(null)).toBe("");
  });
});
