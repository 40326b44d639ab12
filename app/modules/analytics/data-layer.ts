/** Client-side Google tag (gtag.js). Only fed after consent. */
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    __crevardeConsent?: { analytics: boolean; marketing: boolean };
  }
}

/**
 * The canonical `function gtag(){dataLayer.push(arguments);}`: gtag.js reads only
 * Arguments objects from the data layer (an array is silently ignored), so this pushes
 * the Arguments object itself.
 */
export function gtag(...args: unknown[]): void;
export function gtag(): void {
  if (typeof window === "undefined") return;
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params -- gtag.js needs the Arguments object itself
  window.dataLayer.push(arguments);
}

/** A Google Analytics event, e.g. `{ event: "page_view", page_path }`, only after consent. */
export function pushDataLayer({ event, ...params }: { event: string } & Record<string, unknown>) {
  if (typeof window === "undefined") return;
  const consent = window.__crevardeConsent;
  if (!consent || (!consent.analytics && !consent.marketing)) return;
  gtag("event", event, params);
}
