import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "#app/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 text-center rounded-full font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white hover:bg-brand-700",
        secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
        outline: "border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50",
        ghost: "text-neutral-800 hover:bg-neutral-100",
        "ghost-danger": "text-red-700 hover:bg-neutral-100",
        destructive: "bg-red-600 text-white hover:bg-red-700",
        link: "text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        // each size sets its text size: a base text-sm would meet lg's text-base (no tailwind-merge, ADR 027)
        default: "min-h-10 px-5 py-2 text-sm",
        sm: "min-h-9 px-4 py-1.5 text-sm",
        xs: "min-h-9 px-2 py-1.5 text-xs",
        lg: "min-h-12 px-7 py-2 text-base",
        icon: "size-10 text-sm",
        "icon-sm": "size-8 text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps
  extends React.ButtonHTMLAttributes<HTMLButtonElement>,
    VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

/**
 * `asChild` styles its single child element (a link, usually) as a button
 * instead of rendering a <button>: the child keeps its own props, the button's
 * are added, and the classes are merged. Done with `cloneElement` rather than
 * Radix Slot, which would add 1 KB to every public page (ADR 027).
 */
export function Button({ className, variant, size, asChild = false, children, ...props }: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild && React.isValidElement<{ className?: string }>(children)) {
    return React.cloneElement(children, { ...props, className: cn(classes, children.props.className) });
  }
  return (
    <button className={cn(classes)} {...props}>
      {children}
    </button>
  );
}
