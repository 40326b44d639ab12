import { Tabs as P } from "radix-ui";
import * as React from "react";
import { cn } from "#app/lib/utils";

export const Tabs = P.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof P.List>) {
  return <P.List className={cn("inline-flex w-full rounded-full bg-neutral-100 p-1", className)} {...props} />;
}
export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof P.Trigger>) {
  return (
    <P.Trigger
      className={cn(
        "flex-1 rounded-full px-4 py-2 text-sm font-semibold text-neutral-600 transition data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
export function TabsContent({ className, ...props }: React.ComponentProps<typeof P.Content>) {
  return <P.Content className={cn("mt-4 outline-none", className)} {...props} />;
}
