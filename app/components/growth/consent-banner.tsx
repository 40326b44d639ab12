import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { OPEN_CONSENT_EVENT, type ConsentChoice } from "#app/modules/consent/consent";
import { ConsentChoices as ServerConsentChoices } from "./consent-choices";

/**
 * The choices load only when shown (issue #38 item 4, ADR 027): on a first
 * visit, where the server renders them and the browser hydrates them once their
 * chunk has arrived (until then they are plain HTML whose buttons post without
 * JavaScript), or when « Gérer les cookies » asks. The server renders them
 * directly; `import.meta.env.SSR` keeps that import out of the browser's build.
 */
const ConsentChoices = import.meta.env.SSR ? ServerConsentChoices : lazy(() => import("./consent-choices").then((m) => ({ default: m.ConsentChoices })));

/** Reopen the consent banner from anywhere (footer, /legal/cookies). */
export function ManageCookiesButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}>
      Gérer les cookies
    </button>
  );
}

/** The CNIL consent banner (./consent-choices), open on a first visit and reopened by « Gérer les cookies ». */
export function ConsentBanner({ consent }: { consent: ConsentChoice | null }) {
  const [open, setOpen] = useState(consent === null);
  const [reopened, setReopened] = useState(0);
  useEffect(() => {
    const reopen = () => {
      setOpen(true);
      setReopened((n) => n + 1);
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentChoices consent={consent} reopened={reopened} onClose={close} />
    </Suspense>
  );
}
