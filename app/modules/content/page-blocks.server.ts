import { asc } from "drizzle-orm";
import { pages } from "#db/schema";
import { cachedRead } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { logger } from "#app/lib/logger.server";
import { contentPageChoices } from "./content-block-form.schema";
import { getPageBlocks } from "./home.server";
import { isDisplayableImageUrl, type DisplayedBlock } from "./page-blocks";

/**
 * The blocks a site page displays (about on /apropos, blog on /blog, the concept page,
 * an admin page on /{slug}), ordered by position. json blocks belong to home only; html
 * is sanitized again for rendering; an image without a usable URL is left out. A read
 * failure is logged and the page shows no blocks (as the product spec says: content errors are
 * logged only). The same for everyone: kept in process, sanitized, until a block changes (ADR 026);
 * the callers name only pages that exist, so the keys are bounded by them.
 */
export async function listDisplayedBlocks(page: string): Promise<readonly DisplayedBlock[]> {
  try {
    return await cachedRead(`content:blocks:${page}`, ["content_blocks"], async () => displayedBlocks(await getPageBlocks(page)));
  } catch (error) {
    logger.error({ err: error, page }, "content: cannot read page blocks");
    return [];
  }
}

function displayedBlocks(rows: Awaited<ReturnType<typeof getPageBlocks>>): DisplayedBlock[] {
  return rows.flatMap((b): DisplayedBlock[] => {
    if (b.type === "json" || !b.content.trim()) return [];
    if (b.type === "image") return isDisplayableImageUrl(b.content) ? [{ id: b.id, name: b.name, title: b.title, type: "image", content: b.content.trim() }] : [];
    return [{ id: b.id, name: b.name, title: b.title, type: b.type === "html" ? "html" : "text", content: b.type === "html" ? sanitizeRichHtml(b.content) : b.content }];
  });
}

/**
 * Every site page that displays blocks, as the content manager offers them: home, about,
 * the concept page, blog, then the slugs of the pages created in "Pages".
 */
export async function blockPageChoices(conceptSlug: string): Promise<{ sitePages: string[]; adminPages: string[] }> {
  const sitePages = contentPageChoices(conceptSlug);
  const db = await getDb();
  const rows = await db.select({ slug: pages.slug }).from(pages).orderBy(asc(pages.slug));
  return { sitePages, adminPages: rows.map((r) => r.slug).filter((slug) => !sitePages.includes(slug)) };
}
