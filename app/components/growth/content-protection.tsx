import { useEffect } from "react";

/**
 * The spec's content protection (ADR 006), a site setting: its code (./protect)
 * loads only where it is on, after hydration (issue #38 item 4, ADR 027).
 */
export function ContentProtection({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    let undo: (() => void) | undefined;
    let cancelled = false;
    void import("./protect").then(({ protect }) => {
      if (!cancelled) undo = protect();
    });
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [enabled]);
  return null;
}
