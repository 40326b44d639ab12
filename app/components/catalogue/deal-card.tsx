import { ExternalLink, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { initials } from "#app/modules/accounts/display";
import { Badge } from "#app/components/ui/badge";
import { buttonVariants } from "#app/components/ui/button";
import { Skeleton } from "#app/components/ui/skeleton";
import { cn } from "#app/lib/utils";
import { AffiliateLink } from "./affiliate-link";
import { isDealCode } from "#app/modules/deals/deals.constants";
import { CopyButton } from "./copy-button";
import { CodeSignUpPrompt } from "./code-sign-up-prompt";
import { DealHeatBadges, type DealHeat } from "./deal-heat";
import { memberPath } from "#app/modules/members/member-badges";
import { pluralForm } from "#app/lib/plural";
import type { PriceTruth } from "#app/modules/prices/price-truth";

export interface DealCardData {
  id: string;
  title: string;
  description: string;
  price: string;
  originalPrice: string | null;
  imageUrl: string | null;
  source: string;
  badgeText: string;
  badgeType: "hot" | "risky" | "fun";
  /** the code (masked for visitors by the loader) or the link's label */
  ctaText: string;
  /** true when ctaText is a masked code: no copy button, the sign-up prompt instead */
  codeMasked: boolean;
  url: string;
  brandName: string | null;
  /** past its end date or flagged expired: still listed, marked « Expiré » */
  expired?: boolean;
  /** a member's tracked cashback link (brand with an active programme, cashback launched) */
  cashbackHref?: string | null;
  /** the temperature as shown (hidden while new) (issue #15) */
  heat?: DealHeat;
  /** visible comments (issue #15 item 4) */
  commentsCount?: number;
  /** the member who posted it (their pseudo), null for the editors' deals */
  authorName?: string | null;
  /** their avatar, beside the pseudo */
  authorAvatarUrl?: string | null;
  /** « il y a 3 heures » (written by the server from the request's time) */
  postedAgo?: string;
  /** posted by a member: the link is user content (rel="ugc") */
  memberPosted?: boolean;
  /** its product's 30-day low and the true reduction (issue #39, ADR 049); null without a reference */
  priceTruth?: PriceTruth | null;
}

/**
 * Who posted the deal and when (issue #34 item 9, as on Dealabs): the member's avatar and « par Zoé », linked to
 * their public page, then « il y a 3 heures »; an editors' deal says « Sélection Crevarde ».
 */
export function DealByline({ deal, className }: { deal: Pick<DealCardData, "authorName" | "authorAvatarUrl" | "postedAgo">; className?: string }) {
  if (!deal.authorName && !deal.postedAgo) return null;
  return (
    <p className={cn("flex min-w-0 items-center gap-2 text-neutral-600", className ?? "text-xs")} data-testid="deal-byline">
      {deal.authorName ? (
        <>
          {/* a plain image or the initials: Radix's avatar would weigh on every page with a deal card (ADR 027) */}
          {deal.authorAvatarUrl ? (
            <img src={deal.authorAvatarUrl} alt="" width={24} height={24} loading="lazy" className="size-6 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-100 text-[0.625rem] font-bold text-brand-800" aria-hidden="true">
              {initials(deal.authorName)}
            </span>
          )}
          <span className="min-w-0 truncate">
            par{" "}
            <Link to={memberPath(deal.authorName)} className="font-semibold text-brand-700 hover:underline">
              {deal.authorName}
            </Link>
          </span>
        </>
      ) : (
        <span>Sélection Crevarde</span>
      )}
      {deal.postedAgo ? (
        <>
          <span aria-hidden="true">·</span>
          <span className="shrink-0">{deal.postedAgo}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * A deal card (`data-moi-deal`: a shared page asks /api/moi about it, ADR 048). `children` are the member's own controls (vote, save), shown inside the card at its foot, as on
 * Dealabs (issue #34 item 9).
 */
export function DealCard({ deal, priority = false, children }: { deal: DealCardData; priority?: boolean; children?: ReactNode }) {
  const hasCode = deal.codeMasked || isDealCode(deal.ctaText);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm" data-moi-deal={deal.id}>
      <div className="relative aspect-[3/2] bg-neutral-100">
        {deal.imageUrl ? (
          <img
            src={deal.imageUrl}
            alt=""
            width={480}
            height={320}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            className="size-full object-cover"
          />
        ) : null}
        <Badge variant={deal.badgeType} className="absolute left-3 top-3 shadow">
          {deal.badgeText}
        </Badge>
        {deal.heat ? <DealHeatBadges heat={deal.heat} expired={deal.expired ?? false} className="absolute right-3 top-3 justify-end shadow" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-xs font-semibold text-neutral-500">
          <p className="uppercase tracking-wide">{deal.source}</p>
          {deal.commentsCount !== undefined ? (
            <Link to={`/coup-de-crevarde/${deal.id}#commentaires`} className="inline-flex items-center gap-1 hover:text-brand-700" data-testid="deal-card-comments">
              <MessageSquare className="size-3.5" aria-hidden="true" />
              {deal.commentsCount}
              <span className="sr-only"> {pluralForm(deal.commentsCount, { one: "commentaire", other: "commentaires" })}</span>
            </Link>
          ) : null}
        </div>
        <h3 className="font-bold leading-snug">
          <Link to={`/coup-de-crevarde/${deal.id}`} className="hover:text-brand-700 hover:underline">
            {deal.title}
          </Link>
        </h3>
        <DealByline deal={deal} />
        <p className="line-clamp-3 text-sm text-neutral-600">{deal.description}</p>
        <DealPrice deal={deal} className="mt-1" />
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {hasCode ? (
            <>
              <code className="rounded-lg border border-dashed border-brand-300 bg-brand-50 px-2 py-1 font-mono text-sm font-bold">
                {deal.ctaText}
              </code>
              {deal.codeMasked ? null : <CopyButton code={deal.ctaText} />}
            </>
          ) : null}
          <AffiliateLink
            link={{ destination: deal.url, action: "deal_click", label: deal.title, dealId: deal.id }}
            href={deal.cashbackHref}
            ugc={deal.memberPosted}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            wrapperClassName="ml-auto"
          >
            {hasCode ? "Voir le deal" : deal.ctaText}
            <ExternalLink aria-hidden="true" />
          </AffiliateLink>
        </div>
        {deal.codeMasked ? <CodeSignUpPrompt /> : null}
        {children ? <div className="flex flex-col gap-2 border-t border-neutral-100 pt-3">{children}</div> : null}
      </div>
    </article>
  );
}

/**
 * The price and the original price (card: xl, deal page: 3xl), told true (ADR 049): the reduction from the 30-day
 * reference price, never from a higher original price, which is then « Prix barré annoncé » with « Réduction surestimée ».
 */
export function DealPrice({ deal, large = false, className }: { deal: Pick<DealCardData, "price" | "originalPrice" | "priceTruth">; large?: boolean; className?: string }) {
  const truth = deal.priceTruth;
  return (
    <div className={cn("flex flex-col gap-1", className)} data-testid="deal-price">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className={cn("font-black text-brand-700", large ? "text-3xl" : "text-xl")}>{deal.price}</span>
        {truth?.percent ? <span className="rounded bg-brand-700 px-1.5 text-sm font-bold text-white">{truth.percent}</span> : null}
        {deal.originalPrice ? (
          <span className={cn("text-neutral-500", !large && "text-sm")}>
            <span className={truth?.overstated ? undefined : "sr-only"}>{truth?.overstated ? "Prix barré annoncé : " : "Prix d'origine : "}</span>
            <s>{deal.originalPrice}</s>
          </span>
        ) : null}
        {truth?.overstated ? <Badge variant="risky">Réduction surestimée</Badge> : null}
      </p>
      {truth ? <p className="text-xs text-neutral-600">{truth.lowest}</p> : null}
      {truth?.note ? <p className="text-xs font-semibold text-amber-900">{truth.note}</p> : null}
    </div>
  );
}

export function DealCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-neutral-200" data-testid="deal-skeleton">
      <Skeleton className="aspect-[3/2] rounded-none!" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-6 w-24" />
      </div>
    </div>
  );
}
