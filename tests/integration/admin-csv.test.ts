import { and, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as exportLoader } from "#app/routes/admin/csv.export";
import { action as importAction, loader as importLoader } from "#app/routes/admin/csv.import";
import { CSV_LIMITS, CSV_MESSAGES } from "#app/modules/admin/csv";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

/** What an export writes; « Statut » (ADR 047) is optional on import, and the files below leave it out */
const PROMO_EXPORT_HEADER = "Marque;Code;Réduction;Description;Catégorie;Lien;Expiration;En avant;Statut;Publier le;Dépublier le";
const PROMO_HEADER = PROMO_EXPORT_HEADER.replace(";Statut", "");

const csvFile = (text: string | Uint8Array, name = "import.csv") => new File([text as BlobPart], name, { type: "text/csv" });

describeEachDb("/admin/:list/export and /admin/:list/import: catalogue lists as CSV (ADR 029)", ({ database }) => {
  let admin: SignedInUser;
  let member: SignedInUser;
  let finance: SignedInUser;
  let brandA: string;
  let brandB: string;
  const tag = `C${Date.now().toString(36).toUpperCase()}`;
  const slugA = `csva-${tag.toLowerCase()}`;
  const nameA = `Csv A ${tag}`;
  const nameB = `Csv B ${tag}`;
  const params = (list: string) => ({ list });
  const exportText = async (list: string, query = "", cookie = admin.cookie) => {
    const res = (await exportLoader({ request: req(`/admin/${list}/export${query}`, { cookie }), params: params(list), context: {} } as unknown as Parameters<typeof exportLoader>[0])) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    // the BOM is kept (Response.text() would drop it)
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  };
  const preview = async (list: string, text: string | Uint8Array, cookie = admin.cookie) =>
    callRoute(importAction, await multipart(`/admin/${list}/import`, cookie, { intent: "preview", file: csvFile(text) }), params(list));
  const confirm = async (list: string, text: string, cookie = admin.cookie) =>
    callRoute(importAction, await multipart(`/admin/${list}/import`, cookie, { intent: "confirm", csv: text, fileName: "import.csv" }), params(list));
  const codes = async () => database().db.select().from(s.promoCodes).where(inArray(s.promoCodes.brandId, [brandA, brandB]));
  const audits = async (entity: string) => database().db.$count(s.auditLog, eq(s.auditLog.entity, entity));

  beforeAll(async () => {
    const db = database().db;
    admin = await signedInUser({ role: "admin", email: `csv-${tag.toLowerCase()}@example.fr` });
    member = await signedInUser();
    finance = await signedInUser({ role: "finance" });
    [{ id: brandA }] = await db.insert(s.brands).values({ name: nameA, slug: slugA }).returning();
    [{ id: brandB }] = await db.insert(s.brands).values({ name: nameB, slug: `csvb-${tag.toLowerCase()}` }).returning();
    await db.insert(s.promoCodes).values([
      { brandId: brandA, code: `${tag}A1`, discountAmount: "-10%", description: "=HYPERLINK(\"http://x\")", isFeatured: true },
      { brandId: brandA, code: `${tag}A2`, discountAmount: "5 €", description: "Deux; trois" },
      { brandId: brandB, code: `${tag}B1`, discountAmount: "15%" },
    ]);
  });

  it("exports the rows of the current filters and search, with a BOM, ; and French headers, formulas neutralised (not percentages)", async () => {
    const csv = await exportText("promo-codes", `?q=${tag}&brand=${brandA}&sort=code&dir=desc&page=3`);
    expect(csv.startsWith(`\ufeff${PROMO_EXPORT_HEADER}\r\n`)).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([PROMO_EXPORT_HEADER, `${nameA};${tag}A2;5 €;"Deux; trois";;;;Non;Publié;;`, `${nameA};${tag}A1;-10%;"'=HYPERLINK(""http://x"")";;;;Oui;Publié;;`]);
    const featured = await exportText("promo-codes", `?q=${tag}&featured=non`);
    expect(featured).toContain(`${tag}A2`);
    expect(featured).toContain(`${tag}B1`);
    expect(featured).not.toContain(`${tag}A1`);
    expect(await exportText("brands", `?q=${tag}`)).toBe(`\ufeffNom;Slug;Catégorie;Description;Image;Site web\r\n${nameA};${slugA};;;;\r\n${nameB};csvb-${tag.toLowerCase()};;;;\r\n`);
  });

  it("an exported file re-imports as « à mettre à jour » and changes nothing", async () => {
    const csv = await exportText("promo-codes", `?q=${tag}`);
    const before = await codes();
    const res = await preview("promo-codes", csv);
    expect(res.status).toBe(200);
    expect(res.data.preview!.summary).toEqual({ create: 0, update: 3, error: 0 });
    const done = await confirm("promo-codes", res.data.csv!);
    expect(done.status).toBe(302);
    const after = await codes();
    const strip = (rows: (typeof s.promoCodes.$inferSelect)[]) => rows.map(({ updatedAt: _u, ...r }) => r).sort((a, b) => a.code.localeCompare(b.code));
    expect(strip(after)).toEqual(strip(before));
  });

  it("previews each row (à créer, à mettre à jour, errors by line and column) and writes nothing", async () => {
    const auditBefore = await audits("promo_code");
    const text = [
      PROMO_HEADER,
      `${slugA.toUpperCase()};${tag}new;20%;Nouveau;;https://example.fr/a;31/12/2030;oui;;`,
      `${nameA};${tag.toLowerCase()}a2;7 €;Changé;;;;Non;;`,
      `Inconnue ${tag};${tag}X;5%;;;;;;;`,
      `${nameB};;;;;pas-une-url;2030-13-45;;;`,
      `${nameA};${tag}A2;8 €;Doublon;;;;;;`,
    ].join("\n");
    const res = await preview("promo-codes", text);
    expect(res.status).toBe(422);
    const rows = res.data.preview!.rows;
    expect(rows.map((r) => [r.line, r.status])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "error"],
      [5, "error"],
      [6, "error"],
    ]);
    expect(rows[2].errors).toEqual([{ line: 4, column: "Marque", message: `Marque inconnue : « Inconnue ${tag} ».` }]);
    expect(rows[3].errors.map((e) => `${e.column}: ${e.message}`)).toEqual([
      "Code: Le code est obligatoire.",
      "Réduction: Le montant de réduction est obligatoire.",
      "Lien: L'adresse doit commencer par https:// ou /uploads/.",
      "Expiration: La date d'expiration n'est pas valide.",
    ]);
    expect(rows[4].errors).toEqual([{ line: 6, column: null, message: CSV_MESSAGES.duplicateRow(3) }]);
    expect((await codes()).length).toBe(3);
    // confirming the same file is refused as a whole: nothing written, no audit entry
    const refused = await confirm("promo-codes", res.data.csv!);
    expect(refused.status).toBe(422);
    expect(refused.data.error).toBe(CSV_MESSAGES.refused(3));
    expect(refused.data.preview!.summary).toEqual({ create: 1, update: 1, error: 3 });
    expect((await codes()).length).toBe(3);
    expect(await audits("promo_code")).toBe(auditBefore);
  });

  it("confirms: creates and updates in one transaction, one audit entry per row, back to the list with a toast", async () => {
    const auditBefore = await audits("promo_code");
    const text = [PROMO_HEADER, `${slugA};${tag}NEW;20%;Nouveau;Csv ${tag};https://example.fr/a;31/12/2030;oui;15/06/2030 09:30;`, `${nameA};${tag.toLowerCase()}a2;7 €;Changé;;;;Non;;`].join("\r\n");
    const done = await confirm("promo-codes", text);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/promo-codes");
    expect(done.headers.get("set-cookie")).toContain("cr_toast=");
    const rows = new Map((await codes()).map((c) => [c.code, c]));
    expect(rows.size).toBe(4);
    expect(rows.get(`${tag}NEW`)).toMatchObject({ brandId: brandA, discountAmount: "20%", url: "https://example.fr/a", isFeatured: true });
    expect(rows.get(`${tag}NEW`)!.expiresAt!.toISOString()).toBe("2030-12-31T22:59:59.999Z");
    // « Publier le » in Paris time (summer: UTC+2), « Dépublier le » left empty
    expect(rows.get(`${tag}NEW`)).toMatchObject({ publishAt: new Date("2030-06-15T07:30:00.000Z"), unpublishAt: null });
    // matched case-insensitively: the code keeps the file's spelling
    expect(rows.get(`${tag.toLowerCase()}a2`)).toMatchObject({ discountAmount: "7 €", description: "Changé" });
    expect(await audits("promo_code")).toBe(auditBefore + 2);
    const entries = await database()
      .db.select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, "promo_code"), inArray(s.auditLog.entityId, [rows.get(`${tag}NEW`)!.id, rows.get(`${tag.toLowerCase()}a2`)!.id])))
      .orderBy(desc(s.auditLog.at));
    // the newest two: this import's (the re-import above also updated the second code)
    expect(entries.slice(0, 2).map((e) => e.action).sort()).toEqual(["create", "update"]);
    expect(entries.every((e) => e.actorEmail === admin.email)).toBe(true);
    const updated = entries.find((e) => e.action === "update")!;
    expect((updated.before as Record<string, unknown>).discountAmount).toBe("5 €");
    expect((updated.after as Record<string, unknown>).discountAmount).toBe("7 €");
  });

  it("a failure while writing rolls the whole import back", async () => {
    const auditBefore = await audits("brand");
    // the second row's name is the first row's: the unique name fails on insert, after the first row was written
    const text = ["Nom;Slug;Catégorie;Description;Image;Site web", `Roll ${tag};roll-a-${tag.toLowerCase()};;;;`, `Roll ${tag};roll-b-${tag.toLowerCase()};;;;`].join("\n");
    const res = await confirm("brands", text);
    expect(res.status).toBe(409);
    expect(res.data.error).toBe("Ce nom est déjà utilisé. Rien n'a été importé.");
    expect(await database().db.$count(s.brands, eq(s.brands.name, `Roll ${tag}`))).toBe(0);
    expect(await audits("brand")).toBe(auditBefore);
  });

  it("brands by slug and deals by title and brand: created, then updated", async () => {
    const brands = ["Nom;Slug;Catégorie;Description;Image;Site web", `Nouvelle ${tag};new-${tag.toLowerCase()};Mode ${tag};Desc;;https://example.fr`, `${nameA} renommée;${slugA};;Renommée;;`].join("\n");
    expect((await preview("brands", brands)).data.preview!.summary).toEqual({ create: 1, update: 1, error: 0 });
    expect((await confirm("brands", brands)).status).toBe(302);
    const [created] = await database().db.select().from(s.brands).where(eq(s.brands.slug, `new-${tag.toLowerCase()}`));
    expect(created).toMatchObject({ name: `Nouvelle ${tag}`, description: "Desc", websiteUrl: "https://example.fr" });
    expect(created.categoryId).not.toBeNull();
    const [renamed] = await database().db.select().from(s.brands).where(eq(s.brands.id, brandA));
    expect(renamed).toMatchObject({ name: `${nameA} renommée`, description: "Renommée" });
    // a file still carrying the retired « Cashback (%) » column (the rate comes from the programmes, issue #34) is refused by its header
    const retired = await preview("brands", ["Nom;Slug;Catégorie;Description;Image;Site web;Cashback (%)", `${nameB};csvb-${tag.toLowerCase()};;;;;5`].join("\n"));
    expect(retired.status).toBe(400);
    // a name already taken by another brand
    const clash = await preview("brands", ["Nom;Slug;Catégorie;Description;Image;Site web", `${nameB};autre-${tag.toLowerCase()};;;;`].join("\n"));
    expect(clash.data.preview!.rows[0].errors[0]).toMatchObject({ column: "Nom", message: `Ce nom est déjà celui de la marque « csvb-${tag.toLowerCase()} ».` });

    const header = "Titre;Marque;Description;Prix;Prix d'origine;Image;Source;Badge;Type de badge;Bouton;Lien;En vedette;Publier le;Dépublier le";
    const deal = (price: string) => [header, `Deal ${tag};${nameB};Une affaire;${price};;;amazon;-20%;hot;;https://example.fr/deal;Non;;`].join("\n");
    expect((await preview("crevarde-deals", deal("10 €"))).data.preview!.summary).toEqual({ create: 1, update: 0, error: 0 });
    expect((await confirm("crevarde-deals", deal("10 €"))).status).toBe(302);
    expect((await preview("crevarde-deals", deal("9 €"))).data.preview!.summary).toEqual({ create: 0, update: 1, error: 0 });
    expect((await confirm("crevarde-deals", deal("9 €"))).status).toBe(302);
    const deals = await database().db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.title, `Deal ${tag}`));
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({ price: "9 €", brandId: brandB, badgeText: "-20%", ctaText: "Voir le deal", source: "amazon" });
    const exported = await exportText("crevarde-deals", `?q=${encodeURIComponent(`Deal ${tag}`)}`);
    expect(exported).toBe(`\ufeff${header.replace(";Publier le", ";Statut;Publier le")}\r\nDeal ${tag};${nameB};Une affaire;9 €;;;amazon;-20%;hot;Voir le deal;https://example.fr/deal;Non;Publié;;\r\n`);
    expect((await preview("crevarde-deals", exported)).data.preview!.summary).toEqual({ create: 0, update: 1, error: 0 });
  });

  it("refuses a bad file with a French message and a 4xx, writing nothing", async () => {
    const count = (await codes()).length;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: Array<[string | Uint8Array, number, string]> = [
      [png, 400, CSV_MESSAGES.notCsv],
      ["Nom;Prix\nA;B\n", 400, CSV_MESSAGES.unknownHeader("Nom", PROMO_EXPORT_HEADER.split(";"))],
      [`${PROMO_HEADER}\n`, 400, CSV_MESSAGES.noRows],
      [`${PROMO_HEADER}\n${"a;b;c;d;e;f;g;h;i;j\n".repeat(CSV_LIMITS.maxRows + 1)}`, 413, CSV_MESSAGES.tooManyRows(CSV_LIMITS.maxRows + 1)],
      [`${PROMO_HEADER}\n${"x".repeat(CSV_LIMITS.maxBytes)}`, 413, CSV_MESSAGES.tooBig],
    ];
    for (const [text, status, message] of cases) {
      const res = await preview("promo-codes", text);
      expect(res.status, message).toBe(status);
      expect(res.data.error).toBe(message);
      expect(res.data.preview).toBeUndefined();
    }
    const noFile = await callRoute(importAction, await multipart("/admin/promo-codes/import", admin.cookie, { intent: "preview" }), params("promo-codes"));
    expect(noFile.status).toBe(400);
    expect(noFile.data.error).toBe(CSV_MESSAGES.noFile);
    const huge = await callRoute(importAction, await multipart("/admin/promo-codes/import", admin.cookie, { intent: "preview", file: csvFile("x".repeat(3 * CSV_LIMITS.maxBytes)) }), params("promo-codes"));
    expect(huge.status).toBe(413);
    expect(huge.data.error).toBe(CSV_MESSAGES.tooBig);
    expect((await confirm("promo-codes", "")).data.error).toBe(CSV_MESSAGES.empty);
    expect((await codes()).length).toBe(count);
    // a list that has no CSV
    expect((await callRoute(exportLoader, req("/admin/users/export", { cookie: admin.cookie }), params("users"))).status).toBe(404);
    expect((await callRoute(importLoader, req("/admin/users/import", { cookie: admin.cookie }), params("users"))).status).toBe(404);
  });

  it("needs the catalogue permission: anonymous, member and finance are refused", async () => {
    const auditBefore = await database().db.$count(s.auditLog);
    const text = [PROMO_HEADER, `${slugA};${tag}PERM;20%;;;;;;;`].join("\n");
    const anonymous = await callRoute(exportLoader, req("/admin/promo-codes/export"), params("promo-codes"));
    expect(anonymous.location).toBe(`/auth?redirect=${encodeURIComponent("/admin/promo-codes/export")}`);
    expect((await callRoute(exportLoader, req("/admin/promo-codes/export", { cookie: member.cookie }), params("promo-codes"))).location).toBe("/");
    expect((await callRoute(exportLoader, req("/admin/promo-codes/export", { cookie: finance.cookie }), params("promo-codes"))).location).toBe("/admin");
    expect((await callRoute(importLoader, req("/admin/promo-codes/import", { cookie: finance.cookie }), params("promo-codes"))).location).toBe("/admin");
    const refusedAnon = await callRoute(importAction, await multipart("/admin/promo-codes/import", undefined, { intent: "confirm", csv: text }), params("promo-codes"));
    expect(refusedAnon.status).toBe(401);
    for (const who of [member, finance]) {
      const refused = await callRoute(importAction, await multipart("/admin/promo-codes/import", who.cookie, { intent: "confirm", csv: text }), params("promo-codes"));
      expect(refused.status).toBe(403);
    }
    expect(await database().db.$count(s.promoCodes, eq(s.promoCodes.code, `${tag}PERM`))).toBe(0);
    expect(await database().db.$count(s.auditLog)).toBe(auditBefore);
    const page = await callRoute(importLoader, req("/admin/promo-codes/import", { cookie: admin.cookie }), params("promo-codes"));
    expect(page.data).toMatchObject({ title: "Importer des codes promo", path: "/admin/promo-codes", headers: PROMO_EXPORT_HEADER.split(";") });
  });
});
