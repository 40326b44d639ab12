import { Popover as P } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;
export const PopoverClose = P.Close;

export function PopoverContent({ className, align = "end", sideOffset = 6, ...props }: React.ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        align={align}
        sideOffset={sideOffset}
        className={cn("z-50 w-64 rounded-xl border border-neutral-200 bg-white p-4 shadow-lg outline-none", className)}
        {...props}
      />
    </P.Portal>
  );
}
