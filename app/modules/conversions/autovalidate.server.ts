/**
 * Purchases on networks whose reports carry no status (Rakuten: returns
 * arrive as negative records) are validated once their programme's declared
 * validation delay has passed without the order summing to zero (ADR 018
 * addendum; ADR 017 §Schedules "cashback.autovalidate").
 *
 * The validation is one more version of the purchase, stored like any
 * network record (source "manual", record id "autovalidation", commission 0):
 * the import's rollup then sees an approved version, so the ledger credit,
 * the history, the member's timeline and e-mail all go through the same code
 * as a network's own approval, and a later return still reverses it.
 */
import { sql } from "drizzle-orm";
import { getDb, type Db } from "#app/lib/db.server";
import type { ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import type { NetworkName } from "#app/modules/networks/networks";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { importRecords } from "./import.server";
import { DEFAULT_VALIDATION_DAYS } from "./sync-member-cashback.server";
import { memberCashbackStatus } from "#db/states/member-cashback-status";
import { sqlList } from "#app/lib/state-machine";
import { conversionStatus } from "#db/states/conversion-status";

const STATUSLESS_NETWORKS: readonly NetworkName[] = ["rakuten"];
const AUTOVALIDATION_RECORD_ID = "autovalidation";
export const AUTOVALIDATE_QUEUE = "cashback.autovalidate";
/** daily, before the members' morning (Paris time) */
export const AUTOVALIDATE_SCHEDULE: ScheduleDefinition = { name: AUTOVALIDATE_QUEUE, cron: "30 5 * * *" };

interface DueRow extends Record<string, unknown> {
  network: NetworkName;
  network_account_id: string;
  conversion_key: string;
  network_program_id: string | null;
  click_id: string | null;
  order_ref: string | null;
  currency: string;
  transaction_at: string | Date;
}

/** Validate every pending purchase of a status-less network whose delay has passed; returns how many. */
export async function autovalidateDue(now: Date = new Date(), options: { db?: Db } = {}): Promise<number> {
  const db = options.db ?? (await getDb());
  const networks = sql.join(
    STATUSLESS_NETWORKS.map((n) => sql`${n}`),
    sql`, `,
  );
  const { rows } = await db.execute<DueRow>(sql`
    select c.network, c.network_account_id, c.conversion_key, p.network_program_id, c.click_id, c.order_ref, c.currency, c.transaction_at
    from conversions c
    left join affiliate_programs p on p.id = c.program_id
    where c.network in (${networks})
      and c.status = ${conversionStatus.is.pending}
      and not c.push_only
      and c.commission_amount > 0
      and c.transaction_at + make_interval(days => coalesce(p.declared_validation_days, ${DEFAULT_VALIDATION_DAYS})) <= ${now.toISOString()}::timestamptz
    order by c.transaction_at
    limit 5000`);
  if (rows.length === 0) return 0;
  const records: NormalisedRecord[] = rows.map((r) => ({
    network: r.network,
    networkAccountId: r.network_account_id,
    networkProgramId: r.network_program_id,
    recordId: AUTOVALIDATION_RECORD_ID,
    conversionKey: r.conversion_key,
    clickId: r.click_id,
    orderRef: r.order_ref,
    status: "approved",
    networkStatusRaw: "autovalidated",
    networkPaid: false,
    saleAmount: null,
    commissionAmount: "0",
    currency: r.currency,
    transactionAt: new Date(r.transaction_at),
    clickAt: null,
    validatedAt: now,
    lockingAt: null,
    declineReasonRaw: null,
    raw: { autovalidated: true, reason: "declared validation delay passed without a return", at: now.toISOString() },
  }));
  const result = await importRecords({ records, source: "manual", actor: "system:autovalidate" }, { db });
  logger.info({ validated: rows.length, result }, "cashback: purchases of status-less networks validated after their delay");
  return rows.length;
}

/** The `cashback.autovalidate` job. */
export async function autovalidateJob(): Promise<void> {
  await autovalidateDue();
}

/** A push is a hint: a detection no pull has confirmed within this many days is hidden (ADR 037 §Statuses). */
const UNCONFIRMED_PUSH_DAYS = 7;
export const HIDE_UNCONFIRMED_QUEUE = "cashback.hide-unconfirmed";
export const HIDE_UNCONFIRMED_SCHEDULE: ScheduleDefinition = { name: HIDE_UNCONFIRMED_QUEUE, cron: "45 5 * * *" };

/**
 * Hide the member's "Achat détecté" lines that only a push ever reported,
 * 7 days on (kept for audit; a later pull shows them again). Returns how many.
 */
export async function hideUnconfirmedPushes(now: Date = new Date(), options: { db?: Db } = {}): Promise<number> {
  const db = options.db ?? (await getDb());
  const cutoff = new Date(now.getTime() - UNCONFIRMED_PUSH_DAYS * 86_400_000);
  const { rows } = await db.execute<{ id: string }>(sql`
    update member_cashbacks mc set hidden_at = ${now.toISOString()}::timestamptz
    from conversions c
    where c.id = mc.conversion_id and c.push_only and mc.status = ${sql.raw(sqlList([memberCashbackStatus.is.tracked]))} and mc.hidden_at is null
      and mc.created_at <= ${cutoff.toISOString()}::timestamptz
    returning mc.id`);
  if (rows.length) logger.info({ hidden: rows.length }, "cashback: detections no pull confirmed in 7 days hidden");
  return rows.length;
}

/** The `cashback.hide-unconfirmed` job. */
export async function hideUnconfirmedJob(): Promise<void> {
  await hideUnconfirmedPushes();
}
