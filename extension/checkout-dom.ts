import type { CheckoutSelectors } from "#app/modules/extension/extension-shops";
import { parsePriceCents, type ApplyOutcome, type CheckoutDriver } from "./code-test";

/** How long the shop has to answer a code before it counts as « no answer ». */
const ANSWER_TIMEOUT_MS = 8_000;
/** After the shop's first change, the checkout is read once it has been still this long. */
const SETTLE_MS = 200;

const shown = (element: Element | null) => element !== null && element.getClientRects().length > 0 && (element.textContent ?? "").trim() !== "";

/** The page is the shop's checkout: its coupon field, apply button and total are all there. */
export function isCheckoutPage(doc: Document, selectors: CheckoutSelectors): boolean {
  try {
    return [selectors.couponInput, selectors.applyButton, selectors.total].every((s) => doc.querySelector(s) !== null);
  } catch {
    return false; // a selector the browser cannot parse
  }
}

/** What the driver watches after a code: the total, and the coupon error and error page when the shop has them (optional). */
export function watchedSelectors(selectors: CheckoutSelectors): string {
  return [selectors.total, selectors.couponError, selectors.errorPage].filter((s): s is string => Boolean(s)).join(", ");
}

/**
 * The checkout driver of a real page (ADR 050 §Codes at checkout): types the code as a person would (the
 * value through the native setter, then input and change events, which frameworks listen to), clicks the
 * apply button, and waits for the shop to change its total, its coupon error or to show its error page; once
 * the checkout has been still for a moment, reads it. A checkout that reloads the page on each code is not
 * supported (the run would end with the page).
 */
export function domCheckoutDriver(doc: Document, selectors: CheckoutSelectors): CheckoutDriver {
  const readTotal = () => parsePriceCents(doc.querySelector(selectors.total)?.textContent ?? "");
  const watched = watchedSelectors(selectors);
  const errorPageShown = () => (selectors.errorPage ? doc.querySelector(selectors.errorPage) !== null : false);
  const relevant = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return element !== null && (element.closest(watched) !== null || element.querySelector(watched) !== null);
  };
  const read = (): ApplyOutcome => {
    if (errorPageShown() || !doc.querySelector(selectors.couponInput) || !doc.querySelector(selectors.total)) return { kind: "error-page" };
    if (selectors.couponError && shown(doc.querySelector(selectors.couponError))) return { kind: "refused" };
    const totalCents = readTotal();
    return totalCents === null ? { kind: "error-page" } : { kind: "total", totalCents };
  };
  return {
    total: readTotal,
    apply(code) {
      const input = doc.querySelector<HTMLInputElement>(selectors.couponInput);
      const button = doc.querySelector<HTMLElement>(selectors.applyButton);
      if (!input || !button || errorPageShown()) return Promise.resolve({ kind: "error-page" });
      return new Promise<ApplyOutcome>((resolve) => {
        let settle: ReturnType<typeof setTimeout> | undefined;
        const finish = (outcome: ApplyOutcome) => {
          observer.disconnect();
          clearTimeout(settle);
          clearTimeout(timeout);
          resolve(outcome);
        };
        const observer = new MutationObserver((records) => {
          if (!records.some((r) => relevant(r.target) || [...r.addedNodes, ...r.removedNodes].some(relevant))) return;
          clearTimeout(settle);
          settle = setTimeout(() => finish(read()), SETTLE_MS);
        });
        const timeout = setTimeout(() => finish({ kind: "no-answer" }), ANSWER_TIMEOUT_MS);
        observer.observe(doc, { subtree: true, childList: true, characterData: true, attributes: true });
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, code);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
        button.click();
      });
    },
  };
}
