import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDays } from "date-fns/addDays";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rateLimits, siteSettings, uploads } from "#db/schema";
import { CONTENT_TABLES, PAGE_TABLES, SESSION_TABLES } from "#app/lib/data-cache.server";
import { dataChanged, listenForDataChanges, onDataChange } from "#app/lib/data-changes.server";
import { openDatabase, setDatabase, type Database } from "#app/lib/db.server";
import { hitRateLimit } from "#app/lib/rate-limit.server";
import { deleteUpload, listUploads, readSharedUpload, saveGeneratedImage, saveImageUpload } from "#app/lib/storage.server";
import { purgeOrphanUploads } from "#app/modules/privacy/retention.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { startInProcessApp } from "#tests/helpers/app";
import { describeEachDb } from "#tests/helpers/db";

/** What several app servers on one PostgreSQL share (ADR 024); PGlite keeps its single-process ways. */
describeEachDb("shared state across app servers", ({ kind, database }) => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-shared-"));
  const png = () => sharp({ create: { width: 30, height: 20, channels: 3, background: "#0af" } }).png().toBuffer();
  const url = () => (database() as Database & { url?: string }).url;

  /** A second connection to the same database, as another app server has. */
  let other: Database | undefined;
  beforeAll(async () => {
    if (kind === "postgres") other = await openDatabase({ url: url(), migrate: false });
  });
  afterAll(async () => {
    await other?.close();
  });

  it(
    kind === "postgres"
      ? "stores an upload in the bytea table as well as under DATA_DIR; another server serves it with the immutable headers"
      : "keeps uploads as files under DATA_DIR only (one process): the table stays empty",
    async () => {
      const mine = dir();
      const { name, url: publicUrl } = await saveImageUpload({ buffer: await png(), originalName: "a.png" }, mine);
      const file = fs.readFileSync(path.join(mine, name));
      const rows = await database().db.select().from(uploads).where(eq(uploads.name, name));
      const app = await startInProcessApp(); // its own, empty uploads directory: another server
      try {
        const res = await fetch(`${app.base}${publicUrl}`);
        if (kind === "postgres") {
          expect(rows).toHaveLength(1);
          expect(rows[0].contentType).toBe("image/webp");
          expect(Buffer.from(rows[0].bytes).equals(file)).toBe(true);
          expect((await readSharedUpload(name))?.bytes.equals(file)).toBe(true);
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toBe("image/webp");
          expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
          expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
        } else {
          expect(rows).toHaveLength(0);
          expect(await readSharedUpload(name)).toBeNull();
          expect(res.status).toBe(404);
          await res.arrayBuffer();
        }
        // a name that is not a plain file name never reaches the table
        expect(await readSharedUpload("../etc/passwd")).toBeNull();
      } finally {
        await app.close();
      }
    },
  );

  it("deletes an upload from the files and the shared store; lists both; purges an orphan from both", async () => {
    const mine = dir();
    const elsewhere = dir(); // the directory of another server, which never had the file
    const { name, url: publicUrl } = await saveImageUpload({ buffer: await png(), originalName: "b.png" }, mine);
    const listed = (await listUploads(elsewhere)).map((f) => f.name);
    expect(listed.includes(name)).toBe(kind === "postgres");
    // a generated image stored twice (two servers seeding) is kept once, without error
    await saveGeneratedImage("seed-shared-test.webp", Buffer.from("x"), mine);
    await saveGeneratedImage("seed-shared-test.webp", Buffer.from("y"), elsewhere);
    const generated = await database().db.select().from(uploads).where(eq(uploads.name, "seed-shared-test.webp"));
    expect(generated.map((r) => Buffer.from(r.bytes).toString())).toEqual(kind === "postgres" ? ["x"] : []);

    expect(await deleteUpload(publicUrl, mine)).toBe(true);
    expect(fs.existsSync(path.join(mine, name))).toBe(false);
    expect(await database().db.select().from(uploads).where(eq(uploads.name, name))).toHaveLength(0);
    expect(await deleteUpload(publicUrl, mine)).toBe(false);

    // nothing references the generated image: the purge erases it everywhere (the table's own row is no reference)
    await purgeOrphanUploads(addDays(new Date(), 2), mine);
    expect(fs.existsSync(path.join(mine, "seed-shared-test.webp"))).toBe(false);
    expect(await database().db.select().from(uploads).where(eq(uploads.name, "seed-shared-test.webp"))).toHaveLength(0);
  });

  it("counts the hits of a rate limit together, whichever connection (server) they come from", async () => {
    const rule = { name: `shared-${kind}`, limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) {
      // on PostgreSQL alternate between two connections, as two servers would
      setDatabase(Promise.resolve(i % 2 && other ? other : database()));
      results.push((await hitRateLimit(rule, "198.51.100.1")).allowed);
    }
    setDatabase(Promise.resolve(database()));
    expect(results).toEqual([true, true, true, false]);
    const [row] = await database().db.select().from(rateLimits).where(eq(rateLimits.key, `shared-${kind}:198.51.100.1`));
    expect(row.count).toBe(4);
  });

  it("has the change-notifying trigger on every table a cache follows (content, pages, sessions)", async () => {
    const { rows } = (await database().db.execute(
      sql`select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid where p.proname = 'crevarde_notify_data_changed' and not t.tgisinternal`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const notifying = new Set(rows.map((r) => r.table_name));
    for (const table of [...CONTENT_TABLES, ...SESSION_TABLES, ...PAGE_TABLES]) expect(notifying, table).toContain(table);
    expect(PAGE_TABLES).not.toContain("code_feedback");
    expect(PAGE_TABLES).toHaveLength(CONTENT_TABLES.length - 1);
  });

  it("notifies a write to a content table at commit, not one to other tables, and empties the settings cache", async () => {
    const stop = await listenForDataChanges(database(), url());
    const seen: string[] = [];
    const off = onDataChange((table) => seen.push(table));
    try {
      const writer = other ?? database();
      expect(await getSetting("legal_publisher_name")).toBe("");
      // in a transaction: nothing is delivered before the commit
      await writer.db.transaction(async (tx) => {
        await tx.insert(siteSettings).values({ key: "legal_publisher_name", value: "Crevarde SAS" });
        await new Promise((r) => setTimeout(r, 200));
        expect(seen).toEqual([]);
      });
      await expect.poll(() => seen, { timeout: 60_000 }).toContain("site_settings");
      // the write went through another connection: only the notification tells this process
      expect(await getSetting("legal_publisher_name")).toBe("Crevarde SAS");
      seen.length = 0;
      await writer.db.insert(rateLimits).values({ key: `quiet-${kind}`, count: 1, resetAt: sql`now()` });
      await writer.db.update(siteSettings).set({ value: "Crevarde SA" }).where(eq(siteSettings.key, "legal_publisher_name"));
      await expect.poll(() => seen, { timeout: 60_000 }).toContain("site_settings");
      expect(seen).not.toContain("rate_limits");
    } finally {
      off();
      await stop();
    }
  });

  it("empties the micro-cache of anonymous pages on a data change", async () => {
    const app = await startInProcessApp({ pageCacheTtlMs: 60_000 });
    try {
      const get = async () => {
        const res = await fetch(`${app.base}/legal/mentions-legales`, { headers: { accept: "text/html" } });
        return { cache: res.headers.get("x-cache"), html: await res.text() };
      };
      await get();
      expect((await get()).cache).toBe("HIT");
      // a « Ça a marché ? » answer only drops the figures' cached read; the page keeps its TTL
      dataChanged("code_feedback");
      expect((await get()).cache).toBe("HIT");
      // nor does a sign-in, a sign-out or a profile edit: no anonymous page shows them (ADR 032)
      for (const table of ["session", "user", "profiles"]) dataChanged(table);
      expect((await get()).cache).toBe("HIT");
      dataChanged("site_settings");
      expect((await get()).cache).toBe("MISS");
      expect((await get()).cache).toBe("HIT");
    } finally {
      await app.close();
    }
  });
});
