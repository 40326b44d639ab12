import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("CSV cells", () => {
  it("quotes separators and quotes, and neutralises formulas", () => {
    expect(csvCell('A "B", C')).toBe('"A ""B"", C"');
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+33")).toBe("'+33");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvLine(["CMD-1", 49.9, "a;b"])).toBe('CMD-1,49.9,"a;b"');
  });

  it("joins with ; for French Excel, quoting the cells that hold one", () => {
    expect(csvLine(["a", "b;c", "d,e", 8.5], ";")).toBe('a;"b;c";"d,e";8.5');
  });
});
