import { defineList, idChoice } from "#app/modules/admin/list-query";

/** /admin/brands as a list (issue #17): searched, filtered and sorted in the URL. */
export const brandListSpec = defineList({
  sorts: ["name", "discount"],
  defaultSort: "name",
  defaultDir: "asc",
  filters: { category: idChoice },
});

export const BRAND_BULK_INTENTS = ["bulk-delete"] as const;
