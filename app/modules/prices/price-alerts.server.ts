/**
 * Price alerts (issue #39 item 5, ADR 049 §Alerts): a member follows a product key with a threshold
 * (« Préviens-moi sous 40 € »). Each new observation of the key steps its alerts in the transaction that records
 * it (priceAlertStep, under the key's lock): an alert whose drop starts queues a `prices.alert` job, which writes
 * the on-site notification and queues the e-mail, with a one-click pause link (signed token, no login).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { createElement } from "react";
import { data } from "react-router";
import { crevardeDeals, offers, priceAlertNotifications, priceAlerts, user } from "#db/schema";
import { PriceAlertEmail, priceAlertMailSubject } from "#app/emails/price-alerts";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { send } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { sendMail } from "#app/lib/mail.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { publicDeal } from "#app/modules/deals/deals.server";
import { formatEuros, formatMoney } from "#app/modules/ledger/ledger";
import { scheduleOpen } from "#app/modules/schedule/schedule.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { initialBelow, MAX_PRICE_ALERTS_PER_MEMBER, PRICE_ALERT_UNSUBSCRIBE_PATH, priceAlertStep, type ObservedPrice } from "./price-alerts";
import { followedMessage, followPriceSchema, PRICE_ALERT_MESSAGES } from "./price-alerts.schema";
import { latestObservedPrice, lockPriceKey, lockStoredKey } from "./observations.server";
import { productKey } from "./product-key";

class PriceAlertError extends DomainError<"threshold"> {}

export const PRICE_ALERT_QUEUE = "prices.alert";

const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);

/* ------------------------------ following ------------------------------ */

/**
 * Follow a product the member can see (a deal's or an offer's link, `label` its title), or give their alert on it
 * a new threshold (one alert per member and product: the follow form is the same for everyone). `dealId` or
 * `offerId` is the page it was followed from, for the link back. At most MAX_PRICE_ALERTS_PER_MEMBER
 * products per member: creations of one member take turns (their user row is locked), so the cap holds.
 */
export async function followProductPrice(
  userId: string,
  product: { url: string | null; label: string; dealId?: string | null; offerId?: string | null },
  thresholdCents: number,
): Promise<{ id: string; created: boolean }> {
  const found = productKey(product.url);
  if (!found) throw new PriceAlertError(PRICE_ALERT_MESSAGES.noProduct, 400);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    // the key its prices are stored under: the one a product key merged in the back office joined (ADR 049)
    const key = await lockStoredKey(tx, found.key);
    const currency = "EUR";
    const below = initialBelow(await latestObservedPrice(tx, key), thresholdCents, currency);
    const [existing] = await tx
      .select({ id: priceAlerts.id })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.productKey, key)));
    if (existing) {
      await tx.update(priceAlerts).set({ thresholdCents, below, paused: false, updatedAt: new Date() }).where(eq(priceAlerts.id, existing.id));
      return { id: existing.id, created: false };
    }
    const [{ n }] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    if (n >= MAX_PRICE_ALERTS_PER_MEMBER) throw new PriceAlertError(PRICE_ALERT_MESSAGES.limitReached, 409);
    const [row] = await tx
      .insert(priceAlerts)
      .values({ userId, productKey: key, label: product.label.slice(0, 200), dealId: product.dealId ?? null, offerId: product.offerId ?? null, thresholdCents, currency, below })
      .returning({ id: priceAlerts.id });
    return { id: row.id, created: true };
  });
}

/**
 * « Préviens-moi sous … € » posted from a deal's or an offer's page (a plain form, no JS): the threshold parsed, the
 * member's rate limit, then the product as the page finds it now (null: gone, `notFound` in a 404). A bad threshold
 * renders the page again with its French message (400); done, back to the page with a toast.
 */
export async function followPriceFromForm(
  form: FormData,
  userId: string,
  back: string,
  findProduct: () => Promise<Parameters<typeof followProductPrice>[1] | null>,
  notFound: string,
) {
  const parsed = followPriceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ priceAlert: parsed.error.issues[0]?.message ?? PRICE_ALERT_MESSAGES.invalid }, { status: 400 });
  const limit = await hitRateLimit(RATE_LIMITS.priceAlertSave, userId);
  if (!limit.allowed) return data({ priceAlert: PRICE_ALERT_MESSAGES.rateLimited }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  const product = await findProduct();
  if (!product) return data({ priceAlert: notFound }, { status: 404 });
  try {
    await followProductPrice(userId, product, parsed.data.threshold);
  } catch (error) {
    if (error instanceof DomainError) return data({ priceAlert: error.message }, { status: error.status });
    throw error;
  }
  return redirectWithToast(back, { title: followedMessage(formatEuros(parsed.data.threshold)), type: "success" }, { status: 303 });
}

/** A new threshold for one of the member's alerts; its drop state is read again against the latest price. False when it is not theirs. */
export async function setPriceAlertThreshold(userId: string, alertId: string, thresholdCents: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .select({ productKey: priceAlerts.productKey, currency: priceAlerts.currency })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)));
    if (!alert) return false;
    await lockPriceKey(tx, alert.productKey);
    const below = initialBelow(await latestObservedPrice(tx, alert.productKey), thresholdCents, alert.currency);
    const changed = await tx
      .update(priceAlerts)
      .set({ thresholdCents, below, updatedAt: new Date() })
      .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
      .returning({ id: priceAlerts.id });
    return changed.length > 0;
  });
}

/** Pause or resume one of the member's price alerts; false when it is not theirs (or gone). */
export async function setPriceAlertPaused(userId: string, alertId: string, paused: boolean): Promise<boolean> {
  const db = await getDb();
  const changed = await db
    .update(priceAlerts)
    .set({ paused, updatedAt: new Date() })
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return changed.length > 0;
}

/** Delete one of the member's price alerts (its notifications go with it); false when it is not theirs (or gone). */
export async function deletePriceAlert(userId: string, alertId: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return deleted.length > 0;
}

/**
 * The page an alert was followed from, while it is public (the deal, else the offer), for the link back: the
 * columns to select (the query joins crevardeDeals and offers on the alert's ids) and the path they give.
 */
function backLinkColumns(now: Date) {
  return {
    dealId: priceAlerts.dealId,
    dealPublic: sql<boolean>`coalesce(${publicDeal(now)}, false)`,
    offerId: priceAlerts.offerId,
    offerPublic: sql<boolean>`coalesce(${scheduleOpen(offers, now)}, false)`,
  };
}

function backLink(r: { dealId: string | null; dealPublic: boolean; offerId: string | null; offerPublic: boolean }): string | null {
  if (r.dealId && r.dealPublic) return `/coup-de-crevarde/${r.dealId}`;
  if (r.offerId && r.offerPublic) return `/offres/${r.offerId}`;
  return null;
}

/** The member's price alerts, oldest first, each with its product's latest price in its currency, written for the page. */
export async function listPriceAlerts(userId: string, now = new Date()) {
  const db = await getDb();
  // the outer row named in full: drizzle writes a column unqualified, which the subquery would read as its own
  const latest = sql<number | null>`(select o.price_cents from price_observations o
      where o.product_key = "price_alerts"."product_key" and o.currency = "price_alerts"."currency"
      order by o.observed_at desc limit 1)`;
  const rows = await db
    .select({
      id: priceAlerts.id,
      label: priceAlerts.label,
      ...backLinkColumns(now),
      productKey: priceAlerts.productKey,
      thresholdCents: priceAlerts.thresholdCents,
      currency: priceAlerts.currency,
      paused: priceAlerts.paused,
      currentCents: latest,
      createdAt: priceAlerts.createdAt,
    })
    .from(priceAlerts)
    .leftJoin(crevardeDeals, eq(crevardeDeals.id, priceAlerts.dealId))
    .leftJoin(offers, eq(offers.id, priceAlerts.offerId))
    .where(eq(priceAlerts.userId, userId))
    .orderBy(asc(priceAlerts.createdAt), asc(priceAlerts.id));
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    href: backLink(r),
    merchant: r.productKey.split("/")[0] ?? r.productKey,
    paused: r.paused,
    threshold: money(r.thresholdCents, r.currency),
    /** for the edit field: « 40 » or « 39,99 » */
    thresholdInput: (r.thresholdCents / 100).toFixed(r.thresholdCents % 100 === 0 ? 0 : 2).replace(".", ","),
    current: r.currentCents === null ? null : money(Number(r.currentCents), r.currency),
    under: r.currentCents !== null && Number(r.currentCents) < r.thresholdCents,
  }));
}

/**
 * The member's latest price alert notifications (the on-site side of a fired alert), newest first, written for
 * the page; `unread` until the page has shown them once (markPriceNotificationsRead).
 */
export async function listPriceNotifications(userId: string, limit = 10, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .select({
      id: priceAlertNotifications.id,
      label: priceAlerts.label,
      ...backLinkColumns(now),
      priceCents: priceAlertNotifications.priceCents,
      currency: priceAlertNotifications.currency,
      thresholdCents: priceAlerts.thresholdCents,
      createdAt: priceAlertNotifications.createdAt,
      readAt: priceAlertNotifications.readAt,
    })
    .from(priceAlertNotifications)
    .innerJoin(priceAlerts, eq(priceAlerts.id, priceAlertNotifications.alertId))
    .leftJoin(crevardeDeals, eq(crevardeDeals.id, priceAlerts.dealId))
    .leftJoin(offers, eq(offers.id, priceAlerts.offerId))
    .where(eq(priceAlertNotifications.userId, userId))
    .orderBy(desc(priceAlertNotifications.createdAt), desc(priceAlertNotifications.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    href: backLink(r),
    price: money(r.priceCents, r.currency),
    date: formatParis(r.createdAt, "d MMMM yyyy 'à' HH'h'mm"),
    unread: r.readAt === null,
  }));
}

/** The member has seen their notifications. */
export async function markPriceNotificationsRead(userId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .update(priceAlertNotifications)
    .set({ readAt: now })
    .where(and(eq(priceAlertNotifications.userId, userId), isNull(priceAlertNotifications.readAt)));
}

/** The member's price alerts for the data export (RGPD art. 15/20). */
export async function priceAlertsForExport(userId: string) {
  const db = await getDb();
  return db
    .select({
      product: priceAlerts.productKey,
      label: priceAlerts.label,
      thresholdCents: priceAlerts.thresholdCents,
      currency: priceAlerts.currency,
      paused: priceAlerts.paused,
      lastNotifiedAt: priceAlerts.lastNotifiedAt,
      createdAt: priceAlerts.createdAt,
    })
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(asc(priceAlerts.createdAt));
}

/* ------------------------------ a new observation ------------------------------ */

export interface NewObservation extends ObservedPrice {
  id: string;
  productKey: string;
}

/**
 * Step every alert of the observed product (priceAlertStep) in the transaction that records the observation,
 * which holds the product's lock: observations of one product are stepped in order, once each. Each alert whose
 * drop starts queues one `prices.alert` job (key: alert and observation). Returns the number queued.
 */
export async function stepPriceAlerts(tx: Tx, observation: NewObservation, now = new Date()): Promise<number> {
  const alerts = await tx
    .select({ id: priceAlerts.id, thresholdCents: priceAlerts.thresholdCents, currency: priceAlerts.currency, paused: priceAlerts.paused, below: priceAlerts.below })
    .from(priceAlerts)
    .where(eq(priceAlerts.productKey, observation.productKey))
    .for("update");
  const nowBelow: string[] = [];
  const nowAbove: string[] = [];
  const fired: string[] = [];
  for (const alert of alerts) {
    const step = priceAlertStep(alert, observation);
    if (step.fire) fired.push(alert.id);
    else if (step.below !== alert.below) (step.below ? nowBelow : nowAbove).push(alert.id);
  }
  if (nowBelow.length) await tx.update(priceAlerts).set({ below: true }).where(inArray(priceAlerts.id, nowBelow));
  if (nowAbove.length) await tx.update(priceAlerts).set({ below: false }).where(inArray(priceAlerts.id, nowAbove));
  if (fired.length) {
    await tx
      .update(priceAlerts)
      .set({ below: true, lastNotifiedAt: now, lastNotifiedObservationId: observation.id, lastNotifiedPriceCents: observation.priceCents })
      .where(inArray(priceAlerts.id, fired));
    for (const alertId of fired) {
      await send(
        PRICE_ALERT_QUEUE,
        { alertId, observationId: observation.id, priceCents: observation.priceCents, currency: observation.currency },
        { tx, key: `${alertId}:${observation.id}` },
      );
    }
  }
  return fired.length;
}

/* ------------------------------ the job: notification and e-mail ------------------------------ */

/**
 * The `prices.alert` job: the on-site notification and the e-mail of one fired alert, in one transaction (the
 * notification's unique (alert, observation) makes a retry send nothing twice). Nothing when the alert was
 * deleted or paused since.
 */
export async function priceAlertJob(job: { payload: Record<string, unknown> }): Promise<void> {
  const { alertId, observationId, priceCents, currency } = job.payload as { alertId: string; observationId: string; priceCents: number; currency: string };
  const db = await getDb();
  const sent = await db.transaction(async (tx) => {
    const [alert] = await tx
      .select({
        id: priceAlerts.id,
        userId: priceAlerts.userId,
        email: user.email,
        label: priceAlerts.label,
        ...backLinkColumns(new Date()),
        productKey: priceAlerts.productKey,
        thresholdCents: priceAlerts.thresholdCents,
        paused: priceAlerts.paused,
      })
      .from(priceAlerts)
      .innerJoin(user, eq(user.id, priceAlerts.userId))
      .leftJoin(crevardeDeals, eq(crevardeDeals.id, priceAlerts.dealId))
      .leftJoin(offers, eq(offers.id, priceAlerts.offerId))
      .where(eq(priceAlerts.id, alertId))
      .for("update", { of: priceAlerts });
    if (!alert || alert.paused) return false;
    const inserted = await tx
      .insert(priceAlertNotifications)
      .values({ alertId, userId: alert.userId, observationId, priceCents, currency })
      .onConflictDoNothing()
      .returning({ id: priceAlertNotifications.id });
    if (!inserted.length) return false;
    const env = getEnv();
    const pauseUrl = priceAlertPauseUrl(alert.id);
    const mail = {
      label: alert.label,
      merchant: alert.productKey.split("/")[0] ?? alert.productKey,
      price: money(priceCents, currency),
      threshold: money(alert.thresholdCents, currency),
      url: `${env.SITE_URL}${backLink(alert) ?? "/mes-alertes"}`,
      pauseUrl,
    };
    await sendMail(
      {
        to: alert.email,
        subject: priceAlertMailSubject(mail),
        kind: "price-alert",
        headers: { "List-Unsubscribe": `<${pauseUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        react: createElement(PriceAlertEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, ...mail }),
      },
      { tx },
    );
    return true;
  });
  if (sent) logger.info({ alertId, observationId }, "prices: price alert mailed");
}

/* ------------------------------ one-click pause ------------------------------ */

function tokenKey() {
  return createHash("sha256").update(`price-alert-unsubscribe:${getEnv().SESSION_SECRET}`).digest();
}

/** A signed token naming the alert a link pauses; it never expires (an old mail's link still works) and holds no personal data. */
export function priceAlertPauseToken(alertId: string): string {
  const payload = Buffer.from(alertId).toString("base64url");
  return `${payload}.${createHmac("sha256", tokenKey()).update(payload).digest("base64url")}`;
}

/** The alert id of a valid token; null for anything forged, altered or malformed. */
function readPauseToken(token: string | null | undefined): string | null {
  if (!token || token.length > 500) return null;
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = createHmac("sha256", tokenKey()).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const id = Buffer.from(payload, "base64url").toString("utf8");
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

function priceAlertPauseUrl(alertId: string): string {
  return `${getEnv().SITE_URL}${PRICE_ALERT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(priceAlertPauseToken(alertId))}`;
}

/** The alert a token names, if it still exists (GET: shown, nothing changes); `invalid` for a bad token. */
export async function priceAlertOfToken(token: string | null | undefined): Promise<{ label: string; paused: boolean } | "invalid" | null> {
  const id = readPauseToken(token);
  if (!id) return "invalid";
  const db = await getDb();
  const [row] = await db.select({ label: priceAlerts.label, paused: priceAlerts.paused }).from(priceAlerts).where(eq(priceAlerts.id, id));
  return row ?? null;
}

/** Pause the alert a token names (POST, also the mail client's one-click); null for a bad token or an alert gone. */
export async function pausePriceAlertByToken(token: string | null | undefined): Promise<{ label: string } | null> {
  const id = readPauseToken(token);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.update(priceAlerts).set({ paused: true, updatedAt: new Date() }).where(eq(priceAlerts.id, id)).returning({ label: priceAlerts.label });
  return row ?? null;
}
