import type { ExtensionMessage, ReminderAnswer } from "./messages";
import { liveDismissals, reminderFor } from "./reminder";
import { currentShops } from "./shop-list";

/**
 * The service worker (ADR 050): keeps the partner shops (chrome.storage.local, an hour), decides a
 * page's reminder from its address alone and remembers what was shown and activated (chrome.storage.session:
 * this browsing session) and dismissed (chrome.storage.local: 24 h). It never changes a page, a tab or a cookie.
 */
const SHOWN = "shownThisSession";
const DISMISSED = "dismissedAt";
const ACTIVATED = "activatedAt";

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  answer(message as ExtensionMessage).then(sendResponse, () => sendResponse(null));
  return true;
});

async function answer(message: ExtensionMessage): Promise<ReminderAnswer> {
  const now = Date.now();
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
