/**
 * Issue #37 item 9: the back office writes French the way finance and editors read it.
 * - No « virement(s) »: a count and its noun agree through Intl.PluralRules (app/lib/plural.ts).
 * - Amounts always with their cents, through the one money formatter (formatEuros).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatEuros } from "~/modules/ledger/ledger";
import { countOf } from "./plural";

/** The back office's copy: its screens, its components, and the modules whose messages they show. */
const ROOTS = ["app/routes/admin", "app/components/admin", "app/modules"];
const NOT_COPY = /\.(?:test|spec)\.(?:ts|tsx)$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "+types" ? [] : files(p);
    return /\.(?:ts|tsx)$/.test(e.name) && !NOT_COPY.test(e.name) ? [p] : [];
  });
}

/**
 * « virement(s) », « validé(e)(s) »: a lower-case French word glued to « (s) », « (e) » or « (es) ».
 * A call in code (`isFailing(s)`, `new Date(s)`, `x.endsWith(s)`) has a capital or a dot; comments are skipped.
 */
const HEDGED_PLURAL = /(?<![\p{L}\p{N}_$.])\p{Ll}+\((?:e|s|es)\)/u;

describe("French in the back office (issue #37 item 9)", () => {
  it("never hedges a plural with « (s) »", () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap((r) => files(r))) {
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$|^\s*\*.*$|\/\*.*?\*\//g, "");
          if (HEDGED_PLURAL.test(code.replace(/http\(s\)/g, ""))) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("counts with Intl.PluralRules: « 1 virement », « 2 virements »", () => {
    const virement = { one: "virement", other: "virements" };
    expect(countOf(1, virement)).toBe("1 virement");
    expect(countOf(2, virement)).toBe("2 virements");
    expect(countOf(0, { one: "réclamation", other: "réclamations" })).toBe("0 réclamation");
  });

  it("writes every amount with its cents", () => {
    const plain = (cents: number) => formatEuros(cents).replace(/[\u00a0\u202f]/g, " ");
    expect(plain(620)).toBe("6,20 €");
    expect(plain(1000)).toBe("10,00 €");
    expect(plain(123456)).toBe("1 234,56 €");
    expect(plain(0)).toBe("0,00 €");
  });
});
