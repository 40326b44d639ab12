import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase, type Database } from "#app/lib/db.server";
import { dbKinds } from "#tests/helpers/db";

const journal = JSON.parse(fs.readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};

async function appliedMigrations(database: Database) {
  const result = (await database.db.execute(
    sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
  )) as unknown as { rows: Array<{ hash: string; n: number }> };
  return result.rows;
}

async function withFreshServerDatabase(run: (url: string) => Promise<void>) {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `crevarde_migrate_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe("servers starting together on one fresh database", () => {
  for (const kind of dbKinds()) {
    if (kind === "postgres") {
      it("[postgres] all migrate successfully, one after the other: the journal has each migration once", async () => {
        for (let trial = 0; trial < 3; trial++) {
          await withFreshServerDatabase(async (url) => {
            const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url })));
            const databases = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
            try {
              expect(opened.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
              const applied = await appliedMigrations(databases[0]);
              expect(applied).toHaveLength(journal.entries.length);
              expect(applied.every((m) => m.n === 1)).toBe(true);
            } finally {
              await Promise.all(databases.map((d) => d.close()));
            }
          });
        }
      });
    } else {
      it("[pglite] exactly one opens the data directory, the others are refused: the journal has each migration once", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-migrate-"));
        const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ dataDir: dir })));
        const databases = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
        try {
          expect(databases).toHaveLength(1);
          for (const o of opened) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(DataDirLockedError);
          const applied = await appliedMigrations(databases[0]);
          expect(applied).toHaveLength(journal.entries.length);
          expect(applied.every((m) => m.n === 1)).toBe(true);
        } finally {
          await Promise.all(databases.map((d) => d.close()));
        }
      });
    }
  }
});
