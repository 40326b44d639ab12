import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backup, restore } from "#app/lib/backup.server";
import { openDatabase, type Database } from "#app/lib/db.server";
import { seed } from "#app/seed/index";
import { dbKinds, openMigratedDataDir } from "#tests/helpers/db";

const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));

async function counts(database: Database) {
  const r = (await database.db.execute(
    sql`select (select count(*) from brands)::int as brands, (select count(*) from promo_codes)::int as codes,
        (select count(*) from crevarde_deals)::int as deals, (select count(*) from blog_articles)::int as articles,
        (select count(*) from "user")::int as users, (select count(*) from content_blocks)::int as blocks`,
  )) as unknown as { rows: Array<Record<string, number>> };
  return r.rows[0];
}

describe("backup and restore", () => {
  it("round-trips the demo data on PGlite", async () => {
    const dir = tmp("crevarde-bk-");
    const db = await openMigratedDataDir(dir);
    await seed(db.db, { uploadsDir: path.join(dir, "uploads") });
    const before = await counts(db);
    await db.close();
    const file = path.join(tmp("crevarde-bkfile-"), "backup.tar.gz");
    await backup({ dataDir: dir, file });
    const target = tmp("crevarde-restore-");
    await restore({ dataDir: target, file });
    const restored = await openDatabase({ dataDir: target });
    expect(await counts(restored)).toEqual(before);
    await restored.close();
    await expect(restore({ dataDir: target, file })).rejects.toThrow(/not empty/);
  });

  // only when a PostgreSQL server is configured for the suite
  for (const _ of dbKinds().filter((k) => k === "postgres")) it("round-trips the demo data on PostgreSQL", async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const names = [`crevarde_bk_${randomBytes(4).toString("hex")}`, `crevarde_rs_${randomBytes(4).toString("hex")}`];
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const n of names) await admin.query(`create database ${n}`);
    const urlFor = (n: string) => {
      const u = new URL(base);
      u.pathname = `/${n}`;
      return u.toString();
    };
    try {
      const source = await openDatabase({ url: urlFor(names[0]) });
      await seed(source.db, { uploadsDir: tmp("crevarde-bkup-") });
      const before = await counts(source);
      await source.close();
      const file = path.join(tmp("crevarde-bkfile-"), "backup.dump");
      await backup({ url: urlFor(names[0]), dataDir: "", file });
      await restore({ url: urlFor(names[1]), dataDir: "", file });
      const restored = await openDatabase({ url: urlFor(names[1]) });
      expect(await counts(restored)).toEqual(before);
      await restored.close();
    } finally {
      for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
      await admin.end();
    }
  });
});
