import { AlertDialog as P } from "radix-ui";
import * as React from "react";
import { buttonVariants } from "./button";
import { cn } from "#app/lib/utils";

export const AlertDialog = P.Root;
export const AlertDialogTrigger = P.Trigger;

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <P.Content
        className={cn("fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-xl", className)}
        {...props}
      />
    </P.Portal>
  );
}
export const AlertDialogTitle = ({ className, ...props }: React.ComponentProps<typeof P.Title>) => (
  <P.Title className={cn("text-lg font-bold", className)} {...props} />
);
export const AlertDialogDescription = ({ className, ...props }: React.ComponentProps<typeof P.Description>) => (
  <P.Description className={cn("text-sm text-neutral-700", className)} {...props} />
);
export const AlertDialogCancel = ({ className, ...props }: React.ComponentProps<typeof P.Cancel>) => (
  <P.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />
);
