import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as categoryLoader } from "#app/routes/admin/categories";
import { loader as contentLoader } from "#app/routes/admin/content";
import { action as pageAction, loader as pageLoader } from "#app/routes/admin/pages";
import { loader as publicPageLoader } from "#app/routes/page.$slug";
import { loader as userLoader } from "#app/routes/admin/users";
import { createUser, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/** /admin/categories, /admin/pages and /admin/users on the list engine (issue #17, ADR 028): search, sort, filter, in the URL. */
describeEachDb("categories and pages as lists", ({ database }) => {
  let cookie: string;
  const tag = `m${Date.now().toString(36)}`;
  beforeAll(async () => {
    const db = database().db;
    cookie = (await signedInUser({ role: "admin", email: `lists-more.${tag}@example.fr` })).cookie;
    await db.insert(s.categories).values([
      { name: `Bravo ${tag}`, slug: `bravo-${tag}`, description: "Deuxième", updatedAt: new Date("2026-03-01T10:00:00Z") },
      { name: `Alpha ${tag}`, slug: `alpha-${tag}`, description: null, updatedAt: new Date("2026-01-01T10:00:00Z") },
      { name: `Charlie ${tag}`, slug: `charlie-${tag}`, description: "100% pur_coton", updatedAt: new Date("2026-02-01T10:00:00Z") },
    ]);
    await db.insert(s.pages).values([
      { title: `Page B ${tag}`, slug: `page-b-${tag}`, content: "<p>b</p>", published: true, updatedAt: new Date("2026-01-01T10:00:00Z") },
      { title: `Page A ${tag}`, slug: `page-a-${tag}`, content: "<p>a</p>", published: false, updatedAt: new Date("2026-02-01T10:00:00Z") },
      { title: `Page C ${tag}`, slug: `page-c-${tag}`, content: "<p>c</p>", published: true, updatedAt: new Date("2026-03-01T10:00:00Z") },
    ]);
    await db.insert(s.contentBlocks).values([
      { page: `about-${tag}`, name: `z-intro-${tag}`, title: "Intro", content: "Bienvenue chez nous", type: "text", position: 2 },
      { page: `about-${tag}`, name: `a-story-${tag}`, title: "Histoire", content: "<p>Notre 100% histoire</p>", type: "html", position: 1 },
      { page: `faq-${tag}`, name: `m-faq-${tag}`, title: "Questions", content: "[]", type: "json", position: 0 },
    ]);
  });
  const categories = async (query: string) => {
    const out = await callRoute(categoryLoader, req(`/admin/categories${query}`, { cookie }));
    expect(out.status).toBe(200);
    return out.data;
  };
  const pages = async (query: string) => {
    const out = await callRoute(pageLoader, req(`/admin/pages${query}`, { cookie }));
    expect(out.status).toBe(200);
    return out.data;
  };

  it("categories: searched on name, slug and description (typed text never a pattern), sorted by name, slug or last change", async () => {
    const names = async (query: string) => (await categories(query)).categories.map((c) => c.name);
    expect(await names(`?q=${tag}`)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
    expect(await names(`?q=${tag.toUpperCase()}&sort=name&dir=desc`)).toEqual([`Charlie ${tag}`, `Bravo ${tag}`, `Alpha ${tag}`]);
    expect((await names(`?q=deuxi`)).filter((n: string) => n.endsWith(tag))).toEqual([`Bravo ${tag}`]);
    expect(await names(`?q=${encodeURIComponent("100% pur_")}`)).toEqual([`Charlie ${tag}`]);
    expect(await names(`?q=${encodeURIComponent("%")}`)).toContain(`Charlie ${tag}`);
    expect(await names(`?q=${encodeURIComponent("_")}`)).not.toContain(`Alpha ${tag}`);
    const byUpdate = (await names(`?q=${tag}&sort=updated&dir=asc`)) as string[];
    expect(byUpdate).toEqual([`Alpha ${tag}`, `Charlie ${tag}`, `Bravo ${tag}`]);
    const data = await categories(`?q=${tag}&sort=slug&dir=desc`);
    expect(data.query).toMatchObject({ q: tag, sort: "slug", dir: "desc" });
    expect(data.categories.map((c) => c.slug)).toEqual([`charlie-${tag}`, `bravo-${tag}`, `alpha-${tag}`]);
    // a hand-edited URL never fails: unknown sort, direction and page fall back
    const odd = await categories(`?q=${tag}&sort=nope&dir=sideways&page=abc`);
    expect(odd.query).toMatchObject({ sort: "name", dir: "asc" });
    expect(odd.categories).toHaveLength(3);
    expect((await categories("?q=introuvable-zz")).categories).toEqual([]);
  });

  it("pages: searched on title and slug, filtered on published, sorted by title, slug or update", async () => {
    const titles = async (query: string) => (await pages(query)).pages.map((p) => p.title);
    expect(await titles(`?q=${tag}`)).toEqual([`Page A ${tag}`, `Page B ${tag}`, `Page C ${tag}`]);
    expect(await titles(`?q=page-c-${tag}`)).toEqual([`Page C ${tag}`]);
    expect(await titles(`?q=${tag}&published=oui`)).toEqual([`Page B ${tag}`, `Page C ${tag}`]);
    expect(await titles(`?q=${tag}&published=non`)).toEqual([`Page A ${tag}`]);
    expect(await titles(`?q=${tag}&published=peut-etre`)).toHaveLength(3);
    expect(await titles(`?q=${tag}&sort=updated&dir=desc`)).toEqual([`Page C ${tag}`, `Page A ${tag}`, `Page B ${tag}`]);
    expect(await titles(`?q=${tag}&sort=title&dir=desc&published=oui`)).toEqual([`Page C ${tag}`, `Page B ${tag}`]);
    expect((await pages(`?q=${tag}&published=oui`)).query.filters).toEqual({ published: "oui" });
  });

  it("pages: ticked pages are published, put back to draft or deleted in bulk, each audited; the public page follows", async () => {
    const db = database().db;
    const [a, b] = await db.select().from(s.pages).where(inArray(s.pages.slug, [`page-a-${tag}`, `page-b-${tag}`])).orderBy(s.pages.slug);
    const bulk = (intent: string, ids: string[]) =>
      callRoute(pageAction, new Request("http://localhost/admin/pages", { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: new URLSearchParams([["intent", intent], ...ids.map((id) => ["ids", id])]) }));
    const audits = (id: string) => db.$count(s.auditLog, and(eq(s.auditLog.entityId, id), eq(s.auditLog.entity, "page")));

    const published = await bulk("bulk-publish", [a.id, b.id]);
    expect(published.data.toast?.title).toBe("2 pages publiées");
    expect((await db.select().from(s.pages).where(eq(s.pages.id, a.id)))[0].published).toBe(true);
    expect(await audits(a.id)).toBe(1);
    const shown = await callRoute(publicPageLoader, req(`/page-a-${tag}`), { slug: `page-a-${tag}` });
    expect(shown.status).toBe(200);

    const drafted = await bulk("bulk-unpublish", [a.id]);
    expect(drafted.data.toast?.title).toBe("1 page repassée en brouillon");
    expect((await db.select().from(s.pages).where(eq(s.pages.id, a.id)))[0].published).toBe(false);
    const hidden = await callRoute(publicPageLoader, req(`/page-a-${tag}`), { slug: `page-a-${tag}` });
    expect(hidden.status).toBe(404);

    const deleted = await bulk("bulk-delete", [a.id]);
    expect(deleted.data.toast?.title).toBe("1 page supprimée");
    expect(await db.$count(s.pages, eq(s.pages.id, a.id))).toBe(0);
    expect(await audits(a.id)).toBe(3);
  });

  it("users: the same search (e-mail, pseudo), a role filter and sortable columns; newest first by default", async () => {
    await createUser({ email: `zoe-${tag}@example.fr`, username: `Zoé ${tag}`, role: "editor" });
    await createUser({ email: `abel-${tag}@example.fr`, username: `Abel ${tag}` });
    await createUser({ email: `marc-${tag}@example.fr`, username: `Marc ${tag}`, role: "editor" });
    const load = async (query: string) => {
      const out = await callRoute(userLoader, req(`/admin/users${query}`, { cookie }));
      expect(out.status).toBe(200);
      return out.data;
    };
    const emails = async (query: string) => (await load(query)).users.map((u) => u.email);
    // newest first, as before
    expect(await emails(`?q=-${tag}@`)).toEqual([`marc-${tag}@example.fr`, `abel-${tag}@example.fr`, `zoe-${tag}@example.fr`]);
    expect(await emails(`?q=${encodeURIComponent(`zoé ${tag}`)}`)).toEqual([`zoe-${tag}@example.fr`]);
    expect(await emails(`?q=-${tag}@&role=editor&sort=email&dir=asc`)).toEqual([`marc-${tag}@example.fr`, `zoe-${tag}@example.fr`]);
    expect(await emails(`?q=-${tag}@&sort=username&dir=asc`)).toEqual([`abel-${tag}@example.fr`, `marc-${tag}@example.fr`, `zoe-${tag}@example.fr`]);
    expect(await emails(`?q=-${tag}@&role=chef`)).toHaveLength(3);
    const data = await load(`?q=-${tag}@&role=editor`);
    expect(data.q).toBe(`-${tag}@`);
    expect(data.query.filters).toEqual({ role: "editor" });
    expect((await load("?q=%25%25personne")).users).toEqual([]);
  });

  it("content blocks: searched on name, title and content, filtered by site page (contentPage) and type, by page then position by default", async () => {
    const names = async (query: string) => {
      const out = await callRoute(contentLoader, req(`/admin/content${query}`, { cookie }));
      expect(out.status).toBe(200);
      return out.data.blocks.map((b) => b.name) as string[];
    };
    // page, then position: the site's own order
    expect(await names(`?q=${tag}`)).toEqual([`a-story-${tag}`, `z-intro-${tag}`, `m-faq-${tag}`]);
    expect(await names(`?q=${tag}&contentPage=faq-${tag}`)).toEqual([`m-faq-${tag}`]);
    expect(await names(`?q=${tag}&type=html`)).toEqual([`a-story-${tag}`]);
    expect((await names(`?q=${encodeURIComponent("100% hist")}`)).filter((n) => n.endsWith(tag))).toEqual([`a-story-${tag}`]);
    expect(await names(`?q=${tag}&sort=name&dir=desc`)).toEqual([`z-intro-${tag}`, `m-faq-${tag}`, `a-story-${tag}`]);
    // a bad type or sort falls back; an unknown page shows nothing
    expect(await names(`?q=${tag}&type=video&sort=nope`)).toHaveLength(3);
    expect(await names(`?contentPage=inconnue-${tag}`)).toEqual([]);
  });
});
