import type { ExtensionShop } from "../app/modules/extension/extension-shops";
import { otherPartnerMarker } from "./markers";
import { shopForHost } from "./match";

/** A dismissal is remembered this long (issue #40 item 3). */
export const DISMISSAL_MS = 24 * 3_600_000;

/** What the extension remembers to decide: the shops shown in this browsing session, and when each was dismissed (programme id → epoch ms). */
export interface ReminderMemory {
  shownThisSession: readonly string[];
  dismissedAt: Readonly<Record<string, number>>;
}

/** The banner to show: « offer » with « Activer le cashback », or « aside » when another partner's link is active. */
export interface Reminder {
  kind: "offer" | "aside";
  shop: ExtensionShop;
}

/**
 * The reminder of a page (issue #40 items 3 and 4, ADR 050 §Honesty rules): on a partner shop only,
 * once per shop per browsing session, not within 24 h of a dismissal; standing aside when the
 * address carries another partner's marker. Pure: the caller remembers a shown reminder.
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
  if (memory.shownThisSession.includes(shop.programId)) return null;
  const dismissed = memory.dismissedAt[shop.programId];
  if (dismissed !== undefined && now - dismissed < DISMISSAL_MS) return null;
  return { kind: otherPartnerMarker(pageUrl) ? "aside" : "offer", shop };
}

/** The dismissals still running at `now` (older ones are forgotten). */
export function liveDismissals(dismissedAt: Readonly<Record<string, number>>, now: number): Record<string, number> {
  return Object.fromEntries(Object.entries(dismissedAt).filter(([, at]) => now - at < DISMISSAL_MS));
}
