import * as React from "react";
import { cn } from "#app/lib/utils";
import { buttonVariants } from "./button";

/**
 * A popover on the HTML `popover` attribute (issue #16: no Radix and floating-ui
 * on public pages, ≈ 20 KB gzipped). The browser opens and closes it, with
 * light dismiss and Escape, before hydration too. CSS anchor positioning puts
 * it under its button, aligned on the button's right edge; a browser without
 * it shows the panel centred.
 */
export function Popover({
  id,
  label,
  children,
  className,
}: {
  /** the panel's id, unique on the page */
  id: string;
  /** the button's content */
  label: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const anchor = `--${id}`;
  return (
    <>
      <button type="button" popoverTarget={id} className={buttonVariants({ variant: "outline" })} style={{ anchorName: anchor } as React.CSSProperties}>
        {label}
      </button>
      <div
        id={id}
        popover="auto"
        className={cn(
          "w-64 rounded-xl border border-neutral-200 bg-white p-4 text-neutral-900 shadow-lg outline-none",
          // under the button, its right edge on the button's (flipped above when there is no room)
          "[inset:auto] [margin:6px_0] [position-area:bottom_span-left] [position-try-fallbacks:flip-block]",
          className,
        )}
        style={{ positionAnchor: anchor } as React.CSSProperties}
      >
        {children}
      </div>
    </>
  );
}
