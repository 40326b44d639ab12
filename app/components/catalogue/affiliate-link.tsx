import { useId } from "react";
import { cn } from "#app/lib/utils";
import { kpiHref, type KpiLink } from "#app/modules/tracking/kpi-link";

const AFFILIATE_MENTION = "lien affilié";
const AFFILIATE_REL = "sponsored nofollow";
/** a link a member wrote (a member deal): search engines are told it is user content, not ours to vouch for */
const UGC_REL = "ugc nofollow sponsored noopener";

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
 * rel="sponsored" (and "ugc" on a member's link), with the "lien affilié" mention visible beside it and tied
 * to it for screen readers (aria-describedby).
 */
export function AffiliateLink({
  link,
  href,
  js = false,
  className,
  wrapperClassName,
  inline = false,
  ugc = false,
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
  /** a member's link (a member deal): user content, rel="ugc" too */
  ugc?: boolean;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <span className={cn(inline ? "inline-flex flex-wrap items-baseline gap-x-2" : "inline-flex flex-col items-center gap-1", wrapperClassName)}>
      <a href={href ?? `${kpiHref(link)}${js ? "&js=1" : ""}`} rel={ugc ? UGC_REL : AFFILIATE_REL} aria-describedby={id} data-affiliate-link="" className={className}>
        {children}
      </a>
      <AffiliateMention id={id} />
    </span>
  );
}
