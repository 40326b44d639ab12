import type { ExtensionShop } from "#app/modules/extension/extension-shops";
import { otherPartnerMarker } from "./markers";
import { shopForHost } from "./match";

/** A dismissal is remembered this long (issue #40 item 3). */
export const DISMISSAL_MS = 24 * 3_600_000;
/** How long after a click on « Activer le cashback » the return to the shop is taken for its end (issue #40 item 5). */
export const ACTIVATION_RETURN_MS = 15 * 60_000;

/**
 * What the extension remembers to decide (programme id → epoch ms): the shops shown in this browsing
 * session, when each was dismissed, and the activations clicked in this session not yet seen back on the shop.
 */
export interface ReminderMemory {
  shownThisSession: readonly string[];
  dismissedAt: Readonly<Record<string, number>>;
  activatedAt?: Readonly<Record<string, number>>;
}

/**
 * The banner to show: « offer » with « Activer le cashback »; « aside » when another partner's link is
 * active; « activated » back on the shop after the shopper's own activation (« Cashback activé »).
 */
export interface Reminder {
  /** « checkout »: the shop's checkout, with « Tester les codes » (issue #40 item 6) */
  kind: "offer" | "aside" | "activated" | "checkout";
  shop: ExtensionShop;
}

/**
 * The reminder of a page (issue #40 items 3 to 5, ADR 050 §Honesty rules): on a partner shop only;
 * a page of the shop whose address carries a network's marker within 15 minutes of the shopper's click
 * on « Activer le cashback » is the end of that click's redirect chain, and says « Cashback activé »
 * (without a marker, an abandoned activation is never taken for one); otherwise once per shop per
 * browsing session, not within 24 h of a dismissal, standing aside when the address carries another
 * partner's marker. Pure: the caller remembers a shown reminder and forgets a confirmed activation.
 */
export function reminderFor(pageUrl: string, shops: readonly ExtensionShop[], memory: ReminderMemory, now: number): Reminder | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const match = shopForHost(url.hostname, shops);
  if (!match) return null;
  const { shop } = match;
  const tracked = otherPartnerMarker(pageUrl) !== null;
  const activated = memory.activatedAt?.[shop.programId];
  if (tracked && activated !== undefined && now - activated < ACTIVATION_RETURN_MS) return { kind: "activated", shop };
  if (memory.shownThisSession.includes(shop.programId)) return null;
  const dismissed = memory.dismissedAt[shop.programId];
  if (dismissed !== undefined && now - dismissed < DISMISSAL_MS) return null;
  return { kind: tracked ? "aside" : "offer", shop };
}

/** The dismissals still running at `now` (older ones are forgotten). */
export function liveDismissals(dismissedAt: Readonly<Record<string, number>>, now: number): Record<string, number> {
  return Object.fromEntries(Object.entries(dismissedAt).filter(([, at]) => now - at < DISMISSAL_MS));
}

/** The partner shop of a page, whatever was shown or dismissed (the popup's current shop, the checkout's selectors). */
export function shopForPage(pageUrl: string, shops: readonly ExtensionShop[]): ExtensionShop | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return shopForHost(url.hostname, shops)?.shop ?? null;
}

/**
 * The banner of a shop's checkout page (issue #40 item 6): « Tester les codes » on every visit of the checkout,
 * unless the shopper dismissed the shop's banner within 24 h.
 */
export function checkoutReminderFor(shop: ExtensionShop, dismissedAt: Readonly<Record<string, number>>, now: number): Reminder | null {
  const dismissed = dismissedAt[shop.programId];
  if (dismissed !== undefined && now - dismissed < DISMISSAL_MS) return null;
  return { kind: "checkout", shop };
}
