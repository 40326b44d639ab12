import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Comments cite what a reader of the repository can open (issue #36 item 8):
 * an ADR that exists, with the section it names, never the design note or
 * the spec files that live outside the repository.
 */

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "db", "server", "scripts", "tests"];
const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(["node_modules", "fixtures", "build", ".react-router"]);

/** Citations of documents that are not in the repository. */
const OUTSIDE_CITATIONS: { name: string; pattern: RegExp }[] = [
  { name: "the design note", pattern: /beyond-the-catalogue|\b[Dd]esign\s+§|\b[Dd]esign\s+[A-G]\.?\d|§\s?[A-G]\.?\d/ },
  { name: "the spec files", pattern: /\badmin\.md\b|\bpublic-site\.md\b|\bspec\s+§/i },
];
/** "ADR 013", "ADR 015, 018", "ADR 015–018", optionally followed by "§Section". */
const ADR_CITATION = /\bADRs?\s+(\d{1,3}(?!\d)(?:\s*(?:,|–|-|and|&)\s*\d{3}(?!\d))*)(?:\s+§\s?(\S.*))?/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE_FILE.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** A comment's words without its markers, one line. */
function commentText(raw: string): string {
  return raw
    .replace(/^\/\/+/, "")
    .replace(/^\/\*+|\*+\/$/g, "")
    .replace(/\n\s*\*?/g, " ")
    .trim();
}

/**
 * Every comment of a file, found by the TypeScript parser (so a "//" in a
 * string, a URL or JSX text is not a comment): the trivia at each node's and
 * each list's edges, which is where comments sit. Joined: a citation may
 * span lines.
 */
function commentsOf(file: string, text: string): string {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") || file.endsWith(".mts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, string>();
  const collect = (at: number) => {
    for (const range of [...(ts.getTrailingCommentRanges(text, at) ?? []), ...(ts.getLeadingCommentRanges(text, at) ?? [])]) {
      if (!found.has(range.pos)) found.set(range.pos, commentText(text.slice(range.pos, range.end)));
    }
  };
  const visitList = (list: ts.NodeArray<ts.Node>) => {
    collect(list.pos);
    list.forEach(visit);
    collect(list.end);
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    collect(node.pos);
    // `{/* … */}` in JSX: the comment follows the brace
    if (ts.isJsxExpression(node) && !node.expression) collect(text.indexOf("{", node.pos) + 1);
    ts.forEachChild(node, visit, visitList);
    collect(node.end);
  };
  visit(source);
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, comment]) => comment).join(" ");
}

const decisionsDir = path.join(root, "docs", "decisions");
const adrFiles = new Map(
  fs
    .readdirSync(decisionsDir)
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .map((name) => [Number(name.slice(0, 3)), path.join(decisionsDir, name)] as const),
);
const headingsCache = new Map<number, string[]>();
function headingsOf(adr: number): string[] {
  let headings = headingsCache.get(adr);
  if (!headings) {
    const text = fs.readFileSync(adrFiles.get(adr)!, "utf8");
    headings = [...text.matchAll(/^#+\s+(.+?)\s*$/gm)].map((m) => m[1]);
    headingsCache.set(adr, headings);
  }
  return headings;
}

/** What is wrong with the citations in a text, in words. */
function problemsIn(comments: string): string[] {
  const problems: string[] = [];
  for (const { name, pattern } of OUTSIDE_CITATIONS) {
    const hit = comments.match(pattern);
    if (hit) problems.push(`cites ${name} (« ${hit[0]} »), which is not in the repository: cite an ADR`);
  }
  for (const m of comments.matchAll(ADR_CITATION)) {
    const numbers = m[1].split(/\s*(?:,|–|-|and|&)\s*/).map(Number);
    for (const n of numbers) {
      if (!adrFiles.has(n)) problems.push(`cites ADR ${String(n).padStart(3, "0")}, which has no file in docs/decisions/`);
    }
    const section = m[2];
    if (section && numbers.length === 1 && adrFiles.has(numbers[0]) && !headingsOf(numbers[0]).some((h) => section.startsWith(h))) {
      problems.push(`cites ADR ${m[1]} §${section.slice(0, 40)}…, a section that ADR does not have`);
    }
  }
  return problems;
}

/**
 * What is wrong with the comments of one file. The whole text is checked
 * first, its lines joined as comments' are: only a file with a problem
 * somewhere is parsed, to keep the ones in comments.
 */
function problemsOf(file: string, text: string): string[] {
  if (problemsIn(text.replace(/\n\s*(?:\*(?!\/)|\/\/)?/g, " ")).length === 0) return [];
  return problemsIn(commentsOf(file, text));
}

describe("comment citations", () => {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)));

  it("finds the source files", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(adrFiles.size).toBeGreaterThan(30);
  });

  it("cite ADRs that exist, never the design note or spec files outside the repository", () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const problem of problemsOf(file, fs.readFileSync(file, "utf8"))) problems.push(`${path.relative(root, file)}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("reads comments only, and catches each kind of bad citation", () => {
    const ok = `const url = "https://x/design §B.2"; // ADR 013 keeps the ledger (ADR 036 §Expiry)\n/** ADR\n * 037 §Click id */ const x = 1;`;
    expect(problemsOf("ok.ts", ok)).toEqual([]);
    expect(problemsOf("a.ts", "/** Rule (design §D.2). */ const a = 1;")).toHaveLength(1);
    expect(problemsOf("b.ts", "// claims expire (design A.4: 120 days)\nconst b = 1;")).toHaveLength(1);
    expect(problemsOf("c.tsx", "const c = <p>{/* public-site.md §8 */}l'offre</p>;")).toHaveLength(1);
    expect(problemsOf("d.ts", "/* see ADR 999 */ const d = 1;")).toEqual(["cites ADR 999, which has no file in docs/decisions/"]);
    expect(problemsOf("e.ts", "/* see ADR 015–099 */ const e = 1;")).toHaveLength(1);
    expect(problemsOf("f.ts", "/* see ADR 036 §Nowhere */ const f = 1;")).toHaveLength(1);
    expect(problemsOf("g.ts", "/* ADR 026, amendment of 2026-11-27 */ const g = 1;")).toEqual([]);
  });
});
