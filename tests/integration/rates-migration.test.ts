import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/lib/db.server";
import { MIGRATIONS, migrationsUpTo } from "#tests/helpers/migrations";
import { createTestDatabase } from "#tests/helpers/db";

/**
 * Migration 0038_rates_from_programmes (issue #34 item 1, ADR 006): the hand-typed percentages
 * of brands and offers are kept in the audit log, then their columns go; programmes get a rate
 * base (excluding VAT and shipping by default) and a VAT rate (20 % by default).
 */
describe("rates from programmes (data migration)", () => {
  let database: Database;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase("pglite", { migrate: false });
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    await migrate(database.db as never, { migrationsFolder: migrationsUpTo("_session_notify") });
    const [typed] = await rows<{ id: string }>(sql`insert into brands (name, slug, cashback_percent) values ('Typée', 'typee', 8.5) returning id`);
    await rows(sql`insert into brands (name, slug) values ('Sans', 'sans')`);
    await rows(sql`insert into offers (brand_id, name, regular_price, cashback_percent) values (${typed.id}, 'Crème', '10€', 9), (${typed.id}, 'Rien', '5€', 0)`);
    await rows(sql`insert into affiliate_programs (brand_id, network, network_account_id, network_program_id, tracking_url_template) values (${typed.id}, 'awin', '1', '2', 'https://x.example/?c={CLICK_ID}')`);
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps each non-zero typed percentage in the audit log, then drops the columns", async () => {
    const audit = await rows<{ entity: string; actor_email: string; before: { name: string; cashbackPercent: number } }>(
      sql`select entity, actor_email, before from audit_log where actor_email = 'migration 0038_rates_from_programmes' order by entity`,
    );
    expect(audit.map((a) => [a.entity, a.before.name, Number(a.before.cashbackPercent)])).toEqual([
      ["brand", "Typée", 8.5],
      ["offer", "Crème", 9],
    ]);
    const columns = await rows<{ table_name: string }>(sql`select table_name from information_schema.columns where column_name = 'cashback_percent'`);
    expect(columns).toEqual([]);
  });

  it("gives existing programmes the networks' usual base: excluding VAT (20 %) and shipping", async () => {
    expect(await rows(sql`select rate_base_excludes_vat_and_shipping as excl, vat_rate_bps as vat from affiliate_programs`)).toEqual([{ excl: true, vat: 2000 }]);
  });
});
