import { and, asc, eq } from "drizzle-orm";
import { pages } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { isInSchedule } from "#app/modules/schedule/schedule";
import { scheduleOpen } from "#app/modules/schedule/schedule.server";
import { SLUG_SHAPE } from "#app/lib/site";

export { LEGAL_SLUGS } from "./legal";

/** A published page by slug, with its content sanitized for rendering; null when absent. */
export function getPublishedPage(slug: string, now = new Date()) {
  return getViewablePage(slug, { isAdmin: false }, now);
}

/**
 * A page by slug as this viewer may see it: published pages for everyone,
 * drafts and pages outside their schedule (ADR 030) for admins only (null for
 * anyone else, exactly like a missing page).
 * Content is sanitized for rendering.
 */
export async function getViewablePage(slug: string, viewer: { isAdmin: boolean }, now = new Date()) {
  if (!SLUG_SHAPE.test(slug)) return null;
  const db = await getDb();
  const [page] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  if (!page || ((!page.published || !isInSchedule(page, now)) && !viewer.isAdmin)) return null;
  return { ...page, content: sanitizeRichHtml(page.content) };
}

/** Published pages for the sitemap. */
export async function listPublishedPages(now = new Date()) {
  const db = await getDb();
  return db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(and(eq(pages.published, true), scheduleOpen(pages, now)))
    .orderBy(asc(pages.title));
}
