import type { ExtensionMessage } from "./messages";
import { checkoutReminderFor, liveDismissals, reminderFor, shopForPage } from "./reminder";
import { keepRun, takeRun, type KeptRuns } from "./kept-runs";
import { currentShops } from "./shop-list";
import { fetchShopCodes, postCodeResult } from "./site";

/**
 * The service worker (ADR 050): keeps the partner shops (chrome.storage.local, an hour), decides a
 * page's reminder from its address alone and remembers what was shown and activated (chrome.storage.session:
 * this browsing session) and dismissed (chrome.storage.local: 24 h), and which partner shop each tab shows
 * (chrome.storage.session, for the popup). After the shopper's click on « Tester les codes » it asks the site
 * for the shop's codes, keeps the run's state by tab between two pages of a checkout that reloads
 * (chrome.storage.session, 2 minutes) and reports each result. It never changes a page, a tab or a cookie.
 */
const SHOWN = "shownThisSession";
const DISMISSED = "dismissedAt";
const ACTIVATED = "activatedAt";
const TAB_SHOPS = "tabShops";
const CODE_RUNS = "codeRuns";

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  answer(message as ExtensionMessage, sender.tab?.id).then(sendResponse, () => sendResponse(null));
  return true;
});

async function answer(message: ExtensionMessage, tabId: number | undefined): Promise<unknown> {
  const now = Date.now();
  switch (message.type) {
    case "codes":
      return fetchShopCodes(CREVARDE_URL, message.programId, fetch);
    case "report":
      return postCodeResult(CREVARDE_URL, message.promoCodeId, message.answer, fetch);
    case "shop": {
      const shop = shopForPage(message.url, await currentShops(CREVARDE_URL, chrome.storage.local, fetch, now));
      if (tabId !== undefined) {
        const tabShops = ((await chrome.storage.session.get(TAB_SHOPS))[TAB_SHOPS] ?? {}) as Record<string, string>;
        const { [String(tabId)]: _previous, ...others } = tabShops;
        await chrome.storage.session.set({ [TAB_SHOPS]: shop ? { ...others, [String(tabId)]: shop.programId } : others });
      }
      return shop;
    }
    case "run-keep":
    case "run-take":
    case "run-end":
      return tabId === undefined ? null : answerRun(message, tabId, now);
    case "tab-shop": {
      const programId = (((await chrome.storage.session.get(TAB_SHOPS))[TAB_SHOPS] ?? {}) as Record<string, string>)[String(message.tabId)];
      if (!programId) return null;
      return (await currentShops(CREVARDE_URL, chrome.storage.local, fetch, now)).find((shop) => shop.programId === programId) ?? null;
    }
    default:
      return answerReminder(message, now);
  }
}

/** A run of « Tester les codes » kept for the tab's next page (ADR 050 §Codes at checkout), taken back once, or ended. */
async function answerRun(message: Extract<ExtensionMessage, { type: "run-keep" | "run-take" | "run-end" }>, tabId: number, now: number) {
  const runs = ((await chrome.storage.session.get(CODE_RUNS))[CODE_RUNS] ?? {}) as KeptRuns;
  if (message.type === "run-keep") {
    await chrome.storage.session.set({ [CODE_RUNS]: keepRun(runs, tabId, message.programId, message.state, now) });
    return null;
  }
  // « run-end » takes the tab's run away for no shop: it is forgotten
  const taken = takeRun(runs, tabId, message.type === "run-take" ? message.programId : "", now);
  await chrome.storage.session.set({ [CODE_RUNS]: taken.runs });
  return taken.state;
}

async function answerReminder(message: Extract<ExtensionMessage, { type: "reminder" | "checkout" | "dismiss" | "activate" }>, now: number) {
  const dismissedAt = liveDismissals(((await chrome.storage.local.get(DISMISSED))[DISMISSED] ?? {}) as Record<string, number>, now);
  if (message.type === "dismiss") {
    await chrome.storage.local.set({ [DISMISSED]: { ...dismissedAt, [message.programId]: now } });
    return null;
  }
  const activatedAt = ((await chrome.storage.session.get(ACTIVATED))[ACTIVATED] ?? {}) as Record<string, number>;
  if (message.type === "activate") {
    await chrome.storage.session.set({ [ACTIVATED]: { ...activatedAt, [message.programId]: now } });
    return null;
  }
  const shops = await currentShops(CREVARDE_URL, chrome.storage.local, fetch, now);
  if (message.type === "checkout") {
    const shop = shops.find((s) => s.programId === message.programId);
    return shop ? checkoutReminderFor(shop, dismissedAt, now) : null;
  }
  const shownThisSession = ((await chrome.storage.session.get(SHOWN))[SHOWN] ?? []) as string[];
  const reminder = reminderFor(message.url, shops, { shownThisSession, dismissedAt, activatedAt }, now);
  if (!reminder) return null;
  const { programId } = reminder.shop;
  await chrome.storage.session.set({
    [SHOWN]: shownThisSession.includes(programId) ? shownThisSession : [...shownThisSession, programId],
    // « Cashback activé » is said once
    [ACTIVATED]: Object.fromEntries(Object.entries(activatedAt).filter(([id]) => id !== programId)),
  });
  return reminder;
}
