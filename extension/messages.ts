import type { ExtensionCodeList, ExtensionReportAnswer, ExtensionShop } from "#app/modules/extension/extension-shops";
import type { RunState } from "./code-test";
import type { Reminder } from "./reminder";

/**
 * What the content script and the popup ask the service worker (ADR 050): the page's address (which never leaves
 * the browser), and, after the shopper's click on « Tester les codes », the shop's codes, each code's result and the
 * run's state between two pages of a checkout that reloads.
 */
export type ExtensionMessage =
  | { type: "reminder"; url: string }
  | { type: "shop"; url: string }
  | { type: "checkout"; programId: string }
  | { type: "codes"; programId: string }
  | { type: "report"; promoCodeId: string; answer: "oui" | "non" }
  | { type: "tab-shop"; tabId: number }
  /** before each step of « Tester les codes », in case the checkout reloads the page: this tab's run, kept 2 minutes */
  | { type: "run-keep"; programId: string; state: RunState }
  /** on a page of the shop: this tab's run under way, if any (taken once) */
  | { type: "run-take"; programId: string }
  /** the run is over (or the banner closed): nothing left to go on with */
  | { type: "run-end" }
  | { type: "dismiss"; programId: string }
  | { type: "activate"; programId: string };

/** The answer to « reminder » and « checkout »: the banner to show, or null. */
export type ReminderAnswer = Reminder | null;
/** The answer to « shop » and « tab-shop »: the partner shop of that page or tab, or null. */
export type ShopAnswer = ExtensionShop | null;
/** The answer to « codes »: the shop's codes, or why they could not be had. */
export type CodesAnswer = ExtensionCodeList | { error: string };
/** The answer to « run-take »: the run to go on with, or null. */
export type RunAnswer = RunState | null;
/** The answer to « report »: `signedOut` when the site had no session (nothing recorded). */
export type ReportAnswer = ExtensionReportAnswer & { signedOut: boolean };
