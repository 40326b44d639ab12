import { choice, defineList, EXPIRY_FILTERS, idChoice, SCHEDULE_FILTERS, YES_NO } from "#app/modules/admin/list-query";
import { PUBLICATION_STATUSES } from "#app/modules/admin/publication";

/** /admin/promo-codes as a list (issue #17): searched, filtered and sorted in the URL. */
const PROMO_CODE_SORTS = ["code", "brand", "expires"] as const;
export type PromoCodeSort = (typeof PROMO_CODE_SORTS)[number];

export const promoCodeListSpec = defineList({
  sorts: PROMO_CODE_SORTS,
  defaultSort: "code",
  defaultDir: "asc",
  filters: { brand: idChoice, category: idChoice, expiry: choice(EXPIRY_FILTERS), featured: choice(YES_NO), schedule: choice(SCHEDULE_FILTERS), publication: choice(PUBLICATION_STATUSES) },
});

export const PROMO_BULK_INTENTS = ["bulk-delete", "bulk-feature", "bulk-unfeature", "bulk-extend", "bulk-publish", "bulk-unpublish"] as const;
export type PromoBulkIntent = (typeof PROMO_BULK_INTENTS)[number];
/** « Prolonger » moves the expiry this many days later (from today when the code has already expired). */
export const PROMO_EXTEND_DAYS = 30;
