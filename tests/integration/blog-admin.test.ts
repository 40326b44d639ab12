import { and, eq, inArray, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as blogAction, loader as blogAdminLoader } from "#app/routes/admin/blog";
import { loader as exportLoader } from "#app/routes/admin/csv.export";
import { action as importAction } from "#app/routes/admin/csv.import";
import { loader as articleLoader, meta as articleMeta } from "#app/routes/blog.$id";
import { loader as blogLoader } from "#app/routes/blog";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { searchSite } from "#app/modules/search/site-search.server";
import { refreshLexicon } from "#app/modules/search/search.server";
import { BLOG_MESSAGES } from "#app/modules/blog/blog-form.schema";
import { CSV_MESSAGES } from "#app/modules/admin/csv";
import { req, signedInUser, TEST_ORIGIN, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

const BLOG_HEADER = "Slug;Titre;Catégorie;Auteur;Extrait;Couverture;Titre SEO;Description SEO;Statut;Publier le;Dépublier le;Contenu";


describeEachDb("/admin/blog: the blog's articles in the back office (issue #37 item 1)", ({ database }) => {
  let admin: SignedInUser;
  let editor: SignedInUser;
  let member: SignedInUser;
  let finance: SignedInUser;
  let moderator: SignedInUser;
  const tag = `b${Date.now().toString(36)}`;
  const slug = (name: string) => `${name}-${tag}`;
  const article = (name: string, extra: Record<string, string> = {}) => ({
    intent: "save",
    title: `Article ${name} ${tag}`,
    slug: slug(name),
    category: "Conseils",
    author: "Léa, rédaction",
    excerpt: `L'extrait de ${name}.`,
    imageUrl: "/uploads/cover-test.webp",
    body: "<p>Un paragraphe.</p>",
    status: "draft",
    ...extra,
  });
  const save = (cookie: string, form: Record<string, string>) => callRoute(blogAction, req("/admin/blog", { cookie, form }));
  const row = async (id: string) => (await database().db.select().from(s.blogArticles).where(eq(s.blogArticles.id, id)))[0];
  const edit = async (cookie: string, id: string, form: Record<string, string>) => {
    const current = await row(id);
    return save(cookie, { id, version: current.updatedAt.toISOString(), ...form });
  };
  const view = (id: string, cookie?: string) => callRoute(articleLoader, req(`/blog/${id}`, { cookie }), { id });
  const publicIds = async () => (await callRoute(blogLoader, req("/blog"))).data.articles.map((a) => a.id);

  beforeAll(async () => {
    admin = await signedInUser({ role: "admin" });
    editor = await signedInUser({ role: "editor" });
    member = await signedInUser();
    finance = await signedInUser({ role: "finance" });
    moderator = await signedInUser({ role: "moderator" });
  });

  it("editors and admins manage the blog; members, finance and moderators are refused by every loader and action", async () => {
    for (const user of [admin, editor]) {
      const list = await callRoute(blogAdminLoader, req("/admin/blog", { cookie: user.cookie }));
      expect(list.status).toBe(200);
    }
    for (const [role, user] of Object.entries({ member, finance, moderator })) {
      const list = await callRoute(blogAdminLoader, req("/admin/blog", { cookie: user.cookie }));
      expect(list.location).not.toBeNull();
      const refused = await save(user.cookie, article(`refused-${role}`));
      expect(refused.status).toBe(403);
      const bulk = await callRoute(blogAction, req("/admin/blog", { cookie: user.cookie, form: { intent: "bulk-delete", ids: "skincare-chere" } }));
      expect(bulk.status).toBe(403);
    }
    expect((await save(undefined as unknown as string, article("anon"))).status).toBe(401);
    expect(await database().db.$count(s.blogArticles, like(s.blogArticles.id, "refused-%"))).toBe(0);
  });

  it("a draft is a 404 for the public and absent from the list, search and sitemap; editors preview it, never cached", async () => {
    const created = await save(editor.cookie, article("brouillon"));
    expect(created.data.toast?.title).toBe("Article créé");
    const draft = await row(slug("brouillon"));
    expect(draft).toMatchObject({ published: false, category: "Conseils", author: "Léa, rédaction" });
    for (const cookie of [undefined, member.cookie, finance.cookie]) expect((await view(slug("brouillon"), cookie)).status).toBe(404);
    expect(await publicIds()).not.toContain(slug("brouillon"));
    expect((await sitemapEntries("Crevarde")).map((e) => e.path)).not.toContain(`/blog/${slug("brouillon")}`);
    expect((await searchSite(`brouillon ${tag}`, false)).articles ?? []).toEqual([]);
    // nor does it lend its words to the search suggestions
    await refreshLexicon(database().db);
    expect(await database().db.$count(s.searchLexicon, eq(s.searchLexicon.word, tag))).toBe(0);
    for (const cookie of [editor.cookie, admin.cookie]) {
      const preview = await view(slug("brouillon"), cookie);
      expect(preview.status).toBe(200);
      expect(preview.data.article.draft).toBe(true);
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
    }
    // published from the form: the public sees it, today's date
    await edit(editor.cookie, slug("brouillon"), article("brouillon", { status: "published" }));
    const live = await view(slug("brouillon"));
    expect(live.status).toBe(200);
    expect(live.data.article.draft).toBe(false);
    expect(Date.now() - new Date(live.data.article.publishedAt).getTime()).toBeLessThan(60_000);
    expect(await publicIds()).toContain(slug("brouillon"));
    expect((await searchSite(`brouillon ${tag}`, false)).articles.map((a) => a.id)).toEqual([slug("brouillon")]);
    await refreshLexicon(database().db);
    expect(await database().db.$count(s.searchLexicon, eq(s.searchLexicon.word, tag))).toBe(1);
  });

  it("the schedule window: before « Publier le » and after « Dépublier le » the article is a 404 and unlisted", async () => {
    await save(editor.cookie, article("plus-tard", { status: "published", publishAt: "2099-01-01T10:00" }));
    await save(editor.cookie, article("fini", { status: "published", publishAt: "2020-01-01T10:00", unpublishAt: "2021-01-01T10:00" }));
    await save(editor.cookie, article("en-cours", { status: "published", publishAt: "2020-01-01T10:00", unpublishAt: "2099-01-01T10:00" }));
    expect((await view(slug("plus-tard"))).status).toBe(404);
    expect((await view(slug("fini"))).status).toBe(404);
    expect((await view(slug("en-cours"))).status).toBe(200);
    const ids = await publicIds();
    expect(ids).toContain(slug("en-cours"));
    expect(ids).not.toContain(slug("plus-tard"));
    expect(ids).not.toContain(slug("fini"));
    // the date shown is its « Publier le »
    expect((await row(slug("en-cours"))).publishedAt.toISOString()).toBe("2020-01-01T09:00:00.000Z");
    // editors still preview it
    expect((await view(slug("plus-tard"), editor.cookie)).data.article.draft).toBe(true);
    // the admin list's « Programmation » filter
    const scheduled = await callRoute(blogAdminLoader, req(`/admin/blog?q=${tag}&schedule=scheduled`, { cookie: editor.cookie }));
    expect(scheduled.data.articles.map((a) => a.id)).toEqual([slug("plus-tard")]);
    // a window in the wrong order is a French 400
    const wrong = await save(editor.cookie, article("envers", { publishAt: "2030-01-02T10:00", unpublishAt: "2030-01-01T10:00" }));
    expect(wrong.status).toBe(400);
    expect(await row(slug("envers"))).toBeUndefined();
  });

  it("a renamed slug answers 301 from the old one, through a chain of renames; a slug held by another article is refused", async () => {
    await save(editor.cookie, article("ancien", { status: "published" }));
    await edit(editor.cookie, slug("ancien"), article("nouveau", { status: "published" }));
    expect(await row(slug("ancien"))).toBeUndefined();
    expect(await row(slug("nouveau"))).toBeDefined();
    const moved = await view(slug("ancien"));
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(`/blog/${slug("nouveau")}`);
    await edit(editor.cookie, slug("nouveau"), article("dernier", { status: "published" }));
    for (const old of ["ancien", "nouveau"]) expect((await view(slug(old))).location).toBe(`/blog/${slug("dernier")}`);
    // an old slug taken by a new article: that article wins, no redirect left
    await save(editor.cookie, article("ancien", { status: "published" }));
    expect((await view(slug("ancien"))).status).toBe(200);
    // renaming onto another article's slug
    const taken = await edit(editor.cookie, slug("dernier"), article("ancien", { status: "published" }));
    expect(taken.status).toBe(409);
    expect(taken.data.toast?.description).toBe(BLOG_MESSAGES.slugTaken);
    expect(await row(slug("dernier"))).toBeDefined();
  });

  it("stores sanitized HTML, refuses a blank body, an unknown category, a missing or foreign cover, each in French", async () => {
    await save(editor.cookie, article("propre", { body: '<p>Texte</p><script>alert(1)</script><img src="/uploads/a.webp" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' }));
    const body = (await row(slug("propre"))).body;
    expect(body).toContain("<p>Texte</p>");
    expect(body).not.toMatch(/script|onerror|javascript:/);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ body: "<p> </p>" }, "body", BLOG_MESSAGES.body],
      [{ category: "Potins" }, "category", BLOG_MESSAGES.category],
      [{ imageUrl: "" }, "imageUrl", BLOG_MESSAGES.cover],
      [{ imageUrl: "https://example.com/a.jpg" }, "imageUrl", "L'image doit être téléchargée sur le site (/uploads/…) : les images d'autres sites ne s'affichent pas."],
    ];
    for (const [extra, field, message] of cases) {
      const res = await save(editor.cookie, article("refus", extra));
      expect(res.status, field).toBe(400);
      expect(res.data.result?.error?.[field]).toEqual([message]);
    }
    expect(await row(slug("refus"))).toBeUndefined();
  });

  it("the SEO title and description feed the article's meta, else its title and excerpt", async () => {
    await save(editor.cookie, article("seo", { status: "published", seoTitle: "Titre pour Google", seoDescription: "Description pour Google." }));
    const withSeo = await view(slug("seo"));
    const tags = articleMeta({ data: withSeo.data, matches: [], params: { id: slug("seo") } } as never) as Array<Record<string, string>>;
    expect(tags.find((t) => "title" in t)?.title).toMatch(/^Titre pour Google/);
    expect(tags.find((t) => t.name === "description")?.content).toBe("Description pour Google.");
    await edit(editor.cookie, slug("seo"), article("seo", { status: "published" }));
    const plain = articleMeta({ data: (await view(slug("seo"))).data, matches: [], params: { id: slug("seo") } } as never) as Array<Record<string, string>>;
    expect(plain.find((t) => "title" in t)?.title).toMatch(new RegExp(`^Article seo ${tag}`));
    expect(plain.find((t) => t.name === "description")?.content).toBe("L'extrait de seo.");
  });

  it("bulk actions publish, unpublish and delete by slug, each audited", async () => {
    const ids = [slug("lot-a"), slug("lot-b")];
    for (const name of ["lot-a", "lot-b"]) await save(editor.cookie, article(name));
    const post = (intent: string, keys: string[]) => {
      const body = new URLSearchParams({ intent });
      for (const k of keys) body.append("ids", k);
      return callRoute(blogAction, new Request(`${TEST_ORIGIN}/admin/blog`, { method: "POST", headers: { origin: TEST_ORIGIN, cookie: editor.cookie, "content-type": "application/x-www-form-urlencoded" }, body }));
    };
    const published = await post("bulk-publish", ids);
    expect(published.data.toast?.title).toBe("2 articles publiés");
    expect((await publicIds()).filter((id) => ids.includes(id)).sort()).toEqual(ids.sort());
    expect((await post("bulk-unpublish", ids)).data.toast?.title).toBe("2 articles repassés en brouillon");
    expect((await view(ids[0])).status).toBe(404);
    const audits = await database().db.$count(s.auditLog, and(eq(s.auditLog.entity, "blog_article"), inArray(s.auditLog.entityId, ids)));
    expect(audits).toBe(6);
    const deleted = await post("bulk-delete", [...ids, "n-existe-pas"]);
    expect(deleted.data.toast?.title).toBe("2 articles supprimés");
    expect(deleted.data.toast?.description).toContain("n-existe-pas");
    expect(await database().db.$count(s.blogArticles, inArray(s.blogArticles.id, ids))).toBe(0);
    // a key that is no slug is a French 400
    const bad = await post("bulk-delete", ["<script>"]);
    expect(bad.status).toBe(400);
  });

  it("CSV: an export re-imports unchanged, updates show old → new, errors carry their line and nothing is written", async () => {
    await save(editor.cookie, article("csv-a", { status: "published", seoTitle: "=Formule" }));
    const exported = (await exportLoader({ request: req(`/admin/blog/export?q=${slug("csv-a")}`, { cookie: editor.cookie }), params: { list: "blog" }, context: {} } as never)) as Response;
    expect(exported.status).toBe(200);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await exported.arrayBuffer());
    expect(csv.startsWith(`\ufeff${BLOG_HEADER}\r\n`)).toBe(true);
    expect(csv).toContain(`${slug("csv-a")};Article csv-a ${tag};Conseils;`);
    expect(csv).toContain(";'=Formule;");
    const previewOf = async (text: string) => callRoute(importAction, await multipart("/admin/blog/import", editor.cookie, { intent: "preview", file: new File([text], "blog.csv", { type: "text/csv" }) }), { list: "blog" });
    const same = await previewOf(csv.slice(1));
    expect(same.data.preview!.rows.map((r) => r.status)).toEqual(["update"]);
    expect(same.data.preview!.rows[0].cells!.filter((c) => c.before !== undefined)).toEqual([]);

    const lines = [
      BLOG_HEADER,
      `${slug("csv-a")};Titre changé;bons plans;Léa;Extrait;/uploads/cover-test.webp;;;Publié;;;<p>Corps</p>`,
      `${slug("csv-b")};Nouvel article;Guides;Léa;Extrait;/uploads/cover-test.webp;;;Brouillon;15/06/2030 09:30;;<p>Corps</p><script>x</script>`,
      `${slug("csv-c")};Sans catégorie;Potins;Léa;Extrait;/uploads/cover-test.webp;;;Publié;;;<p>Corps</p>`,
      `${slug("csv-d")};Statut inconnu;Guides;Léa;Extrait;;;;En ligne;;;<p>Corps</p>`,
      `${slug("csv-b")};Doublon;Guides;Léa;Extrait;/uploads/cover-test.webp;;;Publié;;;<p>Corps</p>`,
    ];
    const checked = await previewOf(lines.join("\n"));
    expect(checked.status).toBe(422);
    const rows = checked.data.preview!.rows;
    expect(rows.map((r) => [r.line, r.status])).toEqual([
      [2, "update"],
      [3, "create"],
      [4, "error"],
      [5, "error"],
      [6, "error"],
    ]);
    expect(rows[0].cells!.find((c) => c.column === "Titre")).toEqual({ column: "Titre", value: "Titre changé", before: `Article csv-a ${tag}` });
    expect(rows[0].cells!.find((c) => c.column === "Catégorie")).toEqual({ column: "Catégorie", value: "bons plans", before: "Conseils" });
    expect(rows[2].errors).toEqual([{ line: 4, column: "Catégorie", message: BLOG_MESSAGES.category }]);
    expect(rows[3].errors.map((e) => `${e.column}: ${e.message}`)).toEqual([`Couverture: ${BLOG_MESSAGES.cover}`, `Statut: ${BLOG_MESSAGES.status}`]);
    expect(rows[4].errors).toEqual([{ line: 6, column: null, message: CSV_MESSAGES.duplicateRow(3) }]);
    const refused = await callRoute(importAction, await multipart("/admin/blog/import", editor.cookie, { intent: "confirm", csv: checked.data.csv!, fileName: "blog.csv" }), { list: "blog" });
    expect(refused.status).toBe(422);
    expect(await row(slug("csv-b"))).toBeUndefined();

    const done = await callRoute(importAction, await multipart("/admin/blog/import", editor.cookie, { intent: "confirm", csv: lines.slice(0, 3).join("\n"), fileName: "blog.csv" }), { list: "blog" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/blog");
    expect(await row(slug("csv-a"))).toMatchObject({ title: "Titre changé", category: "Bons plans", seoTitle: null, published: true });
    const created = await row(slug("csv-b"));
    expect(created).toMatchObject({ published: false, publishAt: new Date("2030-06-15T07:30:00.000Z") });
    expect(created.body).not.toContain("script");
  });
});
