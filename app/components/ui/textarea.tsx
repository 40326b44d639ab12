import * as React from "react";
import { cn } from "#app/lib/utils";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full rounded-xl border border-neutral-300 bg-white px-3 py-2 text-base placeholder:text-neutral-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-200 disabled:opacity-50 aria-[invalid=true]:border-red-500 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
