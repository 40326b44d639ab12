import "./lib/zod-config";
import { createContext, startTransition, useContext, useEffect, useState } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { ToastHost } from "#app/components/toast-host";
import { toast as showToast } from "#app/lib/toast";
import type { Route } from "./+types/root";
import type { Moi } from "./modules/members/moi.server";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Analytics } from "./components/growth/analytics";
import { ConsentBanner } from "./components/growth/consent-banner";
import { ContentProtection } from "./components/growth/content-protection";
import { parisYear } from "./modules/settings/paris-time";
import { getSetting } from "./modules/settings/settings.server";
import { isBackOfficePath, readConsentChoice } from "./modules/consent/consent";
import { getSessionUser } from "./lib/auth.server";
import { displayName, initials } from "./modules/accounts/display";
import { getEnv } from "./lib/env.server";
import { isSharedPage } from "./lib/shared-pages";
import { useInlineCss, useNonce } from "./lib/nonce";
import { combineHeaders, getToast } from "./lib/toast.server";
import stylesheet from "./app.css?url";
// the only preloaded font file: the Latin variable file that app.css's @font-face names (same asset)
import fontUrl from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";

// In production the stylesheet (≈5 KB gzipped) is inlined by entry.server: no render-blocking request.
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  const [sessionUser, { toast, headers }, contentProtection, gaSetting, cashbackLaunched] = await Promise.all([
    // a shared page is the same for everyone (ADR 048): the header's member comes from /api/moi after hydration
    isSharedPage(new URL(request.url).pathname) ? null : getSessionUser(request),
    getToast(request),
    getSetting("content_protection"),
    getSetting("ga_measurement_id"),
    getSetting("cashback_launched"),
  ]);
  const user = sessionUser
    ? {
        id: sessionUser.id,
        email: sessionUser.email,
        displayName: displayName(sessionUser),
        initials: initials(displayName(sessionUser)),
        avatarUrl: sessionUser.avatarUrl,
        dealsUsed: sessionUser.dealsUsed,
        role: sessionUser.role,
        newsletterSubscribed: sessionUser.newsletterSubscribed,
      }
    : null;
  return data(
    {
      siteName: env.SITE_NAME,
      siteUrl: env.SITE_URL,
      gaMeasurementId: env.GA_MEASUREMENT_ID ?? (gaSetting || null),
      consent: readConsentChoice(request.headers.get("cookie")),
      contentProtection,
      /** the footer's cashback copy: "bientôt" until an admin launches it */
      cashbackLaunched,
      user,
      toast,
      // the year of the footer's copyright line, in Paris (the server's clock, so the page hydrates as rendered)
      year: parisYear(),
    },
    { headers: combineHeaders(headers) },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** Root loader data from anywhere in the tree. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

// The member's own state on a shared page (ADR 048). Here, beside useRootData, so that it ships in the root's chunk,
// which every page loads already, and not as a chunk of its own (ADR 027).
const MoiContext = createContext<Moi | null>(null);

/** The signed-in member's own state on this page (GET /api/moi, ADR 048); null until it has arrived. */
export const useMoi = () => useContext(MoiContext);

/** The ids a page's cards ask about: `data-moi-deal` and `data-moi-code` attributes, in the order shown. */
const shownIds = (attribute: string) =>
  [...new Set(Array.from(document.querySelectorAll(`[${attribute}]`), (e) => e.getAttribute(attribute)))].slice(0, 60).join(",");

/**
 * After hydration and after each navigation, one request for the member's own state on the page: the page
 * itself is the same for everyone (ADR 048). Without JavaScript nothing is asked; the forms still post.
 */
export function MoiProvider({ children }: { children: React.ReactNode }) {
  const { key } = useLocation();
  // asked again once the page's data is (after a form's action: the member's new comment, vote or flag)
  const page = useMatches().at(-1)?.loaderData;
  const [moi, setMoi] = useState<Moi | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // a deal page (`data-moi-deal-page`) also asks for the member's own parts of it
    const deal = document.querySelector("[data-moi-deal-page]")?.getAttribute("data-moi-deal-page");
    // a page whose list may hold more cards than one request names (« Mes codes promo ») names the list instead
    const list = document.querySelector("[data-moi-list]")?.getAttribute("data-moi-list");
    fetch(`/api/moi?deals=${shownIds("data-moi-deal")}&codes=${shownIds("data-moi-code")}${deal ? `&deal=${deal}` : ""}${list ? `&${list}` : ""}`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      // a transition, not urgent: the cards' re-render with the member's state yields to the browser every few
      // milliseconds instead of running as one long task (a sync render of every card, seen in a trace of /)
      .then((value: Moi | null) => value && startTransition(() => setMoi(value)))
      .catch(() => {});
    return () => controller.abort();
  }, [key, page]);
  return <MoiContext.Provider value={moi}>{children}</MoiContext.Provider>;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const css = useInlineCss();
  // content protection's attribute, rendered with the page (ADR 057): set after hydration, it made the browser
  // restyle the whole page (its rules hang on <html>) in one task of 30 ms on this machine kind
  const contentProtection = useRootData()?.contentProtection;
  // the page is interactive from here on (the e2e tests wait for it: hydration starts after the first paint)
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="fr" data-protected={contentProtection ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#be185d" />
        {import.meta.env.DEV ? null : <style id="app-css" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />}
        <Meta />
        {/* stylesheets are covered by style-src; a nonce here would differ on hydration */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast, consent, gaMeasurementId, contentProtection } = useLoaderData<typeof loader>();
  // read from the location, not the loader: the root loader does not run again on a client-side move into /admin
  const backOffice = isBackOfficePath(useLocation().pathname);
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    show(toast.title, { description: toast.description });
  }, [toast]);
  return (
    <>
      {/* first in the document: on a first visit the keyboard reaches the consent choice before the page */}
      {backOffice ? null : <ConsentBanner consent={consent} />}
      <Outlet />
      <ToastHost />
      {backOffice ? null : <Analytics consent={consent} gaMeasurementId={gaMeasurementId} />}
      <ContentProtection enabled={contentProtection} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
