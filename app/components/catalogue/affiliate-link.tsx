import { useId } from "react";
import { cn } from "~/lib/utils";
import { kpiHref, type KpiLink } from "~/modules/tracking/kpi-link";

const AFFILIATE_MENTION = "lien affilié";

/** The discreet, visible "lien affilié" mention (Code de la consommation L111-7; ADR 011). */
export function AffiliateMention({ id, className }: { id?: string; className?: string }) {
  return (
    <span id={id} data-affiliate-mention="" className={cn("text-[11px] font-normal leading-none text-neutral-500", className)}>
      {AFFILIATE_MENTION}
    </span>
  );
}

/**
 * Every outbound link to a merchant: through the tracked redirect /kpi, marked
 * rel="sponsored", with the "lien affilié" mention visible beside it and tied
 * to it for screen readers (aria-describedby).
 */
export function AffiliateLink({
  link,
  href,
  js = false,
  className,
  wrapperClassName,
  inline = false,
  children,
}: {
  link: KpiLink;
  /** a member's tracked cashback click-out (/cashback/activer/…) instead of /kpi */
  href?: string | null;
  /** the spinner page that fires the data-layer events (the /temu coupons) */
  js?: boolean;
  className?: string;
  wrapperClassName?: string;
  /** mention on the same line (text links) rather than under the button */
  inline?: boolean;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <span className={cn(inline ? "inline-flex flex-wrap items-baseline gap-x-2" : "inline-flex flex-col items-center gap-1", wrapperClassName)}>
      <a href={href ?? `${kpiHref(link)}${js ? "&js=1" : ""}`} rel="sponsored nofollow" aria-describedby={id} data-affiliate-link="" className={className}>
        {children}
      </a>
      <AffiliateMention id={id} />
    </span>
  );
}
