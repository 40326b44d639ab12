import type { CheckoutSelectors } from "#app/modules/extension/extension-shops";
import { parsePriceCents, type ApplyOutcome, type CheckoutDriver, type PageOutcome } from "./code-test";

/** How long the shop has to answer a code before it counts as « no answer ». */
const ANSWER_TIMEOUT_MS = 8_000;
/** After the shop's first change, the checkout is read once it has been still this long. */
const SETTLE_MS = 200;
/** How long a page of the shop is watched for a checkout it renders after `document_idle` (then no more). */
export const LATE_CHECKOUT_MS = 15_000;

const shown = (element: Element | null) => element !== null && element.getClientRects().length > 0 && (element.textContent ?? "").trim() !== "";

/** The page is the shop's checkout: its coupon field, apply button and total are all there. */
export function isCheckoutPage(doc: Document, selectors: CheckoutSelectors): boolean {
  try {
    return [selectors.couponInput, selectors.applyButton, selectors.total].every((s) => doc.querySelector(s) !== null);
  } catch {
    return false; // a selector the browser cannot parse
  }
}

/** The page shows what only the shop's error page shows. */
export function isErrorPage(doc: Document, selectors: CheckoutSelectors): boolean {
  try {
    return selectors.errorPage ? doc.querySelector(selectors.errorPage) !== null : false;
  } catch {
    return false;
  }
}

/** What the driver watches after a code: the total, and the coupon error, the error page and the remove buttons when the shop has them (optional). */
export function watchedSelectors(selectors: CheckoutSelectors): string {
  return [selectors.total, selectors.couponError, selectors.errorPage, selectors.removeCoupon].filter((s): s is string => Boolean(s)).join(", ");
}

/** A timer that can be cancelled (the page's setTimeout; a fake in the tests). */
type Timer = (run: () => void, ms: number) => () => void;
const pageTimer: Timer = (run, ms) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

/**
 * True as soon as `present()` holds, checked now and on each change `subscribe` reports; false once `timeoutMs` have
 * passed without it. Either way it stops watching (ADR 050 §Codes at checkout: a checkout rendered after
 * `document_idle`).
 */
export function whenPresent(present: () => boolean, subscribe: (onChange: () => void) => () => void, timeoutMs: number, timer: Timer = pageTimer): Promise<boolean> {
  if (present()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (found: boolean) => {
      unsubscribe();
      cancel();
      resolve(found);
    };
    const unsubscribe = subscribe(() => {
      if (present()) done(true);
    });
    const cancel = timer(() => done(false), timeoutMs);
  });
}

/** Each change of the page's elements (not of their attributes or text), for `whenPresent`. */
export const domChanges = (doc: Document) => (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(doc, { subtree: true, childList: true });
  return () => observer.disconnect();
};

/**
 * The checkout driver of a real page (ADR 050 §Codes at checkout): types the code as a person would (the
 * value through the native setter, then input and change events, which frameworks listen to), clicks the
 * apply button (or the last remove button), and waits for the shop to change its total, its coupon error, its
 * remove buttons or to show its error page; once the checkout has been still for a moment, reads it. When the page
 * starts to go away instead (a checkout that reloads the page on each code), the step's answer is « navigating »:
 * the next page reads it (`read`).
 */
export function domCheckoutDriver(doc: Document, selectors: CheckoutSelectors): CheckoutDriver & { read(): PageOutcome } {
  const readTotal = () => parsePriceCents(doc.querySelector(selectors.total)?.textContent ?? "");
  const watched = watchedSelectors(selectors);
  const relevant = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return element !== null && (element.closest(watched) !== null || element.querySelector(watched) !== null);
  };
  const removeButtons = () => (selectors.removeCoupon ? [...doc.querySelectorAll<HTMLElement>(selectors.removeCoupon)] : []);
  const read = (): PageOutcome => {
    if (isErrorPage(doc, selectors) || !doc.querySelector(selectors.couponInput) || !doc.querySelector(selectors.total)) return { kind: "error-page" };
    if (selectors.couponError && shown(doc.querySelector(selectors.couponError))) return { kind: "refused" };
    const totalCents = readTotal();
    return totalCents === null ? { kind: "error-page" } : { kind: "total", totalCents };
  };
  /** Does `act` (a click), then waits for the shop's answer in the page, or for the page to go away. */
  const answerTo = (act: () => void) =>
    new Promise<ApplyOutcome>((resolve) => {
      const win = doc.defaultView;
      let settle: ReturnType<typeof setTimeout> | undefined;
      const finish = (outcome: ApplyOutcome) => {
        observer.disconnect();
        clearTimeout(settle);
        clearTimeout(timeout);
        win?.removeEventListener("beforeunload", leaving);
        win?.removeEventListener("pagehide", leaving);
        resolve(outcome);
      };
      const leaving = () => finish({ kind: "navigating" });
      const observer = new MutationObserver((records) => {
        if (!records.some((r) => relevant(r.target) || [...r.addedNodes, ...r.removedNodes].some(relevant))) return;
        clearTimeout(settle);
        settle = setTimeout(() => finish(read()), SETTLE_MS);
      });
      const timeout = setTimeout(() => finish({ kind: "no-answer" }), ANSWER_TIMEOUT_MS);
      observer.observe(doc, { subtree: true, childList: true, characterData: true, attributes: true });
      win?.addEventListener("beforeunload", leaving);
      win?.addEventListener("pagehide", leaving);
      act();
    });
  return {
    total: readTotal,
    appliedCodes: () => removeButtons().length,
    read,
    apply(code) {
      const input = doc.querySelector<HTMLInputElement>(selectors.couponInput);
      const button = doc.querySelector<HTMLElement>(selectors.applyButton);
      if (!input || !button || isErrorPage(doc, selectors)) return Promise.resolve({ kind: "error-page" });
      return answerTo(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, code);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
        button.click();
      });
    },
    remove() {
      const button = removeButtons().at(-1);
      if (!button) return Promise.resolve(read());
      return answerTo(() => button.click());
    },
  };
}
