import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import type { ConsentChoice } from "#app/modules/consent/consent";

/**
 * CNIL consent banner: "Tout refuser" is as visible as "Tout accepter", with
 * a per-purpose choice. Posts to /consent (works without JavaScript too).
 * It is rendered first in the document (app/root.tsx), so the keyboard reaches it
 * first; reopened from "Gérer les cookies", it takes the focus. While it is open,
 * the page keeps focused elements clear of it (scroll-padding-bottom).
 * It sits above the page (sticky headers are z-30/z-40) and below every modal
 * layer (dialogs, sheets and their overlays are z-50), whatever their order in
 * the document: a dialog opened while the choice is pending is never covered.
 */
export function ConsentChoices({ consent, reopened, onClose }: { consent: ConsentChoice | null; reopened: number; onClose: () => void }) {
  const [custom, setCustom] = useState(reopened > 0);
  const fetcher = useFetcher<{ ok: boolean }>();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const section = useRef<HTMLElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const focusFirstChoice = useRef(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (custom && focusFirstChoice.current) {
      focusFirstChoice.current = false;
      firstChoice.current?.focus();
    }
  }, [custom]);
  // reopened from « Gérer les cookies »: the choice per purpose, and the focus
  useEffect(() => {
    if (reopened === 0) return;
    setCustom(true);
    section.current?.focus();
  }, [reopened]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  useEffect(() => {
    const banner = section.current;
    if (!banner) return;
    const root = document.documentElement;
    const keepClear = () => root.style.setProperty("scroll-padding-bottom", `${banner.offsetHeight + 16}px`);
    keepClear();
    const observer = new ResizeObserver(keepClear);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty("scroll-padding-bottom");
    };
  }, []);

  return (
    <section
      ref={section}
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      tabIndex={-1}
      data-consent-banner=""
      // its chunk loads after the page's (./consent-banner.tsx): the e2e tests wait for this before they click
      data-hydrated={hydrated ? "true" : undefined}
      className="fixed inset-x-2 bottom-2 z-[45] mx-auto max-w-3xl rounded-2xl border border-neutral-200 bg-white p-5 shadow-2xl outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:inset-x-4 sm:bottom-4"
    >
      <h2 id="consent-title" className="text-lg font-bold">
        Tes cookies, ton choix
      </h2>
      <p className="mt-2 text-sm text-neutral-700">
        Nous mesurons l'audience de façon anonyme pour améliorer le site. Avec ton accord, nous utilisons aussi Google
        Analytics et des cookies publicitaires. Tu peux changer d'avis à tout moment via « Gérer les cookies » en bas de page.
      </p>
      <fetcher.Form method="post" action="/consent" className="mt-4">
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {custom ? (
          <fieldset className="mb-4 grid gap-2 rounded-xl bg-neutral-50 p-3 text-sm">
            <legend className="sr-only">Choix par finalité</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked disabled /> Mesure d'audience anonyme (toujours active, exemptée de consentement)
            </label>
            <label className="flex items-center gap-2">
              <input ref={firstChoice} type="checkbox" name="analytics" defaultChecked={consent?.analytics ?? false} className="accent-brand-600" /> Mesure
              d'audience Google Analytics
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="marketing" defaultChecked={consent?.marketing ?? false} className="accent-brand-600" /> Publicité
              et mesure des conversions
            </label>
          </fieldset>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-3">
          <Button type="submit" name="choice" value="none" variant="default">
            Tout refuser
          </Button>
          <Button type="submit" name="choice" value="all" variant="default">
            Tout accepter
          </Button>
          {/* two buttons, not one that changes: React would turn the very button being
              activated into a submit button before the browser's default action, which then
              saved the choices at once (seen as « custom » sent by a press on « Personnaliser ») */}
          {custom ? (
            <Button key="save" type="submit" name="choice" value="custom" variant="outline">
              Enregistrer mes choix
            </Button>
          ) : (
            <Button
              key="customize"
              type="button"
              variant="outline"
              onClick={() => {
                focusFirstChoice.current = true;
                setCustom(true);
              }}
            >
              Personnaliser
            </Button>
          )}
        </div>
      </fetcher.Form>
      {/* parsed last: the banner shows once it is complete (app.css) */}
      <span data-consent-end="" hidden />
    </section>
  );
}
