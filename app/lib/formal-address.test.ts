/**
 * Issue #34 item 12: the shopper is addressed with « tu » everywhere (« Vouliez-vous dire » became
 * « Tu voulais dire »). This sweep fails when « vous », « votre », « vos » or « Veuillez » comes back in
 * the shopper-facing copy: every module of app/ and the demo seed, except the back office (its routes,
 * components and modules, where admins are addressed neutrally) and the few files listed in
 * ADMIN_FACING, which only staff read.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FORMAL = /(?<![\p{L}\p{N}_])(?:vous|votre|vos|veuillez)(?![\p{L}\p{N}_])/giu;

const SOURCE = /\.(?:ts|tsx)$/;
const NOT_COPY = /\.(?:test|spec)\.(?:ts|tsx)$/;
/** The back office's folders. */
const BACK_OFFICE = ["app/routes/admin", "app/components/admin", "app/modules/admin"];
/** Files outside those folders that only staff read, each with the reason. */
const ADMIN_FACING: Record<string, string> = {
  "app/modules/users/user-form.schema.ts": "the back office's user form (/admin/users)",
  "app/modules/content/content-block-form.schema.ts": "the back office's content block form",
  "app/emails/contact.tsx": "the contact message mailed to the admins",
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (BACK_OFFICE.includes(p.split(path.sep).join("/"))) return [];
    if (e.isDirectory()) return e.name === "+types" ? [] : files(p);
    return SOURCE.test(e.name) && !NOT_COPY.test(e.name) ? [p] : [];
  });
}

const formal = (line: string) => [...line.matchAll(FORMAL)].map((m) => m[0]);

describe("shoppers are addressed with « tu » (issue #34 item 12)", () => {
  it("finds « vous », « votre », « vos » and « Veuillez » as words, in any case, and nothing else", () => {
    for (const bad of ["Vouliez-vous dire", "Votre compte", "vos achats", "Veuillez réessayer", "« Vous »", "VOUS"]) {
      expect(formal(bad), bad).not.toEqual([]);
    }
    for (const ok of ["Tu voulais dire", "Ton compte", "tes achats", "Réessaie", "Vosges", "devoués", "vosTotals", "devous"]) {
      expect(formal(ok), ok).toEqual([]);
    }
  });

  it("the staff-only exceptions still exist and still need it", () => {
    for (const file of Object.keys(ADMIN_FACING)) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(formal(fs.readFileSync(file, "utf8")), `${file} no longer needs its exception`).not.toEqual([]);
    }
  });

  it("no formal address in the shopper-facing copy of app/ (the demo seed in app/seed/ too)", () => {
    const found: string[] = [];
    const swept = files("app");
    // the shopper's pages and the seed are swept, the back office's are not
    expect(swept).toEqual(expect.arrayContaining([path.join("app", "routes", "search.tsx"), path.join("app", "routes", "mon-cashback.tsx"), path.join("app", "seed", "data", "help.ts")]));
    expect(swept.some((f) => f.startsWith(path.join("app", "routes", "admin")))).toBe(false);
    for (const file of swept) {
      if (file.split(path.sep).join("/") in ADMIN_FACING) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (formal(line).length > 0) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 140)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
