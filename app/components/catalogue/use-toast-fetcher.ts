import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "~/lib/toast";

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
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
  return { fetcher, back, hydrated };
}
