import { choice, defineList, SCHEDULE_FILTERS, YES_NO } from "#app/modules/admin/list-query";

/** /admin/pages as a list (issue #17): searched, filtered (published) and sorted in the URL; title order by default. */
export const pageListSpec = defineList({
  sorts: ["title", "slug", "updated"],
  defaultSort: "title",
  defaultDir: "asc",
  filters: { published: choice(YES_NO), schedule: choice(SCHEDULE_FILTERS) },
});

export type PageSort = (typeof pageListSpec)["sorts"][number];

/** The « Statut » filter: published or draft. */
export const PAGE_STATUS_OPTIONS = [
  { value: "oui", label: "Publié" },
  { value: "non", label: "Brouillon" },
] as const;

/** The bulk actions of the pages list: publish, back to draft, delete. */
export const PAGE_BULK_INTENTS = ["bulk-publish", "bulk-unpublish", "bulk-delete"] as const;
export type PageBulkIntent = (typeof PAGE_BULK_INTENTS)[number];
