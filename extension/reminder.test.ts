import { describe, expect, it } from "vitest";
import type { ExtensionShop } from "#app/modules/extension/extension-shops";
import { ACTIVATION_RETURN_MS, checkoutReminderFor, DISMISSAL_MS, liveDismissals, reminderFor, shopForPage } from "./reminder";

const NUXE: ExtensionShop = { programId: "p-nuxe", name: "Nuxe", domains: ["nuxe.com"], rateLabel: "Jusqu'à 7\u00a0% de cashback", liveCodes: 3, checkoutSelectors: null };
const FRESH = { shownThisSession: [], dismissedAt: {} };
const NOW = 1_800_000_000_000;

describe("reminderFor: the honesty rules (issue #40 items 3 and 4, ADR 050)", () => {
  it("offers the activation on a partner shop", () => {
    expect(reminderFor("https://fr.nuxe.com/huile", [NUXE], FRESH, NOW)).toEqual({ kind: "offer", shop: NUXE });
  });

  it("adds nothing on any other site, nor on other schemes", () => {
    expect(reminderFor("https://www.example.fr/", [NUXE], FRESH, NOW)).toBeNull();
    expect(reminderFor("file:///home/nuxe.com/index.html", [NUXE], FRESH, NOW)).toBeNull();
    expect(reminderFor("https://www.nuxe.com/", [], FRESH, NOW)).toBeNull();
  });

  it("stands aside when the address shows another partner's tracking: no activation offered", () => {
    expect(reminderFor("https://www.nuxe.com/?awc=123_456", [NUXE], FRESH, NOW)).toEqual({ kind: "aside", shop: NUXE });
    expect(reminderFor("https://www.nuxe.com/?utm_medium=affiliate", [NUXE], FRESH, NOW)?.kind).toBe("aside");
  });

  it("shows once per shop per browsing session", () => {
    expect(reminderFor("https://www.nuxe.com/", [NUXE], { shownThisSession: ["p-nuxe"], dismissedAt: {} }, NOW)).toBeNull();
    expect(reminderFor("https://www.nuxe.com/", [NUXE], { shownThisSession: ["p-other"], dismissedAt: {} }, NOW)?.kind).toBe("offer");
  });

  it("remembers a dismissal for 24 h", () => {
    const dismissed = (ago: number) => ({ shownThisSession: [], dismissedAt: { "p-nuxe": NOW - ago } });
    expect(reminderFor("https://www.nuxe.com/", [NUXE], dismissed(DISMISSAL_MS - 1), NOW)).toBeNull();
    expect(reminderFor("https://www.nuxe.com/", [NUXE], dismissed(DISMISSAL_MS), NOW)?.kind).toBe("offer");
    expect(liveDismissals({ a: NOW - 1000, b: NOW - DISMISSAL_MS }, NOW)).toEqual({ a: NOW - 1000 });
  });

  it("says « Cashback activé » back on the shop after the shopper's own click, once the network's marker shows, within 15 minutes", () => {
    const after = (ago: number) => ({ shownThisSession: ["p-nuxe"], dismissedAt: {}, activatedAt: { "p-nuxe": NOW - ago } });
    expect(reminderFor("https://www.nuxe.com/?awc=1_2_3", [NUXE], after(60_000), NOW)).toEqual({ kind: "activated", shop: NUXE });
    // no marker: the activation may have been abandoned, nothing is claimed
    expect(reminderFor("https://www.nuxe.com/", [NUXE], after(60_000), NOW)).toBeNull();
    // too late: another partner's link
    expect(reminderFor("https://www.nuxe.com/?awc=1_2_3", [NUXE], after(ACTIVATION_RETURN_MS), NOW)).toBeNull();
    expect(reminderFor("https://www.nuxe.com/?awc=1_2_3", [NUXE], { ...FRESH, activatedAt: { "p-nuxe": NOW - ACTIVATION_RETURN_MS } }, NOW)?.kind).toBe("aside");
    // another shop's activation says nothing of this one
    expect(reminderFor("https://www.nuxe.com/?awc=1", [NUXE], { ...FRESH, activatedAt: { "p-other": NOW } }, NOW)?.kind).toBe("aside");
  });
});

describe("the checkout's banner and the tab's shop (issue #40 items 6 and 7)", () => {
  it("offers « Tester les codes » on every visit of the checkout, shown before or not, but not within 24 h of a dismissal", () => {
    expect(checkoutReminderFor(NUXE, {}, NOW)).toEqual({ kind: "checkout", shop: NUXE });
    expect(checkoutReminderFor(NUXE, { "p-nuxe": NOW - DISMISSAL_MS + 1 }, NOW)).toBeNull();
    expect(checkoutReminderFor(NUXE, { "p-nuxe": NOW - DISMISSAL_MS }, NOW)?.kind).toBe("checkout");
  });

  it("finds a page's partner shop whatever was shown, and none elsewhere", () => {
    expect(shopForPage("https://fr.nuxe.com/panier", [NUXE])).toBe(NUXE);
    expect(shopForPage("https://www.example.fr/", [NUXE])).toBeNull();
    expect(shopForPage("chrome://extensions", [NUXE])).toBeNull();
    expect(shopForPage("pas une adresse", [NUXE])).toBeNull();
  });
});
