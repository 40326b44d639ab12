import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "#app/lib/utils";

export const badgeVariants = cva(
  // one line always: a badge is one token (« Qualité ? »), never broken inside a table cell that wraps anywhere
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold",
  {
    variants: {
      variant: {
        default: "bg-brand-100 text-brand-800",
        neutral: "bg-neutral-100 text-neutral-800",
        hot: "bg-red-100 text-red-800",
        risky: "bg-amber-100 text-amber-900",
        fun: "bg-blue-100 text-blue-800",
        success: "bg-green-100 text-green-800",
        purple: "bg-purple-100 text-purple-800",
        outline: "border border-neutral-300 text-neutral-700",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
