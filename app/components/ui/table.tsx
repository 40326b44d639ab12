import * as React from "react";
import { cn } from "#app/lib/utils";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  // relative: absolutely positioned descendants (sr-only labels) are clipped by this
  // scroller instead of widening the page from their static position
  return (
    <div className="relative w-full overflow-x-auto rounded-xl border border-neutral-200">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export function TableHeader(props: React.ComponentProps<"thead">) {
  return <thead className="bg-neutral-50 text-left" {...props} />;
}
export function TableBody(props: React.ComponentProps<"tbody">) {
  return <tbody className="divide-y divide-neutral-200" {...props} />;
}
export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("hover:bg-neutral-50", className)} {...props} />;
}
export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return <th scope="col" className={cn("h-10 whitespace-nowrap px-3 font-semibold text-neutral-700", className)} {...props} />;
}
export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}
