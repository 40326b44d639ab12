import { useEffect, useState } from "react";
import { countdownParts, formatCountdown } from "~/modules/temu/countdown";

/** Ticks every second; disappears at zero. `initiallyOver` comes from the server so SSR matches. */
export function CountdownBanner({ endsAt, initiallyOver }: { endsAt: string; initiallyOver: boolean }) {
  const [parts, setParts] = useState(() => (initiallyOver ? null : countdownParts(endsAt)));
  const [over, setOver] = useState(initiallyOver);
  useEffect(() => {
    if (initiallyOver) return;
    const tick = () => {
      const next = countdownParts(endsAt);
      setParts(next);
      if (!next) setOver(true);
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [endsAt, initiallyOver]);
  if (over || !parts) return null;
  return (
    <div className="bg-brand-900 px-4 py-2 text-center text-sm font-semibold text-white" role="timer" aria-live="off" data-testid="countdown">
      L'offre se termine dans <span className="tabular-nums">{formatCountdown(parts)}</span>
    </div>
  );
}
