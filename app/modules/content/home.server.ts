import { asc, eq } from "drizzle-orm";
import { contentBlocks } from "#db/schema";
import { cachedRead } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { sanitizeInlineHtml } from "#app/lib/html.server";
import { logger } from "#app/lib/logger.server";
import {
  currentDefault,
  HERO_SUBTITLE_DEFAULT,
  HERO_TITLE_DEFAULT,
  HOME_BLOCK_DEFAULTS,
  parseSteps,
  parseTestimonials,
} from "./home-defaults";

/** Blocks of a page, ordered by position. */
export async function getPageBlocks(page: string) {
  const db = await getDb();
  return db.select().from(contentBlocks).where(eq(contentBlocks.page, page)).orderBy(asc(contentBlocks.position));
}

const fallbackText = (name: string) => HOME_BLOCK_DEFAULTS.find((b) => b.name === name)?.content ?? "";

/**
 * Home page content from the blocks. A missing block or malformed JSON falls
 * back to the defaults and is logged, never a 500. The hero title is HTML and
 * is sanitized here. Kept in process until a block changes (data-cache.server).
 */
export async function getHomeContent() {
  try {
    return await cachedRead("content:home", ["content_blocks"], async () => homeContent(await getPageBlocks("home")));
  } catch (error) {
    logger.error({ err: error }, "content: cannot read home blocks, using defaults");
    return homeContent([]);
  }
}

function homeContent(blocks: Awaited<ReturnType<typeof getPageBlocks>>) {
  const byName = new Map(blocks.map((b) => [b.name, b.content]));
  const text = (name: string) => {
    const value = byName.get(name);
    if (value === undefined) {
      logger.warn({ block: name }, "content: missing home block, using default");
      return fallbackText(name);
    }
    return currentDefault(value);
  };
  const json = <T>(name: string, parse: (c: string | undefined) => { value: T; fellBack: boolean }) => {
    const result = parse(byName.get(name));
    if (result.fellBack) logger.warn({ block: name }, "content: missing or malformed JSON block, using default");
    return result.value;
  };
  return {
    heroTitleHtml: sanitizeInlineHtml(byName.get("hero") ?? HERO_TITLE_DEFAULT),
    heroSubtitle: byName.get("hero-subtitle") ?? HERO_SUBTITLE_DEFAULT,
    howItWorks: {
      title: text("how-it-works-title"),
      description: text("how-it-works-description"),
      steps: json("how-it-works-steps", parseSteps),
      disclaimer: text("how-it-works-disclaimer"),
    },
    testimonials: {
      title: text("testimonials-title"),
      description: text("testimonials-description"),
      list: json("testimonials-list", parseTestimonials).slice(0, 3),
      footer: text("testimonials-footer"),
    },
  };
}
