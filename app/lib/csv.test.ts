import { describe, expect, it } from "vitest";
import { csvCell, csvLine, startsFormula } from "./csv";

describe("CSV cells", () => {
  it("quotes separators and quotes, and neutralises formulas", () => {
    expect(csvCell('A "B", C')).toBe('"A ""B"", C"');
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvLine(["CMD-1", 49.9, "a;b"])).toBe('CMD-1,49.9,"a;b"');
  });

  it("joins with ; for French Excel, quoting the cells that hold one", () => {
    expect(csvLine(["a", "b;c", "d,e", 8.5], ";")).toBe('a;"b;c";"d,e";8.5');
  });
});

describe("the formula guard (issue #37 item 4)", () => {
  it("leaves numbers, amounts, percentages and dates alone", () => {
    for (const plain of ["-10%", "-10 %", "-1", "-0.5", "+33", "-1 299.00 €", "-1.299€", "-5 EUR", "-12\u00a0%", "2030-06-15 09:30", "31/12/2030", "15%"]) {
      expect(startsFormula(plain), plain).toBe(false);
      expect(csvCell(plain), plain).toBe(plain);
    }
    // a decimal comma is only quoted (it is the comma-separated files' separator)
    for (const plain of ["-1 299,00 €", "+3,5 %", "8,5"]) {
      expect(startsFormula(plain), plain).toBe(false);
      expect(csvCell(plain), plain).toBe(`"${plain}"`);
    }
    expect(csvCell(-10)).toBe("-10");
  });

  it("still guards real formulas: = + - @ tab or CR before anything but a plain value", () => {
    const cases: Array<[string, string]> = [
      ["=1+1", "'=1+1"],
      ["-1+1", "'-1+1"],
      ["+A1", "'+A1"],
      ["-10% sur tout", "'-10% sur tout"],
      ["+33 6 12 34 56 78", "'+33 6 12 34 56 78"],
      ["-2+3*cmd|' /C calc'!A0", "'-2+3*cmd|' /C calc'!A0"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\t=1", "'\t=1"],
      ["-", "'-"],
      ["--10", "'--10"],
      ["-10%%", "'-10%%"],
    ];
    for (const [value, cell] of cases) {
      expect(startsFormula(value), value).toBe(true);
      expect(csvCell(value), value).toBe(cell);
    }
    expect(csvCell("\r=1")).toBe("\"'\r=1\"");
  });
});
