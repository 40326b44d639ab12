import { useEffect, useState } from "react";
import { countdownParts, formatCountdown } from "#app/modules/temu/countdown";

/**
 * The time left until `endsAt`, ticking every second on the visitor's clock.
 * The first render uses the server's verdict (`initiallyOver`) so hydration
 * matches; then the browser's clock takes over, so the banner and the "offer
 * ended" notice always agree with what the visitor sees ticking.
 */
export function useCountdown(endsAt: string, initiallyOver: boolean) {
  const [parts, setParts] = useState(() => (initiallyOver ? null : countdownParts(endsAt)));
  useEffect(() => {
    let id: number | undefined;
    const tick = () => {
      const next = countdownParts(endsAt);
      setParts(next);
      if (!next && id !== undefined) window.clearInterval(id);
      return next;
    };
    if (tick()) id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [endsAt]);
  return parts;
}

/** The landing page's banner: ticks every second and disappears at zero. */
export function CountdownBanner({ parts }: { parts: ReturnType<typeof countdownParts> }) {
  if (!parts) return null;
  return (
    <div className="bg-brand-900 px-4 py-2 text-center text-sm font-semibold text-white" role="timer" aria-live="off" data-testid="countdown">
      L'offre se termine dans <span className="tabular-nums">{formatCountdown(parts)}</span>
    </div>
  );
}
