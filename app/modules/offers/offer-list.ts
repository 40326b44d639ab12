import { choice, defineList, idChoice, SCHEDULE_FILTERS, YES_NO } from "#app/modules/admin/list-query";
import { PUBLICATION_STATUSES } from "#app/modules/admin/publication";

/** /admin/offers as a list (issue #17): searched, filtered and sorted in the URL. */
export const offerListSpec = defineList({
  sorts: ["name", "brand"],
  defaultSort: "name",
  defaultDir: "asc",
  filters: { brand: idChoice, category: idChoice, featured: choice(YES_NO), schedule: choice(SCHEDULE_FILTERS), publication: choice(PUBLICATION_STATUSES) },
});

export const OFFER_BULK_INTENTS = ["bulk-delete", "bulk-feature", "bulk-unfeature", "bulk-publish", "bulk-unpublish"] as const;
