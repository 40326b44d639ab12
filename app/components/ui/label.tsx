import { Label as P } from "radix-ui";
import * as React from "react";
import { cn } from "#app/lib/utils";

export function Label({ className, ...props }: React.ComponentProps<typeof P.Root>) {
  return <P.Root className={cn("text-sm font-medium text-neutral-800", className)} {...props} />;
}
