import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as exportLoader } from "#app/routes/admin/csv.export";
import { action as importAction, loader as importLoader } from "#app/routes/admin/csv.import";
import { CSV_MESSAGES, type CsvPreview, type CsvPreviewRow } from "#app/modules/admin/csv";
import { UNKNOWN_PUBLICATION_STATUS } from "#app/modules/admin/publication";
import { HELP_MESSAGES } from "#app/modules/help/help-form.schema";
import { PAGE_MESSAGES } from "#app/modules/pages/page-form.schema";
import { RESERVED_SLUG_MESSAGE } from "#app/modules/pages/reserved-slugs.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

/**
 * Issue #37 item 4, « CSV export and import exist for every list with a natural
 * key » (ADR 029): the site's pages (/admin/pages) and the help centre's
 * articles (/admin/aide), matched on their slug, their HTML sanitized on import
 * by the form's own write, behind the catalogue permission of their screens.
 */

const PAGE_HEADER = "Slug;Titre;Meta description;Statut;Publier le;Dépublier le;Contenu";
const HELP_HEADER = "Slug;Titre;Rubrique;Résumé;Ordre;Statut;Contenu";

describeEachDb("CSV of pages and help articles (issue #37 item 4)", ({ database }) => {
  let admin: SignedInUser;
  let editor: SignedInUser;
  let finance: SignedInUser;
  let member: SignedInUser;
  const low = `c${Date.now().toString(36)}`;
  const params = (list: string) => ({ list });

  /** the export's bytes as text, BOM kept */
  const exportText = async (list: string, query = "", cookie = editor.cookie) => {
    const res = (await exportLoader({ request: req(`/admin/${list}/export${query}`, { cookie }), params: params(list), context: {} } as never)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  };
  const preview = async (list: string, text: string, cookie = editor.cookie) =>
    callRoute(importAction, await multipart(`/admin/${list}/import`, cookie, { intent: "preview", file: new File([text], "import.csv", { type: "text/csv" }) }), params(list));
  const confirm = async (list: string, text: string, cookie = editor.cookie) =>
    callRoute(importAction, await multipart(`/admin/${list}/import`, cookie, { intent: "confirm", csv: text, fileName: "import.csv" }), params(list));
  const previewOf = (res: Awaited<ReturnType<typeof preview>>) => res.data.preview as CsvPreview | undefined;
  const rowsOf = (res: Awaited<ReturnType<typeof preview>>): CsvPreviewRow[] => previewOf(res)?.rows ?? [];
  const changed = (row: CsvPreviewRow) => (row.cells ?? []).filter((c) => c.before !== undefined);
  /** the journal's entries of `entity` written by `write`, as [row id, action] */
  const auditedBy = async (entity: string, write: () => Promise<unknown>) => {
    const db = database().db;
    const seen = new Set((await db.select({ id: s.auditLog.id }).from(s.auditLog)).map((a) => a.id));
    await write();
    const rows = await db.select().from(s.auditLog).where(eq(s.auditLog.entity, entity));
    return rows.filter((a) => !seen.has(a.id)).map((a) => [a.entityId, a.action]);
  };

  beforeAll(async () => {
    admin = await signedInUser({ role: "admin" });
    editor = await signedInUser({ role: "editor" });
    finance = await signedInUser({ role: "finance" });
    member = await signedInUser();
  });

  describe("pages", () => {
    const page = async (slug: string) => (await database().db.select().from(s.pages).where(eq(s.pages.slug, slug)))[0];

    beforeAll(async () => {
      await database()
        .db.insert(s.pages)
        .values([
          { slug: `a-${low}`, title: `Page A ${low}`, content: '<p>Bonjour, « A »; fin.</p>\n<ul><li>un</li></ul>', metaDescription: "=Formule", published: true },
          { slug: `b-${low}`, title: `Page B ${low}`, content: "<p>B</p>", published: false, publishAt: new Date("2030-06-15T07:30:00Z") },
        ]);
    });

    it("exports the list as filtered (BOM, `;`, French headers), and the export re-imports with nothing changed", async () => {
      const csv = await exportText("pages", `?q=${low}&published=oui`);
      expect(csv.startsWith(`\ufeff${PAGE_HEADER}\r\n`)).toBe(true);
      expect(csv).toBe(`\ufeff${PAGE_HEADER}\r\na-${low};Page A ${low};'=Formule;Publié;;;"<p>Bonjour, « A »; fin.</p>\n<ul><li>un</li></ul>"\r\n`);
      const drafts = await exportText("pages", `?q=${low}&published=non`);
      expect(drafts).toBe(`\ufeff${PAGE_HEADER}\r\nb-${low};Page B ${low};;Brouillon;2030-06-15 09:30;;<p>B</p>\r\n`);

      const both = await exportText("pages", `?q=${low}`);
      const res = await preview("pages", both);
      expect(res.status).toBe(200);
      expect(previewOf(res)?.summary).toEqual({ create: 0, update: 2, error: 0 });
      for (const row of rowsOf(res)) {
        expect(row.status).toBe("update");
        expect(changed(row), row.label).toEqual([]);
        expect(row.warnings).toEqual([]);
      }
      const strip = (rows: Array<typeof s.pages.$inferSelect>) => rows.map(({ updatedAt: _u, ...r }) => r).sort((x, y) => x.slug.localeCompare(y.slug));
      const before = await database().db.select().from(s.pages).where(inArray(s.pages.slug, [`a-${low}`, `b-${low}`]));
      expect((await confirm("pages", both)).status).toBe(302);
      const after = await database().db.select().from(s.pages).where(inArray(s.pages.slug, [`a-${low}`, `b-${low}`]));
      expect(strip(after)).toEqual(strip(before));
    });

    it("an import updates one page (old → new) and creates one, sanitized, one audit entry each; it never renames", async () => {
      const a = await page(`a-${low}`);
      const file = [
        PAGE_HEADER,
        `a-${low};Page A modifiée;Nouvelle description;publié;;;<p>Bonjour</p>`,
        `c-${low};Page C ${low};;Brouillon;15/06/2030 09:30;;"<p>Sûr</p><script>alert(1)</script><a href=""javascript:alert(1)"">lien</a>"`,
      ].join("\n");
      const res = await preview("pages", file);
      expect(res.status).toBe(200);
      const [updated, created] = rowsOf(res);
      expect(updated).toMatchObject({ line: 2, status: "update", label: "Page A modifiée" });
      expect(changed(updated)).toEqual([
        { column: "Titre", value: "Page A modifiée", before: `Page A ${low}` },
        { column: "Meta description", value: "Nouvelle description", before: "=Formule" },
        { column: "Contenu", value: "<p>Bonjour</p>", before: a.content },
      ]);
      expect(created).toMatchObject({ line: 3, status: "create", label: `Page C ${low}` });
      // the preview wrote nothing
      expect(await page(`c-${low}`)).toBeUndefined();

      let done!: Awaited<ReturnType<typeof confirm>>;
      const audits = await auditedBy("page", async () => (done = await confirm("pages", file)));
      expect(done.status).toBe(302);
      expect(done.location).toBe("/admin/pages");
      expect(await page(`a-${low}`)).toMatchObject({ id: a.id, title: "Page A modifiée", metaDescription: "Nouvelle description", content: "<p>Bonjour</p>", published: true });
      const c = await page(`c-${low}`);
      expect(c).toMatchObject({ title: `Page C ${low}`, published: false, publishAt: new Date("2030-06-15T07:30:00Z") });
      expect(c.content).toContain("<p>Sûr</p>");
      expect(c.content).not.toMatch(/script|javascript/i);
      expect(audits.sort()).toEqual(
        [
          [a.id, "update"],
          [c.id, "create"],
        ].sort(),
      );

      // a new slug is a new page, never a rename
      expect(rowsOf(await preview("pages", [PAGE_HEADER, `a2-${low};Page A modifiée;;Publié;;;<p>x</p>`].join("\n")))[0].status).toBe("create");
    });

    it("the form's checks hold: a reserved slug, markup alone, an unknown status are the line's errors; nothing is written", async () => {
      const file = [PAGE_HEADER, `admin;Admin;;Publié;;;<p>x</p>`, `d-${low};Vide;;Publié;;;<p> </p>`, `e-${low};Statut;;En ligne;;;<p>x</p>`].join("\n");
      const res = await preview("pages", file);
      expect(res.status).toBe(422);
      expect(rowsOf(res).map((r) => r.errors)).toEqual([
        [{ line: 2, column: "Slug", message: RESERVED_SLUG_MESSAGE }],
        [{ line: 3, column: "Contenu", message: PAGE_MESSAGES.content }],
        [{ line: 4, column: "Statut", message: UNKNOWN_PUBLICATION_STATUS }],
      ]);
      expect((await confirm("pages", file)).status).toBe(422);
      expect(await database().db.$count(s.pages, inArray(s.pages.slug, [`d-${low}`, `e-${low}`]))).toBe(0);
    });

    it("warns when an update puts a scheduled page online", async () => {
      const [row] = rowsOf(await preview("pages", [PAGE_HEADER, `b-${low};Page B ${low};;Publié;;;<p>B</p>`].join("\n")));
      expect(row.warnings).toEqual([CSV_MESSAGES.goesLive("brouillon jusqu'ici"), CSV_MESSAGES.clears("Publier le", "15/06/2030 à 09:30")]);
    });
  });

  describe("help articles", () => {
    const article = async (slug: string) => (await database().db.select().from(s.helpArticles).where(eq(s.helpArticles.slug, slug)))[0];

    beforeAll(async () => {
      await database()
        .db.insert(s.helpArticles)
        .values({ slug: `aide-${low}`, section: "compte", title: `Aide ${low}`, summary: "En bref; oui.", body: "<p>Réponse</p>", position: 7, published: false });
    });

    it("exports every article (BOM, `;`, French headers), and the export re-imports with nothing changed", async () => {
      const csv = await exportText("aide");
      expect(csv.startsWith(`\ufeff${HELP_HEADER}\r\n`)).toBe(true);
      expect(csv).toContain(`\r\naide-${low};Aide ${low};Mon compte;"En bref; oui.";7;Brouillon;<p>Réponse</p>\r\n`);
      const total = await database().db.$count(s.helpArticles);
      expect(csv.slice(1).trimEnd().split("\r\n").filter((l) => /^[a-z0-9-]+;/.test(l))).toHaveLength(total);

      // the whole export, the seed's articles included
      const res = await preview("aide", csv);
      expect(previewOf(res)?.summary).toEqual({ create: 0, update: total, error: 0 });
      for (const row of rowsOf(res)) expect(changed(row), row.label).toEqual([]);
      const strip = (rows: Array<typeof s.helpArticles.$inferSelect>) => rows.map(({ updatedAt: _u, search: _s, ...r }) => r).sort((x, y) => x.slug.localeCompare(y.slug));
      const before = await database().db.select().from(s.helpArticles);
      expect((await confirm("aide", csv)).status).toBe(302);
      expect(strip(await database().db.select().from(s.helpArticles))).toEqual(strip(before));
    });

    it("an import updates one article (old → new) and creates one, sanitized, one audit entry each", async () => {
      const current = await article(`aide-${low}`);
      const file = [
        HELP_HEADER,
        `aide-${low};Aide ${low};compte;Un autre résumé.;2;Publié;<p>Réponse</p>`,
        `neuf-${low};Neuf ${low};Paiements;Résumé.;0;Publié;<p>Ok</p><script>alert(1)</script>`,
        `faux-${low};Faux;Ailleurs;Résumé.;0;Publié;<p> </p>`,
      ].join("\n");
      const checked = await preview("aide", file);
      expect(checked.status).toBe(422);
      const [updated, created, wrong] = rowsOf(checked);
      expect(updated.status).toBe("update");
      expect(changed(updated)).toEqual([
        { column: "Résumé", value: "Un autre résumé.", before: "En bref; oui." },
        { column: "Ordre", value: "2", before: "7" },
        { column: "Statut", value: "Publié", before: "Brouillon" },
      ]);
      // a draft published by the file: online at once, in red
      expect(updated.warnings).toEqual(["Mise en ligne dès l'import : brouillon jusqu'ici."]);
      expect(created.status).toBe("create");
      expect(wrong.errors).toEqual([{ line: 4, column: "Rubrique", message: HELP_MESSAGES.section }]);

      let done!: Awaited<ReturnType<typeof confirm>>;
      const audits = await auditedBy("help_article", async () => (done = await confirm("aide", file.split("\n").slice(0, 3).join("\n"))));
      expect(done.status).toBe(302);
      expect(done.location).toBe("/admin/aide");
      expect(await article(`aide-${low}`)).toMatchObject({ id: current.id, section: "compte", summary: "Un autre résumé.", position: 2, published: true });
      const neuf = await article(`neuf-${low}`);
      expect(neuf).toMatchObject({ section: "paiements", title: `Neuf ${low}`, published: true });
      expect(neuf.body).toBe("<p>Ok</p>");
      expect(audits.sort()).toEqual(
        [
          [current.id, "update"],
          [neuf.id, "create"],
        ].sort(),
      );
      // markup alone is no content, as in the form
      const blank = await preview("aide", [HELP_HEADER, `vide-${low};Vide;Cashback;Résumé.;0;Publié;<p> </p>`].join("\n"));
      expect(rowsOf(blank)[0].errors).toEqual([{ line: 2, column: "Contenu", message: HELP_MESSAGES.body }]);
    });
  });

  it("pages and help articles need the catalogue permission of their screens, on the server", async () => {
    const auditBefore = await database().db.$count(s.auditLog);
    const files = {
      pages: [PAGE_HEADER, `perm-${low};Perm;;Publié;;;<p>x</p>`].join("\n"),
      aide: [HELP_HEADER, `perm-${low};Perm;Cashback;Résumé.;0;Publié;<p>x</p>`].join("\n"),
    };
    for (const list of ["pages", "aide"] as const) {
      const path = `/admin/${list}/export`;
      expect((await callRoute(exportLoader, req(path), params(list))).location).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
      expect((await callRoute(exportLoader, req(path, { cookie: member.cookie }), params(list))).location).toBe("/");
      expect((await callRoute(exportLoader, req(path, { cookie: finance.cookie }), params(list))).location).toBe("/admin");
      expect((await callRoute(importLoader, req(`/admin/${list}/import`, { cookie: finance.cookie }), params(list))).location).toBe("/admin");
      expect((await callRoute(importLoader, req(`/admin/${list}/import`, { cookie: admin.cookie }), params(list))).status).toBe(200);
      for (const who of [member, finance]) {
        expect((await preview(list, files[list], who.cookie)).status).toBe(403);
        expect((await confirm(list, files[list], who.cookie)).status).toBe(403);
      }
      expect((await confirm(list, files[list], "")).status).toBe(401);
    }
    expect(await database().db.$count(s.pages, eq(s.pages.slug, `perm-${low}`))).toBe(0);
    expect(await database().db.$count(s.helpArticles, eq(s.helpArticles.slug, `perm-${low}`))).toBe(0);
    expect(await database().db.$count(s.auditLog)).toBe(auditBefore);
  });
});
