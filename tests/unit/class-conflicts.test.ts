/**
 * No conflicting Tailwind utilities on one element (issue #38 item 4, ADR 027).
 * `cn` joins classes (clsx) without tailwind-merge, which weighed 6 KB on every
 * page: two utilities of one group on an element (`px-5` and `px-2`) then both
 * stay, and Tailwind's own order, not the attribute's, picks the winner. This
 * test reads the source (TypeScript's parser, like the layers test reads text)
 * and, with tailwind-merge as the judge, finds such pairs:
 * - at every use of a component that merges its `className` into its own classes
 *   with `cn` (the ui components, the catalogue's…), between the component's
 *   classes (with the use's `variant` and `size`) and the use's `className`
 *   (and, for `<Button asChild>`, its child's);
 * - inside every `cn(…)`, `buttonVariants({ className })` and template string
 *   built on `buttonVariants(…)`, between its arguments.
 * Branches of a condition are alternatives: `a ? "px-2" : "px-4"` is no conflict.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { badgeVariants } from "#app/components/ui/badge";
import { buttonVariants } from "#app/components/ui/button";

const root = path.resolve(import.meta.dirname, "../..");
const VARIANTS: Record<string, (props?: Record<string, unknown>) => string> = { buttonVariants, badgeVariants };
const MERGERS = new Set(["cn", "clsx"]);
/** one class argument's alternatives ("" is « nothing ») */
type Part = string[];
type Attrs = Map<string, string>;

interface Source {
  file: string;
  sf: ts.SourceFile;
}
interface Merger {
  /** the arguments of its `cn` call besides the caller's className */
  base: ts.Expression[];
  sf: ts.SourceFile;
}

const tokens = (s: string) => s.split(/\s+/).filter(Boolean);

/** the utilities tailwind-merge drops from `classes`: the losers of a conflict */
function dropped(classes: string): string[] {
  const kept = new Set(tokens(twMerge(classes)));
  return tokens(classes).filter((t) => !kept.has(t));
}

function alternatives(e: ts.Expression, attrs: Attrs): Part {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return alternatives(e.expression, attrs);
  if (ts.isConditionalExpression(e)) return [...alternatives(e.whenTrue, attrs), ...alternatives(e.whenFalse, attrs)];
  if (ts.isBinaryExpression(e)) {
    if (e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return [...alternatives(e.right, attrs), ""];
    if (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      return [...alternatives(e.left, attrs), ...alternatives(e.right, attrs)];
    return [""];
  }
  if (ts.isTemplateExpression(e)) return product([[e.head.text], ...e.templateSpans.flatMap((s) => [alternatives(s.expression, attrs), [s.literal.text]])]);
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const name = e.expression.text;
    if (MERGERS.has(name)) return product(e.arguments.map((a) => alternatives(a, attrs)));
    if (VARIANTS[name]) return [variantsOf(e, attrs)];
  }
  return [""];
}

function product(parts: Part[]): Part {
  let out = [""];
  for (const p of parts) out = out.flatMap((a) => p.map((b) => `${a} ${b}`)).slice(0, 256);
  return out;
}

/** `buttonVariants({ variant: "outline", size })`: a shorthand takes the JSX use's attribute */
function variantsOf(call: ts.CallExpression, attrs: Attrs): string {
  const props: Record<string, string> = {};
  const arg = call.arguments[0];
  if (arg && ts.isObjectLiteralExpression(arg)) {
    for (const p of arg.properties) {
      if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text !== "className" && ts.isStringLiteral(p.initializer)) props[p.name.text] = p.initializer.text;
      if (ts.isShorthandPropertyAssignment(p) && attrs.has(p.name.text)) props[p.name.text] = attrs.get(p.name.text)!;
    }
  }
  return VARIANTS[(call.expression as ts.Identifier).text](props);
}

/** the conflicts between parts (each against the others, alternatives apart) */
function conflicts(parts: Part[]): string[] {
  const found = new Set<string>();
  for (let i = 0; i < parts.length; i++) {
    for (const a of parts[i]) for (const d of dropped(a)) found.add(d);
    for (let j = i + 1; j < parts.length; j++) for (const a of parts[i]) for (const b of parts[j]) for (const d of dropped(`${a} ${b}`)) found.add(d);
  }
  return [...found];
}

const isClassNameParam = (name: string) => name === "className" || name.endsWith("ClassName");

/** components that merge a className parameter with `cn`, by "file#name#parameter" */
function findMergers(sources: Source[]): Map<string, Merger> {
  const mergers = new Map<string, Merger>();
  for (const { file, sf } of sources) {
    const visit = (node: ts.Node) => {
      let name: string | undefined;
      let fn: ts.SignatureDeclaration | undefined;
      if (ts.isFunctionDeclaration(node) && node.name) [name, fn] = [node.name.text, node];
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)))
        [name, fn] = [node.name.text, node.initializer];
      const pattern = fn?.parameters[0]?.name;
      if (name && fn && pattern && ts.isObjectBindingPattern(pattern)) {
        const params = pattern.elements.map((e) => (ts.isIdentifier(e.name) ? e.name.text : "")).filter(isClassNameParam);
        const findCn = (n: ts.Node) => {
          if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && MERGERS.has(n.expression.text)) {
            // `className ?? "text-xs"`: a default the caller's className replaces, not one it meets
            const param = (a: ts.Expression) => {
              const e = ts.isBinaryExpression(a) && a.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ? a.left : a;
              return ts.isIdentifier(e) && params.includes(e.text) ? e.text : undefined;
            };
            const own = n.arguments.filter((a) => !param(a));
            for (const a of n.arguments) if (param(a)) mergers.set(`${file}#${name}#${param(a)}`, { base: own, sf });
          }
          ts.forEachChild(n, findCn);
        };
        if (params.length > 0) ts.forEachChild(fn, findCn);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return mergers;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith("#app/") ? path.join("app", spec.slice(5)) : spec.startsWith(".") ? path.join(path.dirname(from), spec) : undefined;
  if (!base) return undefined;
  return [".tsx", ".ts"].map((ext) => base + ext).find((f) => fs.existsSync(path.join(root, f)));
}

function staticAttrs(el: ts.JsxOpeningLikeElement): Attrs {
  const attrs: Attrs = new Map();
  for (const a of el.attributes.properties)
    if (ts.isJsxAttribute(a) && ts.isIdentifier(a.name) && a.initializer && ts.isStringLiteral(a.initializer)) attrs.set(a.name.text, a.initializer.text);
  return attrs;
}

/** the element's className-like attributes, each as one part */
function classNamesOf(el: ts.JsxOpeningLikeElement, attrs: Attrs): Map<string, Part> {
  const parts = new Map<string, Part>();
  for (const a of el.attributes.properties) {
    if (!ts.isJsxAttribute(a) || !ts.isIdentifier(a.name) || !isClassNameParam(a.name.text) || !a.initializer) continue;
    if (ts.isStringLiteral(a.initializer)) parts.set(a.name.text, [a.initializer.text]);
    else if (ts.isJsxExpression(a.initializer) && a.initializer.expression) parts.set(a.name.text, alternatives(a.initializer.expression, attrs));
  }
  return parts;
}

/** every conflict in these sources, as "file:line: classes" */
function check(sources: Source[]): string[] {
  const mergers = findMergers(sources);
  const problems: string[] = [];
  const report = (sf: ts.SourceFile, file: string, node: ts.Node, found: string[]) => {
    if (found.length > 0) problems.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${found.join(" ")}`);
  };
  for (const { file, sf } of sources) {
    const imported = new Map<string, string>();
    for (const st of sf.statements)
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) {
        const target = resolveImport(file, st.moduleSpecifier.text);
        if (target) for (const s of st.importClause.namedBindings.elements) imported.set(s.name.text, `${target}#${(s.propertyName ?? s.name).text}`);
      }
    const visit = (node: ts.Node) => {
      if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
        const el = ts.isJsxElement(node) ? node.openingElement : node;
        if (ts.isIdentifier(el.tagName)) {
          const key = imported.get(el.tagName.text) ?? `${file}#${el.tagName.text}`;
          const attrs = staticAttrs(el);
          const uses = new Map([...classNamesOf(el, attrs)].map(([param, part]) => [param, [part]]));
          const isButton = key === "app/components/ui/button.tsx#Button";
          if (isButton && el.attributes.properties.some((a) => ts.isJsxAttribute(a) && ts.isIdentifier(a.name) && a.name.text === "asChild") && ts.isJsxElement(node)) {
            // <Button asChild> merges its child's className too
            const child = node.children.find((c) => ts.isJsxElement(c) || ts.isJsxSelfClosingElement(c));
            const childClass = child && classNamesOf(ts.isJsxElement(child) ? child.openingElement : child, attrs).get("className");
            if (childClass) uses.set("className", [...(uses.get("className") ?? []), childClass]);
          }
          for (const [param, overrides] of uses) {
            const base =
              isButton && param === "className"
                ? [[buttonVariants({ variant: attrs.get("variant") as never, size: attrs.get("size") as never })]]
                : mergers.get(`${key}#${param}`)?.base.map((b) => alternatives(b, attrs));
            if (base) report(sf, file, el, conflicts([...base, ...overrides]));
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        if (MERGERS.has(name)) report(sf, file, node, conflicts(node.arguments.map((a) => alternatives(a, new Map()))));
        const arg = node.arguments[0];
        if (VARIANTS[name]) {
          const own = arg && ts.isObjectLiteralExpression(arg) ? arg.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "className") : undefined;
          report(sf, file, node, conflicts([[variantsOf(node, new Map())], ...(own ? [alternatives(own.initializer, new Map())] : [])]));
        }
      }
      if (ts.isTemplateExpression(node) && node.templateSpans.some((s) => ts.isCallExpression(s.expression) && ts.isIdentifier(s.expression.expression) && VARIANTS[s.expression.expression.text]))
        report(sf, file, node, conflicts([[node.head.text], ...node.templateSpans.flatMap((s) => [alternatives(s.expression, new Map()), [s.literal.text]])]));
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return problems;
}

function appSources(): Source[] {
  const files = fs.globSync("app/**/*.tsx", { cwd: root }).filter((f) => !f.endsWith(".test.tsx"));
  return files.map((file) => ({ file, sf: ts.createSourceFile(file, fs.readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) }));
}

describe("Tailwind class conflicts", () => {
  it("finds none in the app: a caller's override never meets a component's class of the same group", () => {
    expect(check(appSources())).toEqual([]);
  });

  it("finds the conflicts it is meant to find", () => {
    const sources = appSources().filter((s) => s.file.startsWith("app/components/ui/"));
    const file = "app/routes/example.tsx";
    const text = `
      import { Button } from "#app/components/ui/button";
      import { Card } from "#app/components/ui/card";
      import { Badge } from "#app/components/ui/badge";
      import { cn } from "#app/lib/utils";
      export const A = () => <Button className="px-2">x</Button>;
      export const B = () => <Button asChild size="lg"><a className="text-sm">x</a></Button>;
      export const C = ({ on }: { on: boolean }) => <Card className={cn("p-2", on && "bg-neutral-50")} />;
      export const D = () => <Badge variant="hot" className="text-red-900" />;
      export const E = ({ on }: { on: boolean }) => <p className={cn("text-xs", on ? "text-sm" : "font-bold")} />;
      export const F = () => <Button variant="ghost" className="mt-2 w-full">ok</Button>;
      export const G = ({ on }: { on: boolean }) => <p className={cn("p-2", on ? "text-sm" : "text-xs")} />;
    `;
    const problems = check([...sources, { file, sf: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) }]).filter((p) => p.startsWith(file));
    expect(problems).toEqual([`${file}:6: px-5`, `${file}:7: text-base`, `${file}:8: bg-white`, `${file}:9: text-red-800`, `${file}:10: text-xs`]);
  });
});
