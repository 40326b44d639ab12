import { Avatar as P } from "radix-ui";
import { cn } from "#app/lib/utils";

export function Avatar({ src, initials, className }: { src: string | null; initials: string; className?: string }) {
  return (
    <P.Root className={cn("inline-flex shrink-0 overflow-hidden rounded-full bg-brand-100", className ?? "size-8")}>
      {src ? <P.Image src={src} alt="" className="size-full object-cover" /> : null}
      <P.Fallback className="grid size-full place-items-center text-xs font-bold text-brand-800" delayMs={src ? 300 : 0}>
        {initials}
      </P.Fallback>
    </P.Root>
  );
}
