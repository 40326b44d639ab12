/** Client-side data layer (Google Tag Manager style). Only fed after consent. */
declare global {
  interface Window {
    dataLayer?: unknown[];
    __crevardeConsent?: { analytics: boolean; marketing: boolean };
  }
}

export function pushDataLayer(entry: Record<string, unknown>) {
  if (typeof window === "undefined") return;
  const consent = window.__crevardeConsent;
  if (!consent || (!consent.analytics && !consent.marketing)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}
