import { choice, defineList, SCHEDULE_FILTERS, YES_NO } from "#app/modules/admin/list-query";
import { BLOG_CATEGORIES } from "./blog-form.schema";

/** /admin/blog as a list (ADR 028): searched, filtered (category, state, schedule) and sorted in the URL; newest first by default. */
export const blogListSpec = defineList({
  sorts: ["title", "date", "updated"],
  defaultSort: "date",
  defaultDir: "desc",
  filters: { category: choice(BLOG_CATEGORIES), published: choice(YES_NO), schedule: choice(SCHEDULE_FILTERS) },
});

export type BlogSort = (typeof blogListSpec)["sorts"][number];

/** The « Statut » filter: published or draft. */
export const BLOG_STATUS_OPTIONS = [
  { value: "oui", label: "Publié" },
  { value: "non", label: "Brouillon" },
] as const;

/** The bulk actions of the blog list: publish, back to draft, delete. */
export const BLOG_BULK_INTENTS = ["bulk-publish", "bulk-unpublish", "bulk-delete"] as const;
export type BlogBulkIntent = (typeof BLOG_BULK_INTENTS)[number];
