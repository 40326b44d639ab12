/**
 * Rows the end-to-end suite needs and the back office cannot create: a draft
 * page (admin.md §5: the page form has no published control, new pages are
 * published). Runs on the e2e data directory before the server opens it.
 */
import { openDatabase } from "../app/lib/db.server";
import { pages } from "../db/schema";

const E2E_DRAFT_PAGE = {
  slug: "brouillon-e2e",
  title: "Page en préparation",
  content: "<p>Cette page n'est pas encore publiée.</p>",
  metaDescription: "Une page encore en brouillon.",
  published: false,
};

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const database = await openDatabase({ dataDir });
try {
  await database.db.insert(pages).values(E2E_DRAFT_PAGE).onConflictDoNothing();
} finally {
  await database.close();
}
