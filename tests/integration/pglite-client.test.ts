import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { drizzle } from "drizzle-orm/pglite";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "#app/lib/db.server";
import { DRIZZLE_TEXT_TYPES, withoutDefaultParsers } from "#app/lib/pglite-client.server";
import { jobs } from "#db/schema";
import { createTestDatabase } from "#tests/helpers/db";

describe("withoutDefaultParsers", () => {
  const text = (v: string) => v;
  it("leaves out parsers that only repeat drizzle's text types", () => {
    const parsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, text]));
    expect(withoutDefaultParsers({ rowMode: "array", parsers })).toEqual({ rowMode: "array" });
  });
  it("passes on any other parser, and options without parsers, as they are", () => {
    const options = { rowMode: "array" as const, parsers: { 1114: text, 23: (v: string) => Number(v) * 2 } };
    expect(withoutDefaultParsers(options)).toBe(options);
    const plain = { rowMode: "object" as const };
    expect(withoutDefaultParsers(plain)).toBe(plain);
    expect(withoutDefaultParsers(undefined)).toBeUndefined();
  });
});

/**
 * The app's embedded database answers exactly as drizzle on a plain PGlite does (timestamps,
 * dates and intervals as drizzle maps them), and no query hands PGlite its own parsers:
 * PGlite spreads them over its ~380 defaults on every query.
 */
describe("the embedded database's drizzle client", () => {
  let database: Database;
  let plain: PGlite;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    plain = await PGlite.create("memory://");
  });
  afterAll(async () => {
    await database.close();
    await plain.close();
  });

  const probe = sql`select timestamp '2026-11-27 10:00:00.5' as ts, timestamptz '2026-11-27 10:00:00+01' as tstz,
    date '2026-11-27' as d, interval '1 day 2 hours' as i, array[1.5, 2]::numeric[] as nums,
    array[timestamptz '2026-01-01 00:00:00+00'] as tstzs, 42::int as n, true as b, '{"a":1}'::jsonb as j`;

  it("answers raw SQL as drizzle on a plain PGlite does, without passing parsers", async () => {
    const query = vi.spyOn(database.pglite!, "query");
    try {
      const ours = (await database.db.execute(probe)) as unknown as { rows: unknown[] };
      const reference = (await drizzle(plain).execute(probe)) as unknown as { rows: unknown[] };
      expect(ours.rows).toEqual(reference.rows);
      expect(ours.rows[0]).toMatchObject({ ts: "2026-11-27 10:00:00.5", d: "2026-11-27", i: "1 day 02:00:00", n: 42, b: true, j: { a: 1 } });
      expect(query).toHaveBeenCalled();
      for (const call of query.mock.calls) expect((call[2] as { parsers?: unknown } | undefined)?.parsers).toBeUndefined();
    } finally {
      query.mockRestore();
    }
  });

  it("maps typed columns (timestamps, numbers, JSON) in and out of a transaction", async () => {
    const runAt = new Date("2026-11-27T09:30:00.123Z");
    const id = await database.db.transaction(async (tx) => {
      await tx.execute(sql`savepoint probe`);
      const [row] = await tx.insert(jobs).values({ queue: "test.parsers", payload: { n: 1 }, runAt, priority: 7 }).returning({ id: jobs.id });
      await tx.execute(sql`release savepoint probe`);
      return row!.id;
    });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ queue: "test.parsers", payload: { n: 1 }, runAt, priority: 7, lockedUntil: null });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });
});
