import { useEffect } from "react";
import { useLocation } from "react-router";
import { pushDataLayer } from "~/modules/analytics/data-layer";
import type { ConsentChoice } from "~/modules/consent/consent";

function beacon(payload: Record<string, unknown>) {
  const body = JSON.stringify(payload);
  if (navigator.sendBeacon?.(`/analytics`, new Blob([body], { type: "text/plain" }))) return;
  void fetch("/analytics", { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => {});
}

/**
 * Page views on every route change (path + query): the anonymous first-party
 * measurement always; Google Analytics only after consent and when configured.
 */
export function Analytics({ consent, gaMeasurementId }: { consent: ConsentChoice | null; gaMeasurementId: string | null }) {
  const location = useLocation();
  const analytics = Boolean(consent?.analytics);
  const marketing = Boolean(consent?.marketing);

  useEffect(() => {
    window.__crevardeConsent = { analytics, marketing };
    if (!analytics || !gaMeasurementId || document.getElementById("ga-loader")) return;
    window.dataLayer = window.dataLayer ?? [];
    const script = document.createElement("script");
    script.id = "ga-loader";
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`;
    document.head.appendChild(script);
    window.dataLayer.push(["js", new Date()], ["config", gaMeasurementId, { anonymize_ip: true }]);
  }, [analytics, marketing, gaMeasurementId]);

  useEffect(() => {
    const path = location.pathname + location.search;
    beacon({ event: "page_view", path });
    pushDataLayer({ event: "page_view", page_path: path });
  }, [location.pathname, location.search]);

  return null;
}
