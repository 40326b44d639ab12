import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { versionOf } from "#app/modules/admin/conflict";
import { HELP_ARTICLE_SLUGS, HELP_SECTIONS } from "#app/modules/help/help.constants";
import { HELP_MESSAGES } from "#app/modules/help/help-form.schema";
import { searchSite, suggest } from "#app/modules/search/site-search.server";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin/aide";
import { loader as articleLoader } from "#app/routes/help.$slug";
import { loader as helpLoader } from "#app/routes/help";
import * as s from "#db/schema";
import { HELP_ARTICLES } from "#app/seed/data/help";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const articleOf = (slug: string) => getDb().then((db) => db.select().from(s.helpArticles).where(eq(s.helpArticles.slug, slug)).then((r) => r[0]));

describeEachDb("help centre (issue #34 item 7)", () => {
  it("every database gets the seed's articles from the migration, equal to app/seed/data/help.ts", async () => {
    const rows = await (await getDb()).select().from(s.helpArticles).orderBy(asc(s.helpArticles.slug));
    const expected = [...HELP_ARTICLES].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map((a) => ({ ...a, body: sanitizeRichHtml(a.body), published: true }));
    expect(rows.map(({ slug, section, title, summary, body, position, published }) => ({ slug, section, title, summary, body, position, published }))).toEqual(expected);
    expect(rows.map((r) => r.slug)).toEqual(expect.arrayContaining(Object.values(HELP_ARTICLE_SLUGS)));
  });

  it("/aide lists the published articles section by section; /aide/:slug shows one with its section's others; unknown slugs are 404", async () => {
    const page = await callRoute(helpLoader, req("/aide"));
    expect(page.data.sections.map((x) => x.section)).toEqual([...HELP_SECTIONS]);
    expect(page.data.sections.map((x) => x.label)).toEqual(["Cashback", "Codes promo", "Deals", "Mon compte", "Paiements"]);
    const cashback = page.data.sections[0].articles.map((a) => a.title);
    expect(cashback.slice(0, 2)).toEqual(["Comment fonctionne le cashback ?", "Pourquoi mon achat n'apparaît pas ?"]);
    const article = await callRoute(articleLoader, req(`/aide/${HELP_ARTICLE_SLUGS.whenPaid}`), { slug: HELP_ARTICLE_SLUGS.whenPaid });
    expect(article.status).toBe(200);
    expect(article.data).toMatchObject({ title: "Quand serai-je payé ?", sectionLabel: "Paiements", draft: false });
    expect(article.data.related.map((r) => r.slug)).toEqual(["ajouter-ou-changer-mon-iban"]);
    expect((await callRoute(articleLoader, req("/aide/nulle-part"), { slug: "nulle-part" })).status).toBe(404);
  });

  it("/admin/aide: editors and admins create, edit and delete articles, the HTML sanitized, each write audited; finance, moderators and members are refused", async () => {
    const db = await getDb();
    const editor = await signedInUser({ role: "editor" });
    const as = (cookie: string, form?: Record<string, string>) => req("/admin/aide", { cookie, form });
    const form = {
      intent: "save",
      title: "Comment parrainer quelqu'un ?",
      slug: "comment-parrainer",
      section: "compte",
      summary: "Partage ton lien de parrainage : tu gagnes 3 € au premier cashback validé de la personne invitée.",
      body: '<p>Ton lien est dans Parrainage.</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">clic</a>',
      position: "5",
      status: "published",
    };
    const created = await callRoute(adminAction, as(editor.cookie, form));
    expect([created.status, created.data.toast?.title]).toEqual([200, "Article créé"]);
    const row = await articleOf("comment-parrainer");
    expect(row).toMatchObject({ section: "compte", position: 5, published: true });
    expect(row.body).toContain("<p>Ton lien est dans Parrainage.</p>");
    expect(row.body).not.toMatch(/script|onerror|javascript:/);
    const listed = await callRoute(adminLoader, as(editor.cookie));
    expect(listed.data.articles.find((a) => a.slug === "comment-parrainer")?.title).toBe(form.title);

    // an edit of the version the form was opened with, back to a draft: 404 for visitors, shown to editors as a draft
    const edited = await callRoute(adminAction, as(editor.cookie, { ...form, id: row.id, version: versionOf(row.updatedAt), status: "draft", title: "Comment parrainer un proche ?" }));
    expect([edited.status, edited.data.toast?.title]).toEqual([200, "Article mis à jour"]);
    expect((await callRoute(articleLoader, req("/aide/comment-parrainer"), { slug: "comment-parrainer" })).status).toBe(404);
    const preview = await callRoute(articleLoader, req("/aide/comment-parrainer", { cookie: editor.cookie }), { slug: "comment-parrainer" });
    expect([preview.status, preview.data.draft, preview.headers.get("Cache-Control")]).toEqual([200, true, "private, no-store"]);

    // French 400s, nothing written
    const audits = await db.$count(s.auditLog);
    for (const [change, message] of [
      [{ title: "" }, HELP_MESSAGES.title],
      [{ section: "divers" }, HELP_MESSAGES.section],
      [{ summary: "<b></b>" }, HELP_MESSAGES.summary],
      [{ body: "<p> </p><script>x</script>" }, HELP_MESSAGES.body],
      [{ position: "-1" }, HELP_MESSAGES.position],
    ] as const) {
      const out = await callRoute(adminAction, as(editor.cookie, { ...form, slug: "autre-article", ...change }));
      expect([out.status, out.data.toast?.description], JSON.stringify(change)).toEqual([400, message]);
    }
    expect((await callRoute(adminAction, as(editor.cookie, { ...form }))).status).toBe(409);
    expect(await db.$count(s.auditLog)).toBe(audits);

    for (const role of ["finance", "moderator"] as const) {
      const staff = await signedInUser({ role });
      expect((await callRoute(adminLoader, as(staff.cookie))).location, role).toBe("/admin");
      const refused = await callRoute(adminAction, as(staff.cookie, { ...form, slug: `par-${role}` }));
      expect([refused.status, refused.data], role).toEqual([403, "Accès réservé aux éditeurs et aux administrateurs."]);
    }
    const member = await signedInUser();
    expect((await callRoute(adminAction, as(member.cookie, { ...form, slug: "par-membre" }))).status).toBe(403);
    expect(await db.$count(s.helpArticles, eq(s.helpArticles.slug, "par-finance"))).toBe(0);

    const removed = await callRoute(adminAction, as(editor.cookie, { intent: "delete", id: row.id }));
    expect([removed.status, removed.data.toast?.title]).toEqual([200, "Article supprimé"]);
    expect(await articleOf("comment-parrainer")).toBeUndefined();
    const trail = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, row.id)).orderBy(asc(s.auditLog.at));
    expect(trail.map((a) => [a.action, a.entity, a.actorId])).toEqual([
      ["create", "help_article", editor.id],
      ["update", "help_article", editor.id],
      ["delete", "help_article", editor.id],
    ]);
    expect((trail[0].after as Record<string, unknown>).search).toBeUndefined();
  });

  it("the site search finds help articles: « paiement » finds « Quand serai-je payé ? », drafts are never found, the suggestions offer them", async () => {
    const found = await searchSite("paiement", false);
    expect(found.help.map((h) => h.title)).toContain("Quand serai-je payé ?");
    const missing = await searchSite("achat manquant", false);
    expect(missing.help[0]?.slug).toBe(HELP_ARTICLE_SLUGS.missingPurchase);
    const suggestions = await suggest("iban");
    expect(suggestions).toContainEqual({ kind: "help", label: "Comment ajouter ou changer mon IBAN ?", href: "/aide/ajouter-ou-changer-mon-iban" });

    const editor = await signedInUser({ role: "editor" });
    const save = (status: string) =>
      callRoute(adminAction, req("/admin/aide", { cookie: editor.cookie, form: { intent: "save", title: "Le grimoire des ristournes", slug: "grimoire", section: "deals", summary: "Un mot rare : zanzibarique.", body: "<p>zanzibarique</p>", position: "0", status } }));
    expect((await save("draft")).status).toBe(200);
    expect((await searchSite("zanzibarique", false)).help).toEqual([]);
    const draft = await articleOf("grimoire");
    await callRoute(adminAction, req("/admin/aide", { cookie: editor.cookie, form: { intent: "save", id: draft.id, version: versionOf(draft.updatedAt), title: "Le grimoire des ristournes", slug: "grimoire", section: "deals", summary: "Un mot rare : zanzibarique.", body: "<p>zanzibarique</p>", position: "0", status: "published" } }));
    expect((await searchSite("zanzibarique", false)).help.map((h) => h.slug)).toEqual(["grimoire"]);
  });

  it("the sitemap lists /aide, /contact and each published article", async () => {
    const paths = (await sitemapEntries("Crevarde")).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["/aide", "/contact", `/aide/${HELP_ARTICLE_SLUGS.missingPurchase}`, `/aide/${HELP_ARTICLE_SLUGS.whenPaid}`]));
  });
});
