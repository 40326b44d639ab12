/**
 * A member's public badges (issue #15 item 9): earned from their published
 * deals only, so the public page says nothing the deals do not show already.
 */
import { HOT_THRESHOLD } from "#app/modules/deals/deal-rules";

/** « Posteur de confiance »: as many published deals, averaging at least this temperature (the weight-3 rule of ADR 036 §Vote weight). */
const TRUSTED_POSTER_DEALS = 10;
const TRUSTED_POSTER_AVERAGE = 50;

export const MEMBER_BADGES = {
  trusted_poster: { label: "Posteur de confiance", description: `${TRUSTED_POSTER_DEALS} deals publiés ou plus, à ${TRUSTED_POSTER_AVERAGE}° en moyenne au moins` },
  first_hot_deal: { label: "Premier deal hot", description: `Un deal a atteint ${HOT_THRESHOLD}°` },
  first_deal: { label: "Premier deal", description: "A publié son premier deal" },
} as const;
export type MemberBadge = keyof typeof MEMBER_BADGES;

export interface MemberDealStats {
  /** published deals */
  publishedDeals: number;
  /** the sum of their temperatures */
  temperatureTotal: number;
  /** the highest temperature among them (0 without deals) */
  bestTemperature: number;
}

/** The badges a member has earned, in display order. */
export function memberBadges(stats: MemberDealStats): MemberBadge[] {
  const badges: MemberBadge[] = [];
  const average = stats.publishedDeals > 0 ? stats.temperatureTotal / stats.publishedDeals : 0;
  if (stats.publishedDeals >= TRUSTED_POSTER_DEALS && average >= TRUSTED_POSTER_AVERAGE) badges.push("trusted_poster");
  if (stats.publishedDeals > 0 && stats.bestTemperature >= HOT_THRESHOLD) badges.push("first_hot_deal");
  if (stats.publishedDeals > 0) badges.push("first_deal");
  return badges;
}

/** The public page's path: the pseudo as typed, encoded (spaces, accents). */
export const memberPath = (username: string) => `/membres/${encodeURIComponent(username)}`;

const MONTH = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "Europe/Paris" });

/** « Membre depuis novembre 2026 » */
export function memberSince(createdAt: Date): string {
  return MONTH.format(createdAt);
}
