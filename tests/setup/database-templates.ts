/**
 * Vitest's global setup: the migrations run once, into a template that every
 * suite clones (tests/helpers/db.ts). Opening a fresh database and migrating it
 * costs several seconds on PGlite; loading a dump of a migrated one skips both
 * initdb and the migrations. On PostgreSQL, `CREATE DATABASE … TEMPLATE` copies
 * the migrated template. Both are named after the migrations and the PGlite
 * version, so the two Vitest projects (vitest.config.ts) share them and the
 * next run reuses them.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "#app/lib/db.server";
import { MIGRATIONS } from "#tests/helpers/migrations";

declare module "vitest" {
  export interface ProvidedContext {
    /** a dump (tar) of a migrated PGlite data directory */
    pgliteTemplate: string;
    /** the migrated template database on the TEST_DATABASE_URL server, when set */
    postgresTemplate: string | null;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** What a template depends on: every migration file and the PGlite version. */
function templateKey(): string {
  const hash = createHash("sha256");
  const files = fs.readdirSync(MIGRATIONS, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(JSON.parse(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  return hash.digest("hex").slice(0, 16);
}

async function pgliteTemplate(key: string): Promise<string> {
  const dir = path.join(os.tmpdir(), "crevarde-test-templates");
  const dump = path.join(dir, `pglite-${key}.tar`);
  if (fs.existsSync(dump)) return dump;
  fs.mkdirSync(dir, { recursive: true });
  const embedded = await openDatabase({ dataDir: "memory://" });
  try {
    const blob = await embedded.pglite!.dumpDataDir("none");
    // written whole, then renamed: a run never reads half a dump
    const partial = `${dump}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, dump);
  } finally {
    await embedded.close();
  }
  return dump;
}

/** how long a template of other migrations is kept after its last use */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

async function postgresTemplate(base: string, key: string): Promise<string> {
  const name = `crevarde_template_${key}`;
  // one setup makes it, under an advisory lock held by this connection; the other finds it
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query("select pg_advisory_lock(hashtext($1))", [name]);
    try {
      // Templates of other migrations unused for a day are dropped; a younger one may belong to a run
      // of another checkout on the same server. Each template's comment holds when it was last used.
      const others = await c.query<{ datname: string }>(
        `select datname from pg_database
          where datname like 'crevarde\\_template\\_%' and datname <> $1
            and coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2`,
        [name, Date.now() - STALE_TEMPLATE_MS],
      );
      for (const { datname } of others.rows) await c.query(`drop database if exists ${datname} with (force)`);
      const found = await c.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) {
        await c.query(`comment on database ${name} is '${Date.now()}'`);
        return name;
      }
      await c.query(`create database ${name}`);
      await c.query(`comment on database ${name} is '${Date.now()}'`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        await (await openDatabase({ url: url.toString() })).close();
      } catch (error) {
        await c.query(`drop database if exists ${name} with (force)`);
        throw error;
      }
    } finally {
      await c.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  } finally {
    await c.end();
  }
  return name;
}

export default async function setup(project: TestProject) {
  const key = templateKey();
  project.provide("pgliteTemplate", await pgliteTemplate(key));
  const base = process.env.TEST_DATABASE_URL;
  const template = base ? await postgresTemplate(base, key) : null;
  project.provide("postgresTemplate", template);
}
