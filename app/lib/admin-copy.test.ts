/**
 * Issue #37 item 9: the back office writes French the way finance and editors read it.
 * - No « virement(s) »: a count and its noun agree through Intl.PluralRules (app/lib/plural.ts).
 * - Amounts always with their cents, through the one money formatter (formatEuros).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CSV_MESSAGES, csvSummaryText } from "#app/modules/admin/csv";
import { importSummary } from "#app/modules/conversions/import-file";
import { DEAL_FORM_MESSAGES } from "#app/modules/deals/deal-form.schema";
import { formatEuros } from "#app/modules/ledger/ledger";
import { PRICE_ADMIN_MESSAGES } from "#app/modules/prices/price-admin";
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

/** A string literal: "…", '…' or a template without a nested one. */
const LITERAL = String.raw`("[^"\n]*"|'[^'\n]*'|\x60[^\x60]*\x60)`;
/** `n > 1 ? "…" : "…"` (also `=== 1`, `>= 2`, `< 2`…): a ternary on a count against 1 or 2 choosing between two strings. */
const COUNT_TERNARY = new RegExp(String.raw`(?:[<>]=?|[!=]==?)\s*[12]\s*\?\s*` + LITERAL + String.raw`\s*:\s*` + LITERAL, "gu");
const words = (s: string) => new Set(s.replace(/\$\{[^}]*\}/g, " ").toLowerCase().match(/\p{L}+/gu) ?? []);
/**
 * The two strings are a word's singular and plural: one is a bare ending (`"s" : ""`), or a word
 * of one is a word of the other plus « s » / « x » (« observation » / « observations »).
 * « Jusqu'à » or nothing, `?page=2` or nothing, are choices, not agreements.
 */
function agreesByHand(a: string, b: string): boolean {
  if ([a, b].some((x) => /^(?:e|s|es|x)$/.test(x.slice(1, -1).trim()))) return true;
  const [wa, wb] = [words(a), words(b)];
  const plural = (one: Set<string>, other: Set<string>) => [...one].some((w) => other.has(`${w}s`) || other.has(`${w}x`));
  return plural(wa, wb) || plural(wb, wa);
}

/** Option lists whose values are already the names staff read: the blog's categories (French words), the promo codes' categories (typed by staff). */
const FRENCH_VALUES = new Set(["BLOG_CATEGORIES", "categories"]);
/** `X.map((v) => ({ value: v, label: v }))` and `X.map((v) => (<option key={v} value={v}>{v}</option>))`: an option labelled with its raw value. */
const RAW_LABEL = [/([\w.]+)\.map\(\((\w+)\) => \(\{ value: \2, label: \2 \}\)\)/g, /([\w.]+)\.map\(\((\w+)\) => \(\s*<option key=\{\2\} value=\{\2\}>\s*\{\2\}\s*<\/option>/g];

describe("French in the back office (issue #37 item 9)", () => {
  it("never builds a plural by hand: « 1 observation », « 2 observations » come from Intl.PluralRules", () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap((r) => files(r))) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(COUNT_TERNARY)) {
        if (agreesByHand(m[1]!, m[2]!)) found.push(`${file}:${text.slice(0, m.index).split("\n").length}: ${m[0].replace(/\s+/g, " ").slice(0, 120)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the rule above catches the hand-made plurals it was written for", () => {
    const caught = (code: string) => [...code.matchAll(COUNT_TERNARY)].some((m) => agreesByHand(m[1]!, m[2]!));
    expect(caught('{n} {n > 1 ? "observations" : "observation"} en tout')).toBe(true);
    expect(caught('`ignoré${n > 1 ? "s" : ""}`')).toBe(true);
    expect(caught('(n > 1\n ? `${n} deals publiés`\n : "1 deal publié")')).toBe(true);
    expect(caught('`${rateCount > 1 ? "Jusqu\'à " : ""}${rate}`')).toBe(false);
    expect(caught('`/mon-cashback${page > 1 ? `?page=${page}` : ""}`')).toBe(false);
  });

  it("never labels an option with its raw value (`home`, `text`, `temu`)", () => {
    const found: string[] = [];
    for (const file of files("app/routes/admin")) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of RAW_LABEL.flatMap((re) => [...text.matchAll(re)])) {
        if (!FRENCH_VALUES.has(m[1]!)) found.push(`${file}:${text.slice(0, m.index).split("\n").length}: ${m[0].replace(/\s+/g, " ")}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the counts fixed for it agree at 1 and at 2", () => {
    expect(csvSummaryText({ create: 1, update: 0, error: 0, skip: 1 })).toBe("1 à créer, 0 à mettre à jour, 1 déjà connu (ignoré), 0 en erreur.");
    expect(csvSummaryText({ create: 2, update: 0, error: 0, skip: 2 })).toBe("2 à créer, 0 à mettre à jour, 2 déjà connus (ignorés), 0 en erreur.");
    expect(CSV_MESSAGES.refused(1)).toBe("1 ligne contient des erreurs : rien n'a été importé.");
    expect(CSV_MESSAGES.refused(2)).toBe("2 lignes contiennent des erreurs : rien n'a été importé.");
    expect(PRICE_ADMIN_MESSAGES.done(1, 1)).toBe("1 observation enregistrée, 1 déjà connue (ignorée).");
    expect(PRICE_ADMIN_MESSAGES.done(2, 2)).toBe("2 observations enregistrées, 2 déjà connues (ignorées).");
    expect(PRICE_ADMIN_MESSAGES.merged(1, "a", "b")).toBe("1 observation déplacée de « a » vers « b ».");
    expect(PRICE_ADMIN_MESSAGES.merged(2, "a", "b")).toBe("2 observations déplacées de « a » vers « b ».");
    const status = DEAL_FORM_MESSAGES.statusBulk;
    expect([status.done["bulk-publish"](1), status.done["bulk-publish"](2)]).toEqual(["1 deal publié", "2 deals publiés"]);
    expect([status.done["bulk-unpublish"](1), status.done["bulk-unpublish"](2)]).toEqual(["1 deal retiré", "2 deals retirés"]);
    expect(status.skipped(1)).toMatch(/^1 deal de membre ou déjà dans ce statut est laissé tel quel : /);
    expect(status.skipped(2)).toMatch(/^2 deals de membres ou déjà dans ce statut sont laissés tels quels : /);
    expect(status.confirm["bulk-publish"](1)).toMatch(/^Publier ce deal \?/);
    expect(status.confirm["bulk-unpublish"](2)).toMatch(/^Retirer ces 2 deals du site \?/);
    const counts = (n: number) => importSummary({ inserted: n, updated: n, unchanged: n, rejected: [] }).counts;
    expect(counts(1)).toBe("1 nouvelle, 1 mise à jour, 1 inchangée");
    expect(counts(2)).toBe("2 nouvelles, 2 mises à jour, 2 inchangées");
    expect(counts(0)).toBe("0 nouvelle, 0 mise à jour, 0 inchangée");
  });

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
