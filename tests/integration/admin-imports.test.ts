import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as exportLoader } from "#app/routes/admin/csv.export";
import { action as importAction, loader as importLoader } from "#app/routes/admin/csv.import";
import { CSV_MESSAGES, type CsvPreview, type CsvPreviewRow } from "#app/modules/admin/csv";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

/**
 * Issue #37 item 4, « Imports show what they change » (ADR 029): the preview's
 * cells old → new and its red warnings, percentages that survive a round trip,
 * and CSV for offers and categories, behind the catalogue permission.
 */

const PROMO_HEADER = "Marque;Code;Réduction;Description;Catégorie;Lien;Expiration;En avant;Publier le;Dépublier le";
const OFFER_HEADER = "Marque;Produit;Prix;Catégorie;Tag;Image;Lien;En avant;Publier le;Dépublier le";
const CATEGORY_HEADER = "Nom;Slug;Description;Image";


describeEachDb("CSV imports show what they change (issue #37 item 4)", ({ database }) => {
  let admin: SignedInUser;
  let editor: SignedInUser;
  let finance: SignedInUser;
  let member: SignedInUser;
  let brandId: string;
  const tag = `I${Date.now().toString(36).toUpperCase()}`;
  const low = tag.toLowerCase();
  const brandName = `Imports ${tag}`;
  const params = (list: string) => ({ list });

  const exportText = async (list: string, query = "", cookie = admin.cookie) => {
    const res = await callRoute(exportLoader, req(`/admin/${list}/export${query}`, { cookie }), params(list));
    expect(res.status).toBe(200);
    return String(res.data);
  };
  const preview = async (list: string, text: string, cookie = admin.cookie) =>
    callRoute(importAction, await multipart(`/admin/${list}/import`, cookie, { intent: "preview", file: new File([text], "import.csv", { type: "text/csv" }) }), params(list));
  const confirm = async (list: string, text: string, cookie = admin.cookie) =>
    callRoute(importAction, await multipart(`/admin/${list}/import`, cookie, { intent: "confirm", csv: text, fileName: "import.csv" }), params(list));
  /** the preview an answer carries (its optional field is typed through callRoute as absent) */
  const previewOf = (res: Awaited<ReturnType<typeof preview>>) => res.data.preview as CsvPreview | undefined;
  const rowsOf = (res: Awaited<ReturnType<typeof preview>>): CsvPreviewRow[] => previewOf(res)?.rows ?? [];
  /** a preview row's cells, as the screen shows them: « Réduction: 5% → 7% » or « Code: X » */
  const shown = (row: CsvPreviewRow) => (row.cells ?? []).map((c) => (c.before === undefined ? `${c.column}: ${c.value}` : `${c.column}: ${c.before} → ${c.value}`));

  beforeAll(async () => {
    const db = database().db;
    admin = await signedInUser({ role: "admin" });
    editor = await signedInUser({ role: "editor" });
    finance = await signedInUser({ role: "finance" });
    member = await signedInUser();
    [{ id: brandId }] = await db.insert(s.brands).values({ name: brandName, slug: `imports-${low}` }).returning();
    await db.insert(s.promoCodes).values([
      // scheduled for 2030 (Paris summer time: 09:30 is 07:30 UTC)
      { brandId, code: `${tag}LATER`, discountAmount: "5%", publishAt: new Date("2030-06-15T07:30:00Z") },
      // ended in 2020
      { brandId, code: `${tag}ENDED`, discountAmount: "-10%", unpublishAt: new Date("2020-01-01T09:00:00Z") },
      { brandId, code: `${tag}SAME`, discountAmount: "-10%", description: "Sur tout le site" },
    ]);
  });

  it("shows each updated row's cells, the changed ones as old → new", async () => {
    const text = [
      PROMO_HEADER,
      // the discount changes; the brand typed by its slug and the flag in lower case change nothing
      `imports-${low};${tag}LATER;7%;;;;;non;15/06/2030 09:30;`,
      `${brandName};${tag}SAME;-10%;Sur tout le site;;;;Non;;`,
      `${brandName};${tag}NEW;20%;;;;;Non;;`,
    ].join("\n");
    const res = await preview("promo-codes", text);
    expect(res.status).toBe(200);
    const [later, same, created] = rowsOf(res);
    expect(later.status).toBe("update");
    expect(shown(later)).toEqual([
      `Marque: imports-${low}`,
      `Code: ${tag}LATER`,
      "Réduction: 5% → 7%",
      "Description: ",
      "Catégorie: ",
      "Lien: ",
      "Expiration: ",
      "En avant: non",
      "Publier le: 15/06/2030 09:30",
      "Dépublier le: ",
    ]);
    expect(later.warnings).toEqual([]);
    expect(same.status).toBe("update");
    expect(same.cells?.every((c) => c.before === undefined)).toBe(true);
    // a created row has nothing to compare with
    expect(created).toMatchObject({ status: "create" });
    expect(created.cells).toBeUndefined();
  });

  it("warns when an update puts a row online or clears its schedule", async () => {
    const text = [PROMO_HEADER, `${brandName};${tag}LATER;5%;;;;;Non;;`, `${brandName};${tag}ENDED;-10%;;;;;Non;;`, `${brandName};${tag}SAME;-10%;Sur tout le site;;;;Non;;2031-01-01 00:00`].join("\n");
    const [later, ended, same] = rowsOf(await preview("promo-codes", text));
    expect(later.warnings).toEqual([CSV_MESSAGES.goesLive("programmé pour le 15/06/2030 à 09:30"), CSV_MESSAGES.clears("Publier le", "15/06/2030 à 09:30")]);
    expect(shown(later)).toContain("Publier le: 2030-06-15 09:30 → ");
    expect(ended.warnings).toEqual([CSV_MESSAGES.goesLive("dépublié depuis le 01/01/2020 à 10:00"), CSV_MESSAGES.clears("Dépublier le", "01/01/2020 à 10:00")]);
    // adding an end to a live row neither publishes nor clears anything
    expect(same.warnings).toEqual([]);
    expect(shown(same)).toContain("Dépublier le:  → 2031-01-01 00:00");
    // the preview wrote nothing
    const [row] = await database().db.select().from(s.promoCodes).where(eq(s.promoCodes.code, `${tag}LATER`));
    expect(row.publishAt).toEqual(new Date("2030-06-15T07:30:00Z"));
  });

  it("exports percentages as they are, and an export re-imports with nothing changed", async () => {
    const csv = await exportText("promo-codes", `?q=${tag}`);
    expect(csv).toContain(`${brandName};${tag}SAME;-10%;Sur tout le site;`);
    expect(csv).not.toContain("'-10%");
    const res = await preview("promo-codes", csv);
    expect(previewOf(res)?.summary).toEqual({ create: 0, update: 3, error: 0 });
    for (const row of rowsOf(res)) {
      expect(row.cells?.filter((c) => c.before !== undefined), row.label).toEqual([]);
      expect(row.warnings).toEqual([]);
    }
    const before = await database().db.select().from(s.promoCodes).where(eq(s.promoCodes.brandId, brandId));
    expect((await confirm("promo-codes", csv)).status).toBe(302);
    const after = await database().db.select().from(s.promoCodes).where(eq(s.promoCodes.brandId, brandId));
    const strip = (rows: typeof before) => rows.map(({ updatedAt: _u, ...r }) => r).sort((a, b) => a.code.localeCompare(b.code));
    expect(strip(after)).toEqual(strip(before));
    expect(after.find((c) => c.code === `${tag}SAME`)?.discountAmount).toBe("-10%");
  });

  describe("offers", () => {
    it("export (was a 404) and import: created, then matched on brand and product name, audited", async () => {
      const file = (price: string, publish = "") => [OFFER_HEADER, `${brandName};Sérum ${tag};${price};Soins ${tag};-15%;;https://example.fr/serum;Oui;${publish};`].join("\n");
      const first = await preview("offers", file("29,90 €"));
      expect(first.status).toBe(200);
      expect(previewOf(first)?.summary).toEqual({ create: 1, update: 0, error: 0 });
      expect((await confirm("offers", file("29,90 €", "2030-06-15 09:30"))).status).toBe(302);
      const [offer] = await database().db.select().from(s.offers).where(eq(s.offers.name, `Sérum ${tag}`));
      expect(offer).toMatchObject({ brandId, regularPrice: "29,90 €", tag: "-15%", isFeatured: true, publishAt: new Date("2030-06-15T07:30:00Z") });
      expect(offer.categoryId).not.toBeNull();

      const exported = await exportText("offers", `?q=${encodeURIComponent(`Sérum ${tag}`)}`);
      // an export carries « Statut » (ADR 047), which the files imported here leave out
      expect(exported).toBe(`${OFFER_HEADER.replace(";Publier le", ";Statut;Publier le")}\r\n${brandName};Sérum ${tag};"29,90 €";Soins ${tag};-15%;;https://example.fr/serum;Oui;Publié;2030-06-15 09:30;\r\n`);

      // the product name in another case, the price changed, the schedule cleared
      const update = [OFFER_HEADER, `${brandName.toUpperCase()};sérum ${low};24,90 €;Soins ${tag};-15%;;https://example.fr/serum;Oui;;`].join("\n");
      const [row] = rowsOf(await preview("offers", update));
      expect(row.status).toBe("update");
      expect(row.cells?.filter((c) => c.before !== undefined)).toEqual([
        { column: "Produit", value: `sérum ${low}`, before: `Sérum ${tag}` },
        { column: "Prix", value: "24,90 €", before: "29,90 €" },
        { column: "Publier le", value: "", before: "2030-06-15 09:30" },
      ]);
      expect(row.warnings).toEqual([CSV_MESSAGES.goesLive("programmé pour le 15/06/2030 à 09:30"), CSV_MESSAGES.clears("Publier le", "15/06/2030 à 09:30")]);
      expect((await confirm("offers", update, editor.cookie)).status).toBe(302);
      const offers = await database().db.select().from(s.offers).where(eq(s.offers.brandId, brandId));
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({ id: offer.id, name: `sérum ${low}`, regularPrice: "24,90 €", publishAt: null });
      const audits = await database().db.select().from(s.auditLog).where(eq(s.auditLog.entityId, offer.id));
      expect(audits.map((a) => [a.entity, a.action]).sort()).toEqual([
        ["offer", "create"],
        ["offer", "update"],
      ]);
    });

    it("refuses a row naming two offers, without writing", async () => {
      await database()
        .db.insert(s.offers)
        .values([
          { brandId, name: `Twin ${tag}`, regularPrice: "1 €" },
          { brandId, name: `twin ${low}`, regularPrice: "2 €" },
        ]);
      const res = await preview("offers", [OFFER_HEADER, `${brandName};Twin ${tag};3 €;;;;;Non;;`].join("\n"));
      expect(res.status).toBe(422);
      expect(rowsOf(res)[0].errors).toEqual([{ line: 2, column: "Produit", message: "2 offres portent ce nom pour cette marque : modifiez-les dans la liste." }]);
    });
  });

  describe("categories", () => {
    it("export and import, matched on the slug; a name taken by another category is an error", async () => {
      const db = database().db;
      await db.insert(s.categories).values({ name: `Cat ${tag}`, slug: `cat-${low}`, description: "Avant" });
      const exported = await exportText("categories", `?q=${low}`);
      expect(exported).toContain(`${CATEGORY_HEADER}\r\n`);
      expect(exported).toContain(`Cat ${tag};cat-${low};Avant;\r\n`);
      const file = [CATEGORY_HEADER, `Cat ${tag} renommée;cat-${low};Après;`, `Nouvelle ${tag};nouvelle-${low};;`].join("\n");
      const res = await preview("categories", file);
      const [renamed, created] = rowsOf(res);
      expect(shown(renamed)).toEqual([`Nom: Cat ${tag} → Cat ${tag} renommée`, `Slug: cat-${low}`, "Description: Avant → Après", "Image: "]);
      expect(renamed.warnings).toEqual([]);
      expect(created.status).toBe("create");
      expect((await confirm("categories", file)).status).toBe(302);
      const rows = await db.select().from(s.categories).where(inArray(s.categories.slug, [`cat-${low}`, `nouvelle-${low}`]));
      expect(rows.map((r) => [r.slug, r.name, r.description]).sort()).toEqual([
        [`cat-${low}`, `Cat ${tag} renommée`, "Après"],
        [`nouvelle-${low}`, `Nouvelle ${tag}`, null],
      ]);
      expect(await db.$count(s.auditLog, inArray(s.auditLog.entityId, rows.map((r) => r.id)))).toBe(2);
      const clash = await preview("categories", [CATEGORY_HEADER, `nouvelle ${low};autre-${low};;`].join("\n"));
      expect(clash.status).toBe(422);
      expect(rowsOf(clash)[0].errors).toEqual([{ line: 2, column: "Nom", message: `Ce nom est déjà celui de la catégorie « nouvelle-${low} ».` }]);
    });
  });

  it("offers and categories need the catalogue permission, on the server", async () => {
    const auditBefore = await database().db.$count(s.auditLog);
    for (const list of ["offers", "categories"]) {
      const path = `/admin/${list}/export`;
      expect((await callRoute(exportLoader, req(path), params(list))).location).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
      expect((await callRoute(exportLoader, req(path, { cookie: member.cookie }), params(list))).location).toBe("/");
      expect((await callRoute(exportLoader, req(path, { cookie: finance.cookie }), params(list))).location).toBe("/admin");
      expect((await callRoute(importLoader, req(`/admin/${list}/import`, { cookie: finance.cookie }), params(list))).location).toBe("/admin");
      expect((await callRoute(exportLoader, req(path, { cookie: editor.cookie }), params(list))).status).toBe(200);
      const text = list === "offers" ? [OFFER_HEADER, `${brandName};Perm ${tag};1 €;;;;;Non;;`].join("\n") : [CATEGORY_HEADER, `Perm ${tag};perm-${low};;`].join("\n");
      for (const who of [member, finance]) {
        expect((await preview(list, text, who.cookie)).status).toBe(403);
        expect((await confirm(list, text, who.cookie)).status).toBe(403);
      }
      expect((await confirm(list, text, "")).status).toBe(401);
    }
    expect(await database().db.$count(s.offers, eq(s.offers.name, `Perm ${tag}`))).toBe(0);
    expect(await database().db.$count(s.categories, eq(s.categories.slug, `perm-${low}`))).toBe(0);
    expect(await database().db.$count(s.auditLog)).toBe(auditBefore);
  });
});
