import type { ExtensionCodeList, ExtensionReportAnswer, ExtensionShop } from "#app/modules/extension/extension-shops";
import type { Reminder } from "./reminder";

/**
 * What the content script and the popup ask the service worker (ADR 050): the page's address (which never leaves
 * the browser), and, after the shopper's click on « Tester les codes », the shop's codes and each code's result.
 */
export type ExtensionMessage =
  | { type: "reminder"; url: string }
  | { type: "shop"; url: string }
  | { type: "checkout"; programId: string }
  | { type: "codes"; programId: string }
  | { type: "report"; promoCodeId: string; answer: "oui" | "non" }
  | { type: "tab-shop"; tabId: number }
  | { type: "dismiss"; programId: string }
  | { type: "activate"; programId: string };

/** The answer to « reminder » and « checkout »: the banner to show, or null. */
export type ReminderAnswer = Reminder | null;
/** The answer to « shop » and « tab-shop »: the partner shop of that page or tab, or null. */
export type ShopAnswer = ExtensionShop | null;
/** The answer to « codes »: the shop's codes, or why they could not be had. */
export type CodesAnswer = ExtensionCodeList | { error: string };
/** The answer to « report »: `signedOut` when the site had no session (nothing recorded). */
export type ReportAnswer = ExtensionReportAnswer & { signedOut: boolean };
