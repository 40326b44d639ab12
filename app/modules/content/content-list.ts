import { z } from "zod";
import { choice, defineList } from "#app/modules/admin/list-query";
import { CONTENT_PAGE_FILTER } from "./content-block-form.schema";

export const CONTENT_BLOCK_TYPES = ["text", "html", "json", "image"] as const;

/**
 * /admin/content as a list (issue #17): searched (name, title, content),
 * filtered by site page (`contentPage`, as before) and type, sorted in the
 * URL; by page then position by default (content_blocks_page_position_idx).
 */
export const contentListSpec = defineList({
  sorts: ["page", "name", "title", "type", "updated"],
  defaultSort: "page",
  defaultDir: "asc",
  filters: {
    [CONTENT_PAGE_FILTER]: z
      .string()
      .transform((v) => v.trim().slice(0, 80))
      .optional()
      .catch(undefined)
      .transform((v) => v || undefined),
    type: choice(CONTENT_BLOCK_TYPES),
  },
});

export type ContentSort = (typeof contentListSpec)["sorts"][number];

/** The bulk action of the content blocks list (issue #37 item 10): delete to the bin (ADR 044); a block is shown where its page reads it, with no publication state. */
export const CONTENT_BULK_INTENTS = ["bulk-delete"] as const;
