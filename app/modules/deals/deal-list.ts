import { choice, defineList, EXPIRY_FILTERS, idChoice, SCHEDULE_FILTERS, YES_NO } from "#app/modules/admin/list-query";
import { PUBLICATION_STATUSES } from "#app/modules/admin/publication";
import { DEAL_SOURCES } from "./deals.constants";
import { dealStatus } from "./deal-rules";

/** /admin/crevarde-deals as a list (issue #17): searched, filtered and sorted in the URL; newest first by default. */
export const dealListSpec = defineList({
  sorts: ["created", "title", "temperature"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { source: choice(DEAL_SOURCES), status: choice(dealStatus.states), brand: idChoice, expiry: choice(EXPIRY_FILTERS), featured: choice(YES_NO), schedule: choice(SCHEDULE_FILTERS), publication: choice(PUBLICATION_STATUSES) },
});

export const DEAL_BULK_INTENTS = ["bulk-delete", "bulk-feature", "bulk-unfeature"] as const;

/**
 * Bulk status changes of the deals list (issue #37 item 10): « Publier » and
 * « Retirer » for the team's deals. A member's deal changes status only in the
 * moderation desk, where its author gets the statement of reasons (DSA art. 17).
 */
export const DEAL_STATUS_BULK_INTENTS = ["bulk-publish", "bulk-unpublish"] as const;
export type DealStatusBulkIntent = (typeof DEAL_STATUS_BULK_INTENTS)[number];
