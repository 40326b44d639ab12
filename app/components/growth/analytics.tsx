import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { gtag } from "#app/modules/analytics/data-layer";
import type { ConsentChoice } from "#app/modules/consent/consent";

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

  const path = location.pathname + location.search;
  const gaActive = analytics && Boolean(gaMeasurementId);
  const lastPageView = useRef<string | null>(null);

  useEffect(() => {
    window.__crevardeConsent = { analytics, marketing };
    if (!analytics || !gaMeasurementId || document.getElementById("ga-loader")) return;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = gtag;
    const script = document.createElement("script");
    script.id = "ga-loader";
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`;
    document.head.appendChild(script);
    gtag("js", new Date());
    // page views are sent below, once per route (also the one shown when consent is given)
    gtag("config", gaMeasurementId, { anonymize_ip: true, send_page_view: false });
  }, [analytics, marketing, gaMeasurementId]);

  useEffect(() => {
    // in a task of its own: the first sendBeacon of a page takes 5 ms, which the hydration's effects are long enough without
    setTimeout(() => beacon({ event: "page_view", path }));
  }, [path]);

  useEffect(() => {
    if (!gaActive || lastPageView.current === path) return;
    lastPageView.current = path;
    gtag("event", "page_view", { page_path: path, page_location: window.location.href, page_title: document.title });
  }, [gaActive, path]);

  return null;
}
