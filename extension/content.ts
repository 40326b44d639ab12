import { showBanner } from "./banner";
import type { ExtensionMessage, ReminderAnswer } from "./messages";

/**
 * The content script (ADR 050): asks the service worker whether this page is a partner shop's (its
 * address never leaves the browser) and, only then, adds the banner. « Activer le cashback » opens
 * the site's activation on the shopper's click; nothing else on the page is read or changed.
 */
const send = <T>(message: ExtensionMessage) => chrome.runtime.sendMessage<T>(message);

send<ReminderAnswer>({ type: "reminder", url: location.href }).then((reminder) => {
  if (!reminder) return;
  const { programId } = reminder.shop;
  showBanner(document, reminder, {
    // remembered first, so that the return to the shop says « Cashback activé »
    onActivate: () =>
      void send({ type: "activate", programId }).finally(() => location.assign(new URL(`/cashback/activer/${encodeURIComponent(programId)}`, CREVARDE_URL).href)),
    onClose: () => void send({ type: "dismiss", programId }),
  });
});
