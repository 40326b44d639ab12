import { defineList } from "~/modules/admin/list-query";

/** /admin/categories as a list (issue #17): searched and sorted in the URL; name order by default. */
export const categoryListSpec = defineList({
  sorts: ["name", "slug", "updated"],
  defaultSort: "name",
  defaultDir: "asc",
  filters: {},
});

export type CategorySort = (typeof categoryListSpec)["sorts"][number];
