import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "#app/lib/db.server";
import { newClickId } from "#app/modules/cashback/click-id";
import type { NetworkName } from "#app/modules/networks/networks";
import type { NormalisedRecord } from "#app/modules/networks/types";
import * as s from "#db/schema";

/** Builders for the import tests: members, programmes, click sessions and normalised records. */

export async function makeMember(db?: Db) {
  const d = db ?? (await getDb());
  const id = randomUUID();
  await d.insert(s.user).values({ id, name: "Membre", email: `import-${id}@example.fr` });
  return id;
}

export async function makeProgramme(network: NetworkName = "awin", options: { account?: string; programId?: string; shareBps?: number; declaredValidationDays?: number | null; db?: Db } = {}) {
  const d = options.db ?? (await getDb());
  const [p] = await d
    .insert(s.affiliatePrograms)
    .values({
      network,
      networkAccountId: options.account ?? "123456",
      networkProgramId: options.programId ?? String(Math.floor(Math.random() * 1e9)),
      trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=1&awinaffid=123456&clickref={CLICK_ID}&ued={DEST}",
      memberShareBps: options.shareBps ?? 7000,
      declaredValidationDays: options.declaredValidationDays ?? null,
    })
    .returning();
  return p;
}

export async function makeClick(userId: string, programId: string, options: { shareBps?: number; db?: Db } = {}) {
  const d = options.db ?? (await getDb());
  const clickId = newClickId();
  const [c] = await d
    .insert(s.clickSessions)
    .values({ clickId, userId, programId, destinationUrl: "https://www.example.fr/", rateSnapshot: { shareBps: options.shareBps ?? 7000, label: "Taux test 5 %", clickedAt: "2026-03-01T10:00:00.000Z" } })
    .returning();
  return c;
}

let seq = 0;
export function rec(over: Partial<NormalisedRecord> & { conversionKey?: string } = {}): NormalisedRecord {
  const key = over.conversionKey ?? `k${++seq}-${randomBytes(3).toString("hex")}`;
  const base: Omit<NormalisedRecord, "raw"> = {
    network: "awin",
    networkAccountId: "123456",
    networkProgramId: null,
    recordId: key,
    conversionKey: key,
    clickId: null,
    orderRef: `ORD-${key}`,
    status: "pending",
    networkStatusRaw: over.status ?? "pending",
    networkPaid: false,
    saleAmount: "100.00",
    commissionAmount: "10.00",
    currency: "EUR",
    transactionAt: new Date("2026-03-02T12:00:00Z"),
    clickAt: null,
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
    updatedAt: null,
    ...over,
  };
  // the raw record carries every field the network sent: a new state is a new raw version
  const raw = over.raw ?? JSON.parse(JSON.stringify({ ...base, raw: undefined }));
  return { ...base, raw };
}

/** Every row of the tables an import writes, to prove a replay wrote nothing. */
export async function importFootprint(db?: Db) {
  const d = db ?? (await getDb());
  const q = async (query: ReturnType<typeof sql>) => (await d.execute(query)).rows;
  return {
    records: await q(sql`select id, raw_hash from network_records order by id`),
    conversions: await q(sql`select id, version, raw_hash, status, commission_amount, user_id, last_changed_at, last_seen_at from conversions order by id`),
    changes: await q(sql`select count(*)::int as n from conversion_changes`),
    cashbacks: await q(sql`select id, status, amount_cents, updated_at from member_cashbacks order by id`),
    events: await q(sql`select count(*)::int as n from member_cashback_events`),
    operations: await q(sql`select count(*)::int as n from ledger_operations`),
    transfers: await q(sql`select count(*)::int as n from ledger_transfers`),
  };
}

export async function cashbackOf(conversionKey: string, db?: Db) {
  const d = db ?? (await getDb());
  const [conv] = await d.select().from(s.conversions).where(eq(s.conversions.conversionKey, conversionKey));
  const [cb] = conv ? await d.select().from(s.memberCashbacks).where(eq(s.memberCashbacks.conversionId, conv.id)) : [];
  return { conv, cb };
}
