/**
 * Deal alerts (issue #15 item 7, ADR 036 §Alerts): a member's saved
 * keywords, matched against each newly published deal by PostgreSQL
 * (`deal.search @@ alert.tsq`, the search's "fr_unaccent" configuration, so
 * « écouteurs » finds « Ecouteur »), queued once per alert and deal
 * (alert_deliveries' primary key) and mailed at once (at most one mail per
 * member every 15 minutes, batched) or in the morning digest. Every mail
 * pauses its alerts in one click (RFC 8058), by a signed link: no login.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { createElement } from "react";
import { alerts, brands, categories, user } from "#db/schema";
import { dealStatus } from "#db/states/deal-status";
import { alertMailSubject, DealAlertEmail, type AlertMailSection } from "#app/emails/alerts";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { send, type Executor, type ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { sendMail } from "#app/lib/mail.server";
import { SEARCH_CONFIG } from "#app/modules/search/search.server";
import { formatAlertQuery, parseAlertQuery, type AlertExpression } from "./alert-query";
import { ALERT_UNSUBSCRIBE_PATH } from "./alerts.constants";
import { ALERT_MESSAGES, MAX_ALERTS_PER_MEMBER, type AlertFrequency, type AlertInput } from "./alerts.schema";

export class AlertError extends DomainError<keyof AlertInput> {}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/* ------------------------------ keywords → tsquery ------------------------------ */

const termQuery = (term: string) => sql`plainto_tsquery(${SEARCH_CONFIG}, ${term}::text)`;

/** Every wanted term (AND), none of the excluded ones; each term quoted by plainto_tsquery, never read as syntax. */
function expressionQuery(expression: AlertExpression): { include: SQL; full: SQL } {
  const include = sql.join(expression.include.map(termQuery), sql` && `);
  const exclude = expression.exclude.map((t) => sql`!!${termQuery(t)}`);
  return { include, full: exclude.length ? sql`(${include} && ${sql.join(exclude, sql` && `)})` : sql`(${include})` };
}

/** The expression's tsquery, or an AlertError when only stop words are wanted (ADR 036 §Alerts: an empty tsquery would match nothing). */
async function alertTsquery(executor: Executor, raw: string): Promise<{ text: string; tsq: SQL }> {
  const expression = parseAlertQuery(raw);
  if (expression.include.length === 0) throw new AlertError(ALERT_MESSAGES.queryRequired, 400, "query");
  const query = expressionQuery(expression);
  const [row] = await rows<{ n: number }>(executor, sql`select numnode(${query.include})::int as n`);
  if (!row || row.n === 0) throw new AlertError(ALERT_MESSAGES.queryEmpty, 400, "query");
  return { text: formatAlertQuery(expression), tsq: query.full };
}

/* ------------------------------ the member's alerts ------------------------------ */

/** The member's alerts, oldest first, with the merchant's and the category's names. */
export async function listAlerts(userId: string) {
  const db = await getDb();
  return db
    .select({
      id: alerts.id,
      query: alerts.queryText,
      brandId: alerts.brandId,
      brandName: brands.name,
      categoryId: alerts.categoryId,
      categoryName: categories.name,
      maxPriceCents: alerts.maxPriceCents,
      minTemperature: alerts.minTemperature,
      frequency: alerts.frequency,
      paused: alerts.paused,
      createdAt: alerts.createdAt,
    })
    .from(alerts)
    .leftJoin(brands, eq(brands.id, alerts.brandId))
    .leftJoin(categories, eq(categories.id, alerts.categoryId))
    .where(eq(alerts.userId, userId))
    .orderBy(asc(alerts.createdAt), asc(alerts.id));
}

/** The form's choices: merchants and categories, by name. */
export async function alertFormData() {
  const db = await getDb();
  const [brandRows, categoryRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
  ]);
  return { brands: brandRows, categories: categoryRows };
}

async function checkReferences(tx: Tx, input: AlertInput) {
  if (input.brandId && !(await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId))).length) {
    throw new AlertError(ALERT_MESSAGES.brandMissing, 400, "brandId");
  }
  if (input.categoryId && !(await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId))).length) {
    throw new AlertError(ALERT_MESSAGES.categoryMissing, 400, "categoryId");
  }
}

/**
 * Create (no id) or edit (id) one of the member's alerts. Creations of one
 * member run one after the other (their user row is locked), so the 21st is
 * always refused (409), even when two arrive at once.
 */
export async function saveAlert(userId: string, input: AlertInput): Promise<{ id: string; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const { text, tsq } = await alertTsquery(tx, input.query);
    await checkReferences(tx, input);
    const values = {
      queryText: text,
      tsq: sql`${tsq}` as unknown as string,
      brandId: input.brandId,
      categoryId: input.categoryId,
      maxPriceCents: input.maxPrice,
      minTemperature: input.minTemperature,
      frequency: input.frequency,
    };
    if (input.id) {
      const [row] = await tx
        .update(alerts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(alerts.id, input.id), eq(alerts.userId, userId)))
        .returning({ id: alerts.id });
      if (!row) throw new AlertError(ALERT_MESSAGES.alertMissing, 404);
      return { id: row.id, created: false };
    }
    const [{ n }] = await tx.select({ n: count() }).from(alerts).where(eq(alerts.userId, userId));
    if (n >= MAX_ALERTS_PER_MEMBER) throw new AlertError(ALERT_MESSAGES.limitReached, 409);
    const [row] = await tx
      .insert(alerts)
      .values({ userId, ...values })
      .returning({ id: alerts.id });
    return { id: row.id, created: true };
  });
}

/** Pause or resume one of the member's alerts; false when it is not theirs (or gone). */
export async function setAlertPaused(userId: string, alertId: string, paused: boolean): Promise<boolean> {
  const db = await getDb();
  const changed = await db
    .update(alerts)
    .set({ paused, updatedAt: new Date() })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return changed.length > 0;
}

/** Delete one of the member's alerts (its deliveries go with it); false when it is not theirs (or gone). */
export async function deleteAlert(userId: string, alertId: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return deleted.length > 0;
}

/** The member's alerts for the data export (RGPD art. 15/20). */
export async function alertsForExport(userId: string) {
  const rows = await listAlerts(userId);
  return rows.map((a) => ({
    query: a.query,
    merchant: a.brandName,
    category: a.categoryName,
    maxPriceCents: a.maxPriceCents,
    minTemperature: a.minTemperature,
    frequency: a.frequency,
    paused: a.paused,
    createdAt: a.createdAt,
  }));
}

/* ------------------------------ one-click pause ------------------------------ */

function tokenKey() {
  return createHash("sha256").update(`alert-unsubscribe:${getEnv().SESSION_SECRET}`).digest();
}

/** A signed token naming the alerts a link pauses; it never expires (an old mail's link still works) and holds no personal data. */
export function alertPauseToken(alertIds: readonly string[]): string {
  const payload = Buffer.from(JSON.stringify(alertIds)).toString("base64url");
  return `${payload}.${createHmac("sha256", tokenKey()).update(payload).digest("base64url")}`;
}

/** The alert ids of a valid token; null for anything forged, altered or malformed. */
function readAlertPauseToken(token: string | null | undefined): string[] | null {
  if (!token || token.length > 2000) return null;
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = createHmac("sha256", tokenKey()).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const ids: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_ALERTS_PER_MEMBER || !ids.every((id) => typeof id === "string" && /^[0-9a-f-]{36}$/.test(id))) return null;
    return ids as string[];
  } catch {
    return null;
  }
}

function alertPauseUrl(alertIds: readonly string[]): string {
  return `${getEnv().SITE_URL}${ALERT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(alertPauseToken(alertIds))}`;
}

/** The alerts a token names that still exist (GET: shown, nothing changes); null for a bad token. */
export async function alertsOfPauseToken(token: string | null | undefined) {
  const ids = readAlertPauseToken(token);
  if (!ids) return null;
  const db = await getDb();
  return db
    .select({ id: alerts.id, query: alerts.queryText, paused: alerts.paused })
    .from(alerts)
    .where(sql`${alerts.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`)
    .orderBy(asc(alerts.createdAt));
}

/** Pause the alerts a token names (POST, also the mail client's one-click); null for a bad token or alerts all gone. */
export async function pauseAlertsByToken(token: string | null | undefined) {
  const ids = readAlertPauseToken(token);
  if (!ids) return null;
  const db = await getDb();
  const paused = await db
    .update(alerts)
    .set({ paused: true, updatedAt: new Date() })
    .where(sql`${alerts.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`)
    .returning({ id: alerts.id, query: alerts.queryText });
  return paused.length ? paused : null;
}

/* ------------------------------ matching ------------------------------ */

export const ALERTS_MATCH_QUEUE = "alerts.match";
export const ALERTS_INSTANT_QUEUE = "alerts.instant";
export const ALERTS_DIGEST_QUEUE = "alerts.digest";
/** The morning digest, Paris time. */
export const ALERTS_DIGEST_SCHEDULE: ScheduleDefinition = { name: ALERTS_DIGEST_QUEUE, cron: "0 8 * * *" };
/** A sweep of instant deliveries held by the 15-minute limit, in case their own wake-up job was dropped. */
export const ALERTS_INSTANT_SCHEDULE: ScheduleDefinition = { name: ALERTS_INSTANT_QUEUE, cron: "*/5 * * * *" };
/** At most one instant mail per member in this window (ADR 036 §Alerts). */
const INSTANT_MAIL_INTERVAL_MS = 15 * 60_000;
/** The alert temperatures a deal can cross: a vote that crosses one queues a match. */
const ALERT_THRESHOLDS = [50, 100, 200] as const;

export type AlertTrigger = "published" | "threshold";

/**
 * Queue the alert matching of a deal that was just published (or crossed an
 * alert temperature), in the caller's transaction: the job exists only if
 * the publication commits, and the deal is matched off the request. `runAt`:
 * a deal scheduled for later (« Publier le », ADR 030) is matched when it opens.
 */
export async function enqueueAlertMatch(tx: Executor, dealId: string, trigger: AlertTrigger, runAt?: Date | null): Promise<void> {
  await send(ALERTS_MATCH_QUEUE, { dealId, trigger }, { tx, key: `${dealId}:${trigger}`, runAt: runAt ?? undefined });
}

/** Whether a temperature change from `before` to `after` crosses an alert threshold upwards. */
export function crossesAlertThreshold(before: number, after: number): boolean {
  return ALERT_THRESHOLDS.some((t) => before < t && after >= t);
}

/**
 * Queue a delivery for every active alert the deal matches: its words, and
 * its merchant, category (the deal's, else its brand's), maximum price and
 * minimum temperature when set; never the member's own deal, never a deal
 * that is not published or already expired. A threshold crossing only
 * concerns alerts with a minimum temperature (the others matched at
 * publication). Once per alert and deal, whatever triggers it again.
 */
export async function matchDealAlerts(dealId: string, trigger: AlertTrigger, now = new Date()): Promise<number> {
  const db = await getDb();
  const matched = await rows<{ alert_id: string; frequency: AlertFrequency }>(
    db,
    sql`insert into alert_deliveries (alert_id, deal_id, trigger, queued_at)
        select a.id, d.id, ${trigger}, ${now.toISOString()}::timestamptz
        from crevarde_deals d
        left join brands b on b.id = d.brand_id
        join alerts a on not a.paused and d.search @@ a.tsq
        where d.id = ${dealId} and d.status = ${dealStatus.is.published} and not d.draft and d.expired_at is null
          and (d.publish_at is null or d.publish_at <= ${now.toISOString()}::timestamptz)
          and (d.unpublish_at is null or d.unpublish_at > ${now.toISOString()}::timestamptz)
          and (d.author_id is null or d.author_id <> a.user_id)
          and (a.brand_id is null or a.brand_id = d.brand_id)
          and (a.category_id is null or a.category_id = coalesce(d.category_id, b.category_id))
          and (a.max_price_cents is null or d.price_cents <= a.max_price_cents)
          and d.temperature >= a.min_temperature
          ${trigger === "threshold" ? sql`and a.min_temperature > 0` : sql``}
        on conflict (alert_id, deal_id) do nothing
        returning alert_id, (select frequency from alerts where id = alert_id) as frequency`,
  );
  if (matched.some((m) => m.frequency === "instant")) await send(ALERTS_INSTANT_QUEUE, {}, { key: "next" });
  return matched.length;
}

/** The `alerts.match` job handler. */
export async function alertMatchJob(job: { payload: Record<string, unknown> }): Promise<void> {
  const { dealId, trigger } = job.payload as { dealId: string; trigger: AlertTrigger };
  const queued = await matchDealAlerts(dealId, trigger);
  if (queued > 0) logger.info({ dealId, trigger, queued }, "alerts: deliveries queued");
}

/* ------------------------------ mails ------------------------------ */

interface PendingRow {
  alert_id: string;
  query: string;
  deal_id: string;
  title: string;
  price: string;
  merchant: string;
  public: boolean;
}

/**
 * Mark the member's pending deliveries of these alerts sent and queue one
 * mail with the deals still public, in `tx`. Returns the number of deals
 * mailed (0: nothing pending or nothing public any more: no mail).
 */
async function mailPending(tx: Tx, member: { id: string; email: string }, frequency: AlertFrequency, now: Date): Promise<number> {
  const pending = await rows<PendingRow>(
    tx,
    sql`with sent as (
          update alert_deliveries ad set sent_at = ${now.toISOString()}::timestamptz
          from alerts a
          where a.id = ad.alert_id and a.user_id = ${member.id} and a.frequency = ${frequency} and not a.paused and ad.sent_at is null
          returning ad.alert_id, ad.deal_id, ad.queued_at)
        select s.alert_id, a.query_text as query, d.id as deal_id, d.title, d.price, coalesce(d.brand_name, d.source) as merchant,
               (d.status = ${dealStatus.is.published}) as public
        from sent s join alerts a on a.id = s.alert_id join crevarde_deals d on d.id = s.deal_id
        order by a.created_at, a.id, s.queued_at, d.id`,
  );
  const sections = new Map<string, AlertMailSection>();
  for (const row of pending.filter((r) => r.public)) {
    const section = sections.get(row.alert_id) ?? { query: row.query, pauseUrl: alertPauseUrl([row.alert_id]), deals: [] };
    section.deals.push({ id: row.deal_id, title: row.title, price: row.price, merchant: row.merchant });
    sections.set(row.alert_id, section);
  }
  if (sections.size === 0) return 0;
  const list = [...sections.values()];
  const env = getEnv();
  const unsubscribe = alertPauseUrl([...sections.keys()]);
  await sendMail(
    {
      to: member.email,
      subject: alertMailSubject(frequency, list),
      kind: frequency === "daily" ? "deal-alert-digest" : "deal-alert",
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      react: createElement(DealAlertEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, kind: frequency, sections: list }),
    },
    { tx },
  );
  return list.reduce((n, s) => n + s.deals.length, 0);
}

/** Members with pending deliveries on active alerts of this frequency. */
async function membersWithPending(frequency: AlertFrequency) {
  const db = await getDb();
  return rows<{ id: string; email: string }>(
    db,
    sql`select distinct u.id, u.email from alert_deliveries ad join alerts a on a.id = ad.alert_id join "user" u on u.id = a.user_id
        where ad.sent_at is null and not a.paused and a.frequency = ${frequency}`,
  );
}

/**
 * The instant mails: one per member with pending deliveries, batching every
 * deal found since their last mail, unless they had one less than 15
 * minutes ago: then a job wakes up when the earliest of them may have the
 * next one. Each member in a transaction that locks their row, so two
 * workers never mail one member twice. Returns the number of mails queued.
 */
export async function sendInstantAlerts(now = new Date()): Promise<number> {
  const db = await getDb();
  let mails = 0;
  let wakeAt: Date | null = null;
  for (const member of await membersWithPending("instant")) {
    const next = await db.transaction(async (tx) => {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for("update");
      const [last] = await rows<{ at: string | Date | null }>(
        tx,
        sql`select max(ad.sent_at) as at from alert_deliveries ad join alerts a on a.id = ad.alert_id where a.user_id = ${member.id}`,
      );
      const allowedAt = last?.at ? new Date(new Date(last.at).getTime() + INSTANT_MAIL_INTERVAL_MS) : null;
      if (allowedAt && allowedAt > now) return allowedAt;
      if ((await mailPending(tx, member, "instant", now)) > 0) mails++;
      return null;
    });
    if (next && (!wakeAt || next < wakeAt)) wakeAt = next;
  }
  if (wakeAt) await send(ALERTS_INSTANT_QUEUE, {}, { key: `at:${wakeAt.toISOString()}`, runAt: wakeAt });
  return mails;
}

/** The morning digest: one mail per member with the deals their daily alerts found since the last one. */
export async function sendDailyDigests(now = new Date()): Promise<number> {
  const db = await getDb();
  let mails = 0;
  for (const member of await membersWithPending("daily")) {
    const mailed = await db.transaction(async (tx) => {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for("update");
      return mailPending(tx, member, "daily", now);
    });
    if (mailed > 0) mails++;
  }
  return mails;
}

/** The `alerts.instant` job handler. */
export async function instantAlertsJob(): Promise<void> {
  const mails = await sendInstantAlerts();
  if (mails > 0) logger.info({ mails }, "alerts: instant mails queued");
}

/** The `alerts.digest` job handler. */
export async function alertDigestJob(): Promise<void> {
  const mails = await sendDailyDigests();
  if (mails > 0) logger.info({ mails }, "alerts: daily digests queued");
}
