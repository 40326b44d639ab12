import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/lib/db.server";
import { categorySlugBase } from "#app/modules/categories/category-refs.server";
import { MIGRATIONS, migrationsUpTo } from "#tests/helpers/migrations";
import { createTestDatabase, dbKinds } from "#tests/helpers/db";


async function migrate(database: Database, folder: string) {
  if (database.kind === "pglite") await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db, { migrationsFolder: folder });
}

/** Category names as editors typed them: accents, case, punctuation, "_", "-", spaces, emoji. */
const typedNames = fc.sample(
  fc.array(fc.constantFrom(..."aeÉéèÀçÇôÖüÿñÅ", ..."Zbx09", " ", "  ", "-", "_", "&", "'", "!", ".", "🎉", "€", "œ"), { minLength: 1, maxLength: 24 }).map((a) => a.join("")),
  { numRuns: 80, seed: 20261123 },
);

for (const kind of dbKinds()) {
  describe(`category names become category ids (backfill migration) [${kind}]`, () => {
    let database: Database;
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

    beforeAll(async () => {
      database = await createTestDatabase(kind, { migrate: false });
      await database.db.execute(sql`create extension if not exists pg_trgm`);
      // the schema as it was: brands, codes and offers name their category
      await migrate(database, migrationsUpTo("_category_refs"));
      const db = database.db;
      await db.execute(sql`insert into categories (name, slug) values ('Soin du visage', 'soin-du-visage'), ('Mode', 'mode')`);
      const brand = async (slug: string, category: string | null) =>
        (await rows<{ id: string }>(sql`insert into brands (name, slug, category) values (${slug}, ${slug}, ${category}) returning id`))[0].id;
      const caudalie = await brand("caudalie", "Soin du visage");
      await brand("avene", "soin du visage");
      await brand("sezane", "  Mode ");
      await brand("sephora", "Maquillage");
      await brand("kiko", "MAQUILLAGE");
      await brand("bang", "Soin-du-visage!");
      await brand("vide", "");
      await brand("aucune", null);
      for (const [i, name] of typedNames.entries()) await brand(`gen-${i}`, name);
      await db.execute(sql`insert into promo_codes (brand_id, code, discount_amount, category) values
        (${caudalie}, 'PARFUM10', '10%', 'Parfum & Co'), (${caudalie}, 'SANS', '5%', null), (${caudalie}, 'SOIN', '5%', 'Soin du visage')`);
      await db.execute(sql`insert into offers (brand_id, name, regular_price, cashback_percent, category) values
        (${caudalie}, 'Robe', '10€', 5, 'Mode'), (${caudalie}, 'Cadeau', '10€', 5, '🎁'), (${caudalie}, 'Rien', '10€', 5, null)`);
      // then the rest: backfill, text columns dropped
      await migrate(database, MIGRATIONS);
    });
    afterAll(async () => {
      await database?.close();
    });

    const categoryOf = async (table: "brands" | "promo_codes" | "offers", where: ReturnType<typeof sql>) =>
      (
        await rows<{ name: string | null; slug: string | null }>(
          sql`select c.name, c.slug from ${sql.identifier(table)} t left join categories c on c.id = t.category_id where ${where}`,
        )
      )[0];

    it("reuses the existing categories (exact name, other case, spaces around)", async () => {
      for (const slug of ["caudalie", "avene"]) expect(await categoryOf("brands", sql`t.slug = ${slug}`)).toEqual({ name: "Soin du visage", slug: "soin-du-visage" });
      expect(await categoryOf("brands", sql`t.slug = 'sezane'`)).toEqual({ name: "Mode", slug: "mode" });
      expect(await categoryOf("offers", sql`t.name = 'Robe'`)).toEqual({ name: "Mode", slug: "mode" });
      expect(await categoryOf("promo_codes", sql`t.code = 'SOIN'`)).toEqual({ name: "Soin du visage", slug: "soin-du-visage" });
    });

    it("creates one category per missing name, whatever its case, with a unique slug", async () => {
      const sephora = await categoryOf("brands", sql`t.slug = 'sephora'`);
      expect(await categoryOf("brands", sql`t.slug = 'kiko'`)).toEqual(sephora);
      expect(sephora.slug).toBe("maquillage");
      expect(await categoryOf("brands", sql`t.slug = 'bang'`)).toEqual({ name: "Soin-du-visage!", slug: "soin-du-visage-2" });
      expect(await categoryOf("promo_codes", sql`t.code = 'PARFUM10'`)).toEqual({ name: "Parfum & Co", slug: "parfum-co" });
      expect((await categoryOf("offers", sql`t.name = 'Cadeau'`)).name).toBe("🎁");
      expect((await categoryOf("offers", sql`t.name = 'Cadeau'`)).slug).toMatch(/^categorie(-\d+)?$/);
    });

    it("leaves rows without a name without a category", async () => {
      for (const slug of ["vide", "aucune"]) expect(await categoryOf("brands", sql`t.slug = ${slug}`)).toEqual({ name: null, slug: null });
      expect(await categoryOf("promo_codes", sql`t.code = 'SANS'`)).toEqual({ name: null, slug: null });
      expect(await categoryOf("offers", sql`t.name = 'Rien'`)).toEqual({ name: null, slug: null });
    });

    it("derives every slug like the back office does (generated names)", async () => {
      for (const [i, typed] of typedNames.entries()) {
        const c = await categoryOf("brands", sql`t.slug = ${`gen-${i}`}`);
        if (!typed.trim()) {
          expect(c.name, JSON.stringify(typed)).toBeNull();
          continue;
        }
        expect(c.name!.toLowerCase(), JSON.stringify(typed)).toBe(typed.trim().toLowerCase());
        const base = categorySlugBase(c.name!);
        expect(c.slug === base || new RegExp(`^${base}-\\d+$`).test(c.slug!), `${JSON.stringify(c.name)} → ${c.slug}, expected ${base}`).toBe(true);
      }
      const slugs = await rows<{ slug: string }>(sql`select slug from categories`);
      expect(new Set(slugs.map((r) => r.slug)).size).toBe(slugs.length);
      for (const { slug } of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    });

    it("drops the old text columns and the temporary slug function", async () => {
      const columns = await rows<{ table_name: string }>(
        sql`select table_name from information_schema.columns where column_name = 'category' and table_name in ('brands', 'promo_codes', 'offers')`,
      );
      expect(columns).toEqual([]);
      expect(await rows(sql`select 1 from pg_proc where proname = 'category_slug_backfill'`)).toEqual([]);
    });
  });
}
