import { and, eq, inArray, sql } from "drizzle-orm";
import { affiliatePrograms, clickSessions, conversionChanges, conversions, networkFetches, networkRecords, programRates, siteSettings } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { isNetwork, type NetworkName } from "#app/modules/networks/networks";
import { parseNetworkFile } from "#app/modules/networks/parse.server";
import type { ImportResult, NormalisedRecord, ParseResult, RejectedRecord } from "#app/modules/networks/types";
import type { LedgerTx } from "#app/modules/ledger/ledger.server";
import { DecimalError, toMicros } from "./decimal";
import { syncMemberCashback, type ConversionRow } from "./sync-member-cashback.server";
import { settleClaimsForConversion } from "#app/modules/claims/claim-lifecycle.server";
import { SETTING_DEFAULTS } from "#app/modules/settings/settings.server";
import { checkFileRepeats } from "./file-repeats";
import { implausibleCommission, type RateBound } from "./review";
import { canonicalJson, deserialiseRecord, rawHash, rollUp, serialiseRecord, sha256, STATUS_RANK, type RolledUp, type StoredVersion } from "./rollup";
import { conversionReviewStatus, conversionStatus, type ConversionReviewStatus } from "#db/states/conversion-status";

export interface ImportInput {
  records: NormalisedRecord[];
  source: "pull" | "push" | "manual";
  /** network_fetches.id the records came from */
  fetchId?: number | null;
  /** "system", "cli" or the admin's e-mail */
  actor: string;
}

/** Test and tooling options of an import (none is needed in production). */
export interface ImportOptions {
  /** the database to write to (default: the process database) */
  db?: Db;
  /** records per transaction (default and maximum 500) */
  pageSize?: number;
  /** called inside each page's transaction after its writes, before commit (crash tests) */
  beforeCommit?: (tx: LedgerTx, page: number) => Promise<void>;
}

const PAGE_SIZE = 500;

/** One record refused before import (bad amount, date, currency…), named as the parser names it. */
function validate(record: NormalisedRecord, index: number): RejectedRecord | null {
  const at = `enregistrement ${index + 1}${record?.recordId ? ` (${record.recordId})` : ""}`;
  const fail = (message: string) => ({ at, message });
  if (!record || typeof record !== "object") return fail("enregistrement vide");
  if (!isNetwork(record.network)) return fail(`réseau inconnu : « ${String(record.network)} »`);
  if (!record.networkAccountId) return fail("compte éditeur manquant");
  if (!record.recordId) return fail("identifiant d'enregistrement manquant");
  if (!record.conversionKey) return fail("clé de conversion manquante");
  if (!(record.status in STATUS_RANK)) return fail(`statut inconnu : « ${String(record.status)} »`);
  if (!/^[A-Z]{3}$/.test(record.currency ?? "")) return fail(`devise invalide : « ${String(record.currency)} »`);
  if (!(record.transactionAt instanceof Date) || Number.isNaN(record.transactionAt.getTime())) return fail("date de transaction invalide");
  for (const d of [record.clickAt, record.validatedAt, record.lockingAt, record.updatedAt]) {
    if (d !== null && d !== undefined && (!(d instanceof Date) || Number.isNaN(d.getTime()))) return fail("date invalide");
  }
  try {
    toMicros(String(record.commissionAmount));
    if (record.saleAmount !== null && record.saleAmount !== undefined) toMicros(String(record.saleAmount));
  } catch (error) {
    if (error instanceof DecimalError) return fail(error.message);
    throw error;
  }
  if (!record.raw || typeof record.raw !== "object") return fail("contenu brut manquant");
  return null;
}

/** The fields compared (and historised in conversion_changes) when a conversion changes. */
const TRACKED_FIELDS = [
  "status",
  "networkStatusRaw",
  "commissionAmount",
  "saleAmount",
  "currency",
  "networkPaid",
  "transactionAt",
  "validatedAt",
  "lockingAt",
  "declineReasonRaw",
  "reasonCode",
  "pushOnly",
  "clickId",
  "orderRef",
  "programId",
  "userId",
  "reviewStatus",
  "reviewReason",
] as const;

const jsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
const same = (a: unknown, b: unknown) => canonicalJson(jsonValue(a)) === canonicalJson(jsonValue(b));

const groupKey = (network: string, account: string) => `${network}|${account}`;

/**
 * Idempotent import (ADR 018): raw versions stored by hash, conversions
 * recomputed from all their records, change history, attribution through
 * the click id, member cashbacks and ledger operations, pages of ≤ 500 rows
 * in one transaction each. A replayed page writes nothing.
 *
 * Counters, per record: `unchanged` = this version was already stored
 * (nothing written for it); `inserted` = a new version that created its
 * conversion; `updated` = a new version of an existing conversion (which
 * may or may not change it: a status regression is stored but ignored).
 */
export async function importRecords(input: ImportInput, options: ImportOptions = {}): Promise<ImportResult> {
  const db = options.db ?? (await getDb());
  const pageSize = Math.max(1, Math.min(options.pageSize ?? PAGE_SIZE, PAGE_SIZE));
  const result: ImportResult = { rows: input.records.length, inserted: 0, updated: 0, unchanged: 0, rejected: [] };
  const valid: NormalisedRecord[] = [];
  input.records.forEach((record, i) => {
    const problem = validate(record, i);
    if (problem) result.rejected.push(problem);
    else valid.push(record);
  });
  for (let start = 0, page = 0; start < valid.length; start += pageSize, page++) {
    const counts = await db.transaction(async (tx) => {
      const c = await importPage(tx, valid.slice(start, start + pageSize), input);
      await options.beforeCommit?.(tx, page);
      return c;
    });
    result.inserted += counts.inserted;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
  }
  return result;
}

async function importPage(tx: LedgerTx, records: NormalisedRecord[], input: ImportInput) {
  // imports of one network account are serialised (CLI, admin upload and scheduled pull may overlap):
  // each page reads all the records of its conversions, so none may be added meanwhile
  const groups = new Map<string, { network: NetworkName; account: string; records: NormalisedRecord[] }>();
  for (const r of records) {
    const k = groupKey(r.network, r.networkAccountId);
    const g = groups.get(k) ?? { network: r.network, account: r.networkAccountId, records: [] };
    g.records.push(r);
    groups.set(k, g);
  }
  for (const k of [...groups.keys()].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`conversions.import:${k}`}))`);

  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const g of groups.values()) {
    const c = await importGroup(tx, g.network, g.account, g.records, input);
    counts.inserted += c.inserted;
    counts.updated += c.updated;
    counts.unchanged += c.unchanged;
  }
  return counts;
}

type Rolled = RolledUp;

/** What the attribution rule found for one network account's conversions. */
interface Attribution {
  /** a programme is configured for this network account (else: « compte inconnu », crediting nobody) */
  known: boolean;
  /** click id → its session, only for clicks on a programme of this network account */
  clicks: Map<string, { id: string; userId: string | null; programId: string }>;
  /** network programme id → our programme, on this network account */
  programmes: Map<string, string>;
  /** programme → its rates, for the plausibility check */
  rates: Map<string, Array<RateBound & { validFrom: Date; validTo: Date | null }>>;
}

/**
 * The one attribution rule of every import path (file, pull, push; ADR 039):
 * a conversion is attributed only when its network account is one configured
 * on a programme (affiliate_programs.network_account_id) of its network, and
 * through a click only when the click's programme is on that same account.
 */
async function resolveAttribution(tx: LedgerTx, network: NetworkName, account: string, rolled: Rolled[]): Promise<Attribution> {
  const [known] = await tx
    .select({ id: affiliatePrograms.id })
    .from(affiliatePrograms)
    .where(and(eq(affiliatePrograms.network, network), eq(affiliatePrograms.networkAccountId, account)))
    .limit(1);
  const attribution: Attribution = { known: !!known, clicks: new Map(), programmes: new Map(), rates: new Map() };
  if (!known) return attribution;
  const clickIds = [...new Set(rolled.map((r) => r.clickId).filter((c): c is string => !!c))];
  if (clickIds.length) {
    const clicks = await tx
      .select({ id: clickSessions.id, clickId: clickSessions.clickId, userId: clickSessions.userId, programId: clickSessions.programId })
      .from(clickSessions)
      .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, clickSessions.programId))
      .where(and(inArray(clickSessions.clickId, clickIds), eq(affiliatePrograms.network, network), eq(affiliatePrograms.networkAccountId, account)));
    for (const c of clicks) attribution.clicks.set(c.clickId, c);
  }
  const programIds = [...new Set(rolled.map((r) => r.networkProgramId).filter((p): p is string => !!p))];
  if (programIds.length) {
    const programmes = await tx
      .select({ id: affiliatePrograms.id, pid: affiliatePrograms.networkProgramId })
      .from(affiliatePrograms)
      .where(and(eq(affiliatePrograms.network, network), eq(affiliatePrograms.networkAccountId, account), inArray(affiliatePrograms.networkProgramId, programIds)));
    for (const p of programmes) attribution.programmes.set(p.pid, p.id);
  }
  const ids = [...new Set([...attribution.clicks.values()].map((c) => c.programId).concat([...attribution.programmes.values()]))];
  if (ids.length) {
    const rates = await tx
      .select({ programId: programRates.programId, percent: programRates.displayPercent, fixedCents: programRates.displayFixedCents, validFrom: programRates.validFrom, validTo: programRates.validTo })
      .from(programRates)
      .where(inArray(programRates.programId, ids));
    for (const r of rates) {
      const list = attribution.rates.get(r.programId) ?? [];
      list.push(r);
      attribution.rates.set(r.programId, list);
    }
  }
  return attribution;
}

/** The per-conversion ceiling (site setting, ADR 039), read in the import's transaction. */
async function reviewCeilingCents(tx: LedgerTx): Promise<number> {
  const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, "conversion_review_ceiling_cents"));
  const value = row?.value;
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : SETTING_DEFAULTS.conversion_review_ceiling_cents;
}

/**
 * Finance's review of a conversion of one of our accounts: held when the
 * commission is implausible (the programme's rates valid at the purchase,
 * the ceiling), unless finance already approved at least this commission.
 */
function reviewOf(
  r: Rolled,
  before: { reviewStatus: ConversionReviewStatus | null; reviewReason: string | null; reviewApprovedCommission: string | null } | null,
  rates: Array<RateBound & { validFrom: Date; validTo: Date | null }>,
  ceilingCents: number,
): { reviewStatus: ConversionReviewStatus | null; reviewReason: string | null } {
  const approved = before?.reviewStatus === conversionReviewStatus.is.approved && before.reviewApprovedCommission !== null ? before.reviewApprovedCommission : null;
  // finance's approval covers its amount and less; the reason it was held stays with it
  if (approved !== null && toMicros(r.commissionAmount) <= toMicros(approved)) return { reviewStatus: conversionReviewStatus.is.approved, reviewReason: before?.reviewReason ?? null };
  const at = r.transactionAt.getTime();
  const valid = rates.filter((rate) => rate.validFrom.getTime() <= at && (rate.validTo === null || at < rate.validTo.getTime()));
  const reason = implausibleCommission({ commission: r.commissionAmount, sale: r.saleAmount, currency: r.currency, rates: valid, ceilingCents });
  if (reason) return { reviewStatus: conversionReviewStatus.is.held, reviewReason: reason };
  return approved !== null ? { reviewStatus: conversionReviewStatus.is.approved, reviewReason: before?.reviewReason ?? null } : { reviewStatus: null, reviewReason: null };
}

async function importGroup(tx: LedgerTx, network: NetworkName, account: string, records: NormalisedRecord[], input: ImportInput) {
  // 1. raw versions: an identical replay conflicts and writes nothing
  const stored = await tx
    .insert(networkRecords)
    .values(
      records.map((r) => ({
        network,
        networkAccountId: account,
        recordId: r.recordId,
        conversionKey: r.conversionKey,
        raw: r.raw,
        normalised: serialiseRecord(r),
        rawHash: rawHash(r.raw),
        source: input.source,
        fetchId: input.fetchId ?? null,
      })),
    )
    .onConflictDoNothing({ target: [networkRecords.network, networkRecords.networkAccountId, networkRecords.recordId, networkRecords.rawHash] })
    .returning({ id: networkRecords.id, conversionKey: networkRecords.conversionKey, normalised: networkRecords.normalised });
  const counts = { inserted: 0, updated: 0, unchanged: records.length - stored.length };
  if (stored.length === 0) return counts;

  // 2. the touched conversions, locked, and all their records
  const keys = [...new Set(stored.map((s) => s.conversionKey))];
  const scope = and(eq(conversions.network, network), eq(conversions.networkAccountId, account), inArray(conversions.conversionKey, keys));
  const existing = new Map((await tx.select().from(conversions).where(scope).for("update")).map((c) => [c.conversionKey, c]));
  const all = await tx
    .select({ id: networkRecords.id, source: networkRecords.source, key: networkRecords.conversionKey, normalised: networkRecords.normalised })
    .from(networkRecords)
    .where(and(eq(networkRecords.network, network), eq(networkRecords.networkAccountId, account), inArray(networkRecords.conversionKey, keys)));
  const versions = new Map<string, StoredVersion[]>();
  for (const r of all) {
    if (!r.normalised) continue; // stored before normalised records were kept: nothing to recompute from
    const list = versions.get(r.key) ?? [];
    list.push({ id: r.id, source: r.source as StoredVersion["source"], record: deserialiseRecord(r.normalised) });
    versions.set(r.key, list);
  }
  for (const s of stored) {
    if (existing.has(s.conversionKey)) counts.updated++;
    else counts.inserted++;
  }

  // 3. recompute; regressions are stored but ignored, and logged as anomalies
  const rolled = new Map<string, RolledUp>();
  const anomalies: Array<{ key: string; from: string; to: string }> = [];
  for (const key of keys) {
    const list = versions.get(key);
    if (!list?.length) continue;
    rolled.set(key, rollUp(network, list));
    const before = existing.get(key);
    if (before) {
      for (const s of stored) {
        const status = (s.normalised as { status?: keyof typeof STATUS_RANK } | null)?.status;
        if (s.conversionKey === key && status && STATUS_RANK[status] < STATUS_RANK[before.status as keyof typeof STATUS_RANK]) anomalies.push({ key, from: before.status, to: status });
      }
    }
  }
  const changedKeys = keys.filter((k) => rolled.has(k) && rolled.get(k)!.rawHash !== existing.get(k)?.rawHash);

  // 4. attribution (ADR 039): only a conversion of one of our publisher accounts credits anyone, and a click
  // counts only when its programme is on this conversion's network account; then finance's plausibility check
  const attribution = await resolveAttribution(tx, network, account, changedKeys.map((k) => rolled.get(k)!));
  const ceilingCents = attribution.known ? await reviewCeilingCents(tx) : 0;

  const now = new Date();
  const rows = changedKeys.map((key) => {
    const r = rolled.get(key)!;
    const before = existing.get(key);
    const click = r.clickId ? attribution.clicks.get(r.clickId) : undefined;
    const { networkProgramId, rawHash: hash, ...fields } = r;
    const programId = click?.programId ?? (networkProgramId ? attribution.programmes.get(networkProgramId) : undefined) ?? before?.programId ?? null;
    // a change of status is one of the machine's moves (ADR 045), checked before anything is written
    if (before && before.status !== r.status) conversionStatus.transition(before.status, r.status);
    const review = attribution.known
      ? reviewOf(r, before ?? null, programId ? (attribution.rates.get(programId) ?? []) : [], ceilingCents)
      : { reviewStatus: conversionReviewStatus.is.unknown_account, reviewReason: null };
    return {
      network,
      networkAccountId: account,
      conversionKey: key,
      ...fields,
      programId,
      clickSessionId: before?.clickSessionId ?? click?.id ?? null,
      // a member set by hand (or by an earlier click match) is kept
      userId: before?.userId ?? click?.userId ?? null,
      ...review,
      firstCommissionAmount: r.commissionAmount,
      rawHash: hash,
      firstSeenAt: now,
      lastSeenAt: now,
      lastChangedAt: now,
    };
  });

  // 5. upsert: an unchanged recomputation (same hash) returns no row
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written: ConversionRow[] = rows.length
    ? await tx
        .insert(conversions)
        .values(rows)
        .onConflictDoUpdate({
          target: [conversions.network, conversions.networkAccountId, conversions.conversionKey],
          set: {
            programId: excluded("program_id"),
            clickId: excluded("click_id"),
            clickSessionId: excluded("click_session_id"),
            userId: excluded("user_id"),
            orderRef: excluded("order_ref"),
            networkStatusRaw: excluded("network_status_raw"),
            status: excluded("status"),
            networkPaid: excluded("network_paid"),
            saleAmount: excluded("sale_amount"),
            commissionAmount: excluded("commission_amount"),
            currency: excluded("currency"),
            transactionAt: excluded("transaction_at"),
            clickAt: excluded("click_at"),
            validatedAt: excluded("validated_at"),
            lockingAt: excluded("locking_at"),
            declineReasonRaw: excluded("decline_reason_raw"),
            reasonCode: excluded("reason_code"),
            pushOnly: excluded("push_only"),
            reviewStatus: excluded("review_status"),
            reviewReason: excluded("review_reason"),
            rawHash: excluded("raw_hash"),
            version: sql`${conversions.version} + 1`,
            lastSeenAt: excluded("last_seen_at"),
            lastChangedAt: excluded("last_changed_at"),
          },
          setWhere: sql`${conversions.rawHash} <> excluded.raw_hash`,
        })
        .returning()
    : [];

  // 6. history: one row per changed field (a "created" row for a new conversion), and the ignored regressions
  const changes: Array<typeof conversionChanges.$inferInsert> = [];
  for (const conv of written) {
    const before = existing.get(conv.conversionKey);
    if (!before) {
      changes.push({
        conversionId: conv.id,
        field: "created",
        old: null,
        new: { status: conv.status, commissionAmount: conv.commissionAmount, currency: conv.currency, ...(conv.reviewStatus ? { reviewStatus: conv.reviewStatus } : {}) },
        source: input.source,
      });
      continue;
    }
    for (const field of TRACKED_FIELDS) {
      if (!same(before[field], conv[field])) changes.push({ conversionId: conv.id, field, old: jsonValue(before[field]), new: jsonValue(conv[field]), source: input.source });
    }
  }
  for (const a of anomalies) {
    const conv = existing.get(a.key)!;
    logger.warn({ network, conversionKey: a.key, from: a.from, to: a.to }, "import: status regression ignored");
    changes.push({ conversionId: conv.id, field: "status_regression_ignored", old: a.from, new: a.to, source: input.source });
  }
  if (changes.length) await tx.insert(conversionChanges).values(changes);

  // 7. the members' side, with its ledger operations, in the same transaction
  const cause = input.source === "push" ? "push" : "import";
  for (const conv of written) {
    if (!conv.userId) continue;
    await syncMemberCashback(tx, conv, { cause, actor: "system:import" });
    // a missing-cashback claim for this order is answered by the conversion: accepted, or a dispute when declined
    await settleClaimsForConversion(tx, conv);
  }
  return counts;
}

/** A file that could not be imported at all (nothing readable in it). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

/** The rejected records as stored on network_fetches.error (one per line). */
const formatRejected = (rejected: RejectedRecord[]) => rejected.map((r) => `${r.at} : ${r.message}`).join("\n");

/** A network file (CLI, /admin/conversions): parse, import, record a network_fetches row. */
export async function importNetworkFile(
  input: { network: NetworkName; text: string; actor: string; networkAccountId?: string },
  options: ImportOptions & { parse?: (network: NetworkName, text: string, options: { networkAccountId?: string }) => ParseResult } = {},
): Promise<ImportResult & { fetchId: number }> {
  const db = options.db ?? (await getDb());
  const [fetch] = await db
    .insert(networkFetches)
    .values({ network: input.network, networkAccountId: input.networkAccountId ?? null, job: "file", actor: input.actor, bodySha256: sha256(input.text) })
    .returning({ id: networkFetches.id });
  const finish = (values: Partial<typeof networkFetches.$inferInsert>) => db.update(networkFetches).set({ finishedAt: new Date(), ...values }).where(eq(networkFetches.id, fetch.id));
  let parsed: ParseResult;
  try {
    parsed = (options.parse ?? parseNetworkFile)(input.network, input.text, { networkAccountId: input.networkAccountId });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finish({ error: message });
    throw new ImportFileError(`Fichier illisible : ${message}`);
  }
  // a record id repeated with different content refuses the whole file (ADR 039); exact repeats count once
  const rows = parsed.records.length + parsed.rejected.length;
  const repeats = checkFileRepeats(parsed);
  if (!repeats.ok) {
    await finish({ rows, error: repeats.message });
    throw new ImportFileError(repeats.message);
  }
  parsed = repeats.parsed;
  try {
    const result = await importRecords({ records: parsed.records, source: "manual", fetchId: fetch.id, actor: input.actor }, options);
    const rejected = [...parsed.rejected, ...result.rejected];
    await finish({ rows, inserted: result.inserted, updated: result.updated, unchanged: result.unchanged, rejected: rejected.length, error: rejected.length ? formatRejected(rejected) : null });
    return { ...result, rows, rejected, fetchId: fetch.id };
  } catch (error) {
    await finish({ error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
