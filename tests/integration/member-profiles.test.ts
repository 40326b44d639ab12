import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { loader as memberLoader, meta as memberMeta } from "#app/routes/members.$pseudo";
import { loader as dealsLoader } from "#app/routes/coup-de-crevarde";
import { loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { action as authAction } from "#app/routes/auth";
import { action as profileAction } from "#app/routes/profile";
import { action as usersAction } from "#app/routes/admin/users";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { isReservedPageSlug } from "#app/modules/pages/reserved-slugs.server";
import { NEW_DEAL_WINDOW_MS } from "#app/modules/deals/deal-rules";
import { createUser, req, signedInUser } from "#tests/helpers/auth";
import { createTestDatabase, dbKinds, describeEachDb } from "#tests/helpers/db";
import { MIGRATIONS, migrationsUpTo } from "#tests/helpers/migrations";
import { callMeta, callRoute } from "#tests/helpers/route";

const OLD = new Date(Date.now() - 3 * NEW_DEAL_WINDOW_MS);

describeEachDb("member public pages (/membres/:pseudo)", ({ database }) => {
  const newDeal = async (authorId: string | null, values: Partial<typeof s.crevardeDeals.$inferInsert> = {}) =>
    (
      await database()
        .db.insert(s.crevardeDeals)
        .values({
          title: `Deal ${randomUUID().slice(0, 6)}`,
          description: "Un bon plan.",
          price: "9,99€",
          source: "temu",
          badgeText: "Deal membre",
          ctaText: "Voir le deal",
          url: "https://profil.example/p",
          authorId,
          status: "published",
          publishedAt: OLD,
          ...values,
        })
        .returning()
    )[0];
  const page = (pseudo: string, query = "", cookie?: string) => callRoute(memberLoader, req(`/membres/${encodeURIComponent(pseudo)}${query}`, { cookie }), { pseudo });

  it("shows the published deals, their temperature total, the vote weight, the badges and the month joined; no e-mail", async () => {
    const member = await createUser({ username: "Zoé Profil", email: "zoe.profil@example.fr" });
    await database().db.update(s.user).set({ createdAt: new Date("2026-01-15T10:00:00Z") }).where(eq(s.user.id, member.id));
    const hot = await newDeal(member.id, { temperature: 120, title: "Casque hot" });
    await newDeal(member.id, { temperature: 30 });
    // not counted: pending, removed, or still new (temperature hidden)
    await newDeal(member.id, { status: "pending_review", publishedAt: null, title: "En attente" });
    await newDeal(member.id, { status: "removed", temperature: 900, title: "Retiré" });
    await newDeal(member.id, { temperature: 400, publishedAt: new Date(), title: "Tout neuf" });
    const res = await page("Zoé Profil");
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      username: "Zoé Profil",
      memberSince: "janvier 2026",
      publishedDeals: 3,
      temperatureTotal: 150,
      voteWeight: 1,
      hasNext: false,
    });
    expect(res.data.badges.map((b) => b.label)).toEqual(["Premier deal hot", "Premier deal"]);
    expect(res.data.deals.map((d) => d.title)).not.toContain("En attente");
    expect(res.data.deals.map((d) => d.title)).not.toContain("Retiré");
    expect(res.data.deals.find((d) => d.id === hot.id)).toMatchObject({ authorName: "Zoé Profil", heat: { temperature: 120 } });
    expect(JSON.stringify(res.data)).not.toContain("zoe.profil@example.fr");
    expect(JSON.stringify(res.data)).not.toContain(member.id);
    const tags = callMeta(memberMeta, { data: res.data, matches: [], location: { pathname: "/membres/Zo%C3%A9%20Profil" } });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("is found whatever the case (301 to the pseudo as spelled), 404 for unknown pseudos", async () => {
    await createUser({ username: "CasseMixte" });
    const res = await page("cassemixte", "?page=2");
    expect(res.status).toBe(301);
    expect(res.location).toBe("/membres/CasseMixte?page=2");
    expect((await page("personne-de-ce-nom")).status).toBe(404);
  });

  it("paginates and is noindex without published deals", async () => {
    const empty = await createUser({ username: "Sans Deal" });
    const res = await page("Sans Deal");
    expect(res.data).toMatchObject({ publishedDeals: 0, deals: [], badges: [] });
    const tags = callMeta(memberMeta, { data: res.data, matches: [], location: { pathname: "/membres/Sans%20Deal" } });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(empty.id).toBeTruthy();

    const prolific = await createUser({ username: "Prolifique" });
    for (let i = 0; i < 25; i++) await newDeal(prolific.id, { temperature: 60, publishedAt: new Date(OLD.getTime() - i * 1000) });
    const first = await page("Prolifique");
    expect(first.data.deals).toHaveLength(24);
    expect(first.data.hasNext).toBe(true);
    expect(first.data.badges.map((b) => b.id)).toEqual(["trusted_poster", "first_deal"]);
    const second = await page("Prolifique", "?page=2");
    expect(second.data.deals).toHaveLength(1);
    expect(second.data.hasNext).toBe(false);
  });

  it("the sitemap lists the members with published deals only; « membres » is a reserved page slug", async () => {
    const poster = await createUser({ username: "Posteuse Sitemap" });
    await createUser({ username: "Muette Sitemap" });
    await newDeal(poster.id);
    const paths = (await sitemapEntries("Crevarde")).map((e) => e.path);
    expect(paths).toContain("/membres/Posteuse%20Sitemap");
    expect(paths).not.toContain("/membres/Muette%20Sitemap");
    expect(isReservedPageSlug("membres")).toBe(true);
  });

  it("list cards and the deal page name the author; the editors' deals name nobody", async () => {
    const author = await createUser({ username: "Autrice Carte" });
    const deal = await newDeal(author.id, { title: "Carte auteur unique" });
    const editorial = await newDeal(null, { title: "Carte éditoriale unique" });
    const list = await callRoute(dealsLoader, req("/coup-de-crevarde?tab=nouveaux"));
    const cards = list.data.deals;
    expect(cards.find((d) => d.id === deal.id)).toMatchObject({ authorName: "Autrice Carte" });
    expect(cards.find((d) => d.id === editorial.id)).toMatchObject({ authorName: null });
    expect(cards.find((d) => d.id === deal.id)).not.toHaveProperty("authorId");
    const one = await callRoute(dealLoader, req(`/coup-de-crevarde/${deal.id}`), { id: deal.id });
    expect(one.data.deal.authorName).toBe("Autrice Carte");
  });

  it("a pseudo is unique whatever its case: sign-up, profile and back office answer 409 in French", async () => {
    await createUser({ username: "Unique" });
    const signup = await callRoute(authAction, req("/auth", { form: { intent: "signup", username: "UNIQUE", email: "autre.unique@example.fr", password: "Rouge-gorge 2025" } }), {}, { clientIp: "192.0.2.91" });
    expect(signup.status).toBe(409);
    expect(JSON.stringify(signup.data)).toContain("Ce pseudo est déjà pris. Choisis-en un autre.");
    expect(await database().db.select().from(s.user).where(eq(s.user.email, "autre.unique@example.fr"))).toEqual([]);

    const member = await signedInUser({ username: "Libre" });
    const taken = await callRoute(profileAction, req("/profile", { form: { intent: "profile", username: "unique" }, cookie: member.cookie }));
    expect(taken.status).toBe(409);
    expect(taken.data.result?.error?.username).toEqual(["Ce pseudo est déjà pris. Choisis-en un autre."]);
    // the member's own pseudo in another case is fine
    expect((await callRoute(profileAction, req("/profile", { form: { intent: "profile", username: "LIBRE" }, cookie: member.cookie }))).location).toBe("/profile");

    const admin = await signedInUser({ role: "admin", username: "Admin Pseudo" });
    const save = await callRoute(usersAction, req("/admin/users", { form: { intent: "save", id: member.id, role: "user", username: "Unique" }, cookie: admin.cookie }));
    expect(save.status).toBe(409);
    expect(JSON.stringify(save.data)).toContain("Ce pseudo est déjà pris");
  });

  it("the database refuses a second pseudo in another case, and a sign-up whose pseudo was taken meanwhile gets none", async () => {
    const db = database().db;
    await createUser({ username: "Doublon" });
    await expect(db.insert(s.profiles).values({ id: (await createUser()).id, email: "x@example.fr", username: "doublon" }).onConflictDoUpdate({ target: s.profiles.id, set: { username: "doublon" } })).rejects.toThrow();
    const id = randomUUID();
    await db.insert(s.user).values({ id, name: "DOUBLON", email: `course-${id.slice(0, 6)}@example.fr` });
    const [profile] = await db.select().from(s.profiles).where(eq(s.profiles.id, id));
    expect(profile.username).toBeNull();
    expect((await page("DOUBLON")).location).toBe("/membres/Doublon");
  });
});

async function migrate(database: Database, folder: string) {
  if (database.kind === "pglite") await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db, { migrationsFolder: folder });
}

for (const kind of dbKinds()) {
  describe(`existing duplicate pseudos get a suffix (migration deal_trust) [${kind}]`, () => {
    let database: Database;
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    beforeAll(async () => {
      database = await createTestDatabase(kind, { migrate: false });
      await database.db.execute(sql`create extension if not exists pg_trgm`);
      await migrate(database, migrationsUpTo("_deals_published_index"));
      const add = async (id: string, name: string, createdAt: string) => {
        await database.db.execute(sql`insert into "user" (id, name, email, created_at) values (${id}, ${name}, ${`${id}@example.fr`}, ${createdAt})`);
        await database.db.execute(sql`update profiles set username = ${name}, created_at = ${createdAt} where id = ${id}`);
      };
      await add("a", "Léa", "2026-01-01");
      await add("b", "léa", "2026-02-01");
      await add("c", "LÉA", "2026-03-01");
      await add("d", "Léa-2", "2026-04-01");
      await add("e", "  ", "2026-05-01");
      await migrate(database, MIGRATIONS);
    });
    afterAll(async () => database?.close());

    it("the oldest keeps the pseudo, the others get the first free suffix in creation order; blanks become null", async () => {
      const got = await rows<{ id: string; username: string | null; name: string }>(
        sql`select p.id, p.username, u.name from profiles p join "user" u on u.id = p.id order by p.id`,
      );
      expect(got.map((r) => [r.id, r.username])).toEqual([
        ["a", "Léa"],
        ["b", "léa-3"],
        ["c", "LÉA-4"],
        ["d", "Léa-2"],
        ["e", null],
      ]);
      expect(got.find((r) => r.id === "b")?.name).toBe("léa-3");
    });
  });
}
