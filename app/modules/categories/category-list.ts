import { defineList } from "#app/modules/admin/list-query";

/** /admin/categories as a list (issue #17): searched and sorted in the URL; name order by default. */
export const categoryListSpec = defineList({
  sorts: ["name", "slug", "updated"],
  defaultSort: "name",
  defaultDir: "asc",
  filters: {},
});

export type CategorySort = (typeof categoryListSpec)["sorts"][number];

/** The bulk action of the categories list (issue #37 item 10): delete to the bin (ADR 044); a category has nothing to publish or put forward. */
export const CATEGORY_BULK_INTENTS = ["bulk-delete"] as const;
