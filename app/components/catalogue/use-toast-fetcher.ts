import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "#app/lib/toast";

/**
 * A small form's fetcher whose answer ({ ok, message }) shows as a toast, the
 * page to come back to without JavaScript (`back`), and whether the page is
 * hydrated (then the form adds `_js=1` and gets JSON back).
 */
export function useToastFetcher<T extends { ok: boolean; message: string }>() {
  const fetcher = useFetcher<T>();
  const location = useLocation();
  const back = location.pathname + location.search;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // each answer once, as soon as it arrives (while the page revalidates): a form that the
  // revalidated page no longer shows (« Signalé » instead of « Signaler ») still gets its toast
  const shown = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state === "submitting" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
  return { fetcher, back, hydrated };
}
