import { Dialog as P } from "radix-ui";
import { X } from "lucide-react";
import * as React from "react";
import { cn } from "#app/lib/utils";

export const Dialog = P.Root;

export function DialogContent({ className, children, ...props }: React.ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <P.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl",
          className,
        )}
        {...props}
      >
        {children}
        <P.Close className="absolute right-4 top-4 rounded-full p-1 text-neutral-600 hover:bg-neutral-100" aria-label="Fermer">
          <X className="size-5" />
        </P.Close>
      </P.Content>
    </P.Portal>
  );
}
export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof P.Title>) {
  return <P.Title className={cn("text-lg font-bold", className)} {...props} />;
}
export function DialogDescription({ className, ...props }: React.ComponentProps<typeof P.Description>) {
  return <P.Description className={cn("text-sm text-neutral-600", className)} {...props} />;
}
