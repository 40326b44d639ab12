import { Checkbox as P } from "radix-ui";
import { Check } from "lucide-react";
import * as React from "react";
import { cn } from "~/lib/utils";

export function Checkbox({ className, ...props }: React.ComponentProps<typeof P.Root>) {
  return (
    <P.Root
      className={cn(
        "grid size-5 shrink-0 place-items-center rounded-md border border-neutral-400 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-white",
        className,
      )}
      {...props}
    >
      <P.Indicator>
        <Check className="size-3.5" />
      </P.Indicator>
    </P.Root>
  );
}
