/**
 * Price alerts (issue #39 item 5, ADR 049 §Alerts): the pure rules, client-safe and without zod (the deal
 * page loads this module's constants, not a schema).
 */

/** At most this many products followed per member. */
export const MAX_PRICE_ALERTS_PER_MEMBER = 50;
/** The highest threshold a member can type: 100 000 €. */
export const MAX_PRICE_ALERT_THRESHOLD_CENTS = 10_000_000;
/** The one-click pause link of the price alert e-mails. */
export const PRICE_ALERT_UNSUBSCRIBE_PATH = "/alertes/prix/desactiver";
/** The deal page's follow form posts this intent to the page's own action. */
export const PRICE_ALERT_INTENT = "price-alert";

export interface PriceAlertState {
  thresholdCents: number;
  currency: string;
  paused: boolean;
  /** the latest price seen since the alert was set (or its threshold changed) is under the threshold */
  below: boolean;
}

export interface ObservedPrice {
  priceCents: number;
  currency: string;
}

/**
 * What one new observation of the product does to an alert: « once per drop ». A drop starts when a price
 * strictly under the threshold follows a price at or above it (or the alert was set while the price was at or
 * above it); it ends at the next price at or above the threshold. The alert fires at the start of a drop only:
 * a further fall inside the same drop says nothing. A paused alert never fires but still follows the price, so
 * resuming it in the middle of a drop waits for the next one. A price in another currency changes nothing.
 */
export function priceAlertStep(alert: PriceAlertState, observed: ObservedPrice): { below: boolean; fire: boolean } {
  if (observed.currency !== alert.currency) return { below: alert.below, fire: false };
  const below = observed.priceCents < alert.thresholdCents;
  return { below, fire: below && !alert.below && !alert.paused };
}

/**
 * The state of an alert set (or given a new threshold) now: `below` when the latest known price, in the alert's
 * currency, is already under the threshold. The member sees that price when they follow: it is no news.
 */
export function initialBelow(latest: ObservedPrice | null, thresholdCents: number, currency: string): boolean {
  return latest !== null && latest.currency === currency && latest.priceCents < thresholdCents;
}

/** The threshold the follow form suggests: 10 % under the current price, in whole euros (at least 1 €). */
export function suggestedThresholdCents(currentCents: number): number {
  return Math.max(100, Math.floor((currentCents * 0.9) / 100) * 100);
}
