import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase, dbKinds } from "#tests/helpers/db";

const root = path.resolve(import.meta.dirname, "../..");
/** One CLI run; its timeout guards a hang (on one loaded core a run took more than a minute). */
const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/conversions-import.ts", ...args], { cwd: root, encoding: "utf8", env: { ...process.env, ...env }, timeout: 280_000 });

describe("npm run conversions:import", () => {
  it("refuses the embedded database (the site holds it) and points to /admin/conversions", () => {
    const r = run(["--network", "awin", "--file", "whatever.json"], { DATABASE_URL: "" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Importe le fichier depuis /admin/conversions");
    expect(r.stderr).toContain("DATABASE_URL is not set");
  });

  it("names the expected arguments and refuses an unknown network", () => {
    const missing = run(["--network", "awin"], { DATABASE_URL: "" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Usage : npm run conversions:import -- --network <awin|");
    const unknown = run(["--network", "zanox", "--file", "x.json"], { DATABASE_URL: "" });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Réseau inconnu : « zanox »");
  });
});

// the CLI works against a PostgreSQL server (the embedded database is the site's alone): run where the suite has one
for (const kind of dbKinds().filter((k) => k === "postgres")) {
  describe(`npm run conversions:import against ${kind}`, () => {
    it("imports an Awin file, then a replay of it changes nothing", async () => {
      const database = await createTestDatabase(kind);
      try {
        const file = path.join(root, "tests/fixtures/networks/awin-transactions.json");
        const first = run(["--network", "awin", "--file", file], { DATABASE_URL: database.url! });
        expect(first.stderr).not.toContain("Error");
        const counts = /awin : (\d+) lignes \(rows\), (\d+) nouvelles \(inserted\), (\d+) mises à jour \(updated\), (\d+) inchangées \(unchanged\), (\d+) rejetées/.exec(first.stdout);
        expect(counts, first.stdout + first.stderr).not.toBeNull();
        const [rows, inserted, , , rejected] = counts!.slice(1).map(Number);
        expect(inserted).toBeGreaterThan(0);
        // the fixture's deliberately bad records are named, the others imported (exit 1 when any is rejected)
        expect(first.status).toBe(rejected > 0 ? 1 : 0);
        const stored = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from conversions where network = 'awin'`);
        expect(stored.rows[0].n).toBeGreaterThan(0);
        const replay = run(["--network", "awin", "--file", file], { DATABASE_URL: database.url! });
        expect(replay.stdout).toContain(`awin : ${rows} lignes (rows), 0 nouvelles (inserted), 0 mises à jour (updated)`);
        const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from conversions where network = 'awin'`);
        expect(after.rows[0].n).toBe(stored.rows[0].n);
      } finally {
        await database.close();
      }
      // a hang guard, not a budget: two CLI runs on one loaded core took more than the default
    }, 900_000);
  });
}
