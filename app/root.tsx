import "./lib/zod-config";
import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useRouteLoaderData } from "react-router";
import { ToastHost } from "~/components/toast-host";
import { toast as showToast } from "~/lib/toast";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Analytics } from "./components/growth/analytics";
import { ConsentBanner } from "./components/growth/consent-banner";
import { ContentProtection } from "./components/growth/content-protection";
import { parisYear } from "./modules/settings/paris-time";
import { getSetting } from "./modules/settings/settings.server";
import { isBackOfficePath, readConsentChoice } from "./modules/consent/consent";
import { getSessionUser, displayName, initials } from "./lib/auth.server";
import { getEnv } from "./lib/env.server";
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
    getSessionUser(request),
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

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const css = useInlineCss();
  // the page is interactive from here on (the e2e tests wait for it: hydration starts after the first paint)
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="fr">
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
