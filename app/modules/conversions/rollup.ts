import { createHash } from "node:crypto";
import type { NetworkName } from "#app/modules/networks/networks";
import type { ConversionStatus, NormalisedRecord } from "#app/modules/networks/types";
import { reasonCodeFor } from "#app/modules/cashback/reasons";
import { fromMicros, toMicros } from "./decimal";
import { conversionStatus } from "#db/states/conversion-status";

/**
 * Rolling a purchase's network records up into one conversion (ADR 018, Rollup):
 * a pure function of the SET of stored record versions, so the order in
 * which pages arrive, and replays, do not change the result.
 */

/** JSON with object keys sorted at every level (Dates as ISO text). */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  return JSON.stringify(value);
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** network_records.raw_hash: sha256 of the canonical JSON of the record as received. */
export const rawHash = (raw: Record<string, unknown>) => sha256(canonicalJson(raw));

/** Networks whose records are summed into one purchase (CJ corrections, Rakuten items and returns). */
const SUMMED_NETWORKS: ReadonlySet<NetworkName> = new Set(["cj", "rakuten"]);

/**
 * How far along a status is. A lower status arriving after a higher one is a
 * regression and is ignored (approved → pending); approved → declined is a
 * reversal. CJ's documented moves (NEW → EXTENDED, both pending; LOCKED →
 * CLOSED, both approved) stay within one rank.
 */
export const STATUS_RANK = Object.fromEntries(conversionStatus.states.map((s, i) => [s, i])) as Record<ConversionStatus, number>;

/** One stored version of a record, as the rollup reads it. */
export interface StoredVersion {
  /** network_records.id: arrival order, the last tie-breaker */
  id: number;
  source: "pull" | "push" | "manual";
  record: Omit<NormalisedRecord, "raw">;
}

/** The record-derived fields of a conversion (exact numeric text with 6 decimals). */
export interface RolledUp {
  networkProgramId: string | null;
  clickId: string | null;
  orderRef: string | null;
  networkStatusRaw: string;
  status: ConversionStatus;
  networkPaid: boolean;
  saleAmount: string | null;
  commissionAmount: string;
  currency: string;
  transactionAt: Date;
  clickAt: Date | null;
  validatedAt: Date | null;
  lockingAt: Date | null;
  declineReasonRaw: string | null;
  reasonCode: string | null;
  pushOnly: boolean;
  /** sha256 of the canonical JSON of the fields above */
  rawHash: string;
}

const time = (d: Date | null | undefined) => (d ? d.getTime() : Number.NEGATIVE_INFINITY);

/** Ordering of versions: status rank, then the network's change date, then arrival. */
function compareVersions(a: StoredVersion, b: StoredVersion): number {
  return (
    STATUS_RANK[a.record.status] - STATUS_RANK[b.record.status] ||
    time(a.record.updatedAt) - time(b.record.updatedAt) ||
    time(a.record.validatedAt) - time(b.record.validatedAt) ||
    a.id - b.id
  );
}

const latest = (versions: StoredVersion[]) => versions.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
const firstNonNull = <T>(values: Array<T | null | undefined>): T | null => values.find((v) => v !== null && v !== undefined) ?? null;

/**
 * The conversion a purchase's records give. 1:1 networks: the latest version
 * wins. CJ and Rakuten: the latest version of each record, commissions (and
 * sale amounts) summed, status from the latest record, a sum ≤ 0 is declined.
 */
export function rollUp(network: NetworkName, versions: StoredVersion[]): RolledUp {
  if (versions.length === 0) throw new Error("rollUp: no records");
  const winner = latest(versions);
  const byRecord = new Map<string, StoredVersion>();
  for (const v of versions) {
    const seen = byRecord.get(v.record.recordId);
    if (!seen || compareVersions(v, seen) > 0) byRecord.set(v.record.recordId, v);
  }
  // newest first, so "first non-null" reads the latest record that gives the field
  const current = [...byRecord.values()].sort((a, b) => compareVersions(b, a));
  const w = winner.record;
  let status = w.status;
  let commission: bigint;
  let sale: bigint | null;
  let declineReasonRaw = w.declineReasonRaw;
  if (SUMMED_NETWORKS.has(network)) {
    commission = current.reduce((sum, v) => sum + toMicros(v.record.commissionAmount), 0n);
    const sales = current.map((v) => v.record.saleAmount).filter((s): s is string => s !== null);
    sale = sales.length ? sales.reduce((sum, s) => sum + toMicros(s), 0n) : null;
    if (commission <= 0n) {
      status = conversionStatus.is.declined;
      declineReasonRaw = firstNonNull(current.map((v) => v.record.declineReasonRaw)) ?? (network === "rakuten" ? "return" : null);
    }
  } else {
    commission = toMicros(w.commissionAmount);
    sale = w.saleAmount === null ? null : toMicros(w.saleAmount);
  }
  const transactionAt = new Date(Math.min(...current.map((v) => v.record.transactionAt.getTime())));
  const fields = {
    networkProgramId: w.networkProgramId ?? firstNonNull(current.map((v) => v.record.networkProgramId)),
    clickId: w.clickId ?? firstNonNull(current.map((v) => v.record.clickId)),
    orderRef: w.orderRef ?? firstNonNull(current.map((v) => v.record.orderRef)),
    networkStatusRaw: w.networkStatusRaw,
    status,
    networkPaid: current.some((v) => v.record.networkPaid),
    saleAmount: sale === null ? null : fromMicros(sale),
    commissionAmount: fromMicros(commission),
    currency: w.currency.toUpperCase(),
    transactionAt,
    clickAt: w.clickAt ?? firstNonNull(current.map((v) => v.record.clickAt)),
    validatedAt: w.validatedAt ?? null,
    lockingAt: w.lockingAt ?? firstNonNull(current.map((v) => v.record.lockingAt)),
    declineReasonRaw: status === conversionStatus.is.declined ? declineReasonRaw : null,
    reasonCode: status === conversionStatus.is.declined ? reasonCodeFor(network, declineReasonRaw) : null,
    pushOnly: versions.every((v) => v.source === "push"),
  };
  return { ...fields, rawHash: sha256(canonicalJson(fields)) };
}

/** A record as stored in network_records.normalised (dates as ISO text, no raw). */
export function serialiseRecord(record: NormalisedRecord): Record<string, unknown> {
  const { raw: _raw, ...rest } = record;
  void _raw;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

const date = (v: unknown) => (typeof v === "string" ? new Date(v) : null);

/** network_records.normalised back into a record. */
export function deserialiseRecord(stored: Record<string, unknown>): Omit<NormalisedRecord, "raw"> {
  const r = stored as unknown as Omit<NormalisedRecord, "raw"> & Record<string, unknown>;
  return {
    ...r,
    transactionAt: new Date(stored.transactionAt as string),
    clickAt: date(stored.clickAt),
    validatedAt: date(stored.validatedAt),
    lockingAt: date(stored.lockingAt),
    updatedAt: date(stored.updatedAt),
  };
}
