import { logger } from "#app/lib/logger.server";
import { listFeaturedDeals } from "#app/modules/deals/deals.server";
import { listFeaturedOfferCategories, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { listFeaturedCodes } from "#app/modules/promo-codes/promo-codes.server";

/** One section: its data, or the fact that it could not be loaded. */
type HomeSection<T> = { ok: true; data: T } | { ok: false };

/** Load one section; a failure is logged and reported as such, never thrown (the rest of the page still renders). */
async function section<T>(name: string, load: () => Promise<T>): Promise<HomeSection<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    logger.error({ err: error, section: name }, "home: section could not be loaded");
    return { ok: false };
  }
}

/**
 * The home page's data sections, each loaded independently: featured promo codes,
 * featured deals (also the hero's cards) and featured offers with their categories.
 * A section that could not be loaded comes back empty and flagged in `failed`; the page
 * shows its message, and must then not be cached (`anyFailed`).
 * As every visitor sees them (ADR 048): codes masked; a member's own state comes from /api/moi.
 */
export async function loadHomeSections({
  offerCategory,
  launched,
  now = new Date(),
}: {
  offerCategory: string | null;
  launched: boolean;
  /** the request's time: what is scheduled shows from its « Publier le » (ADR 030) */
  now?: Date;
}) {
  const [codes, deals, offers] = await Promise.all([
    section("codes", () => listFeaturedCodes(null, now)),
    section("deals", () => listFeaturedDeals(false, undefined, now)),
    section("offers", async () => {
      const [list, categories] = await Promise.all([listFeaturedOffers(offerCategory, launched, now), listFeaturedOfferCategories(now)]);
      return { list, categories };
    }),
  ]);
  const failed = { codes: !codes.ok, deals: !deals.ok, offers: !offers.ok };
  return {
    codes: codes.ok ? codes.data : [],
    deals: deals.ok ? deals.data : [],
    offers: offers.ok ? offers.data.list : [],
    offerCategories: offers.ok ? offers.data.categories : [],
    failed,
    anyFailed: failed.codes || failed.deals || failed.offers,
  };
}
