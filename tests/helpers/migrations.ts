import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const MIGRATIONS = path.resolve(__dirname, "../../db/migrations");

/** A copy of db/migrations that stops after the migration whose tag ends with `lastTag`. */
export function migrationsUpTo(lastTag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"));
  const end = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(lastTag));
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  for (const e of journal.entries.slice(0, end + 1)) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
