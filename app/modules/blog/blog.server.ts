import { and, desc, eq, type SQL } from "drizzle-orm";
import { blogArticles } from "#db/schema";
import { columnsWithoutSearch } from "#db/columns";
import { getDb } from "#app/lib/db.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { isInSchedule } from "#app/modules/schedule/schedule";
import { scheduledRead, scheduleOpen } from "#app/modules/schedule/schedule.server";
import { bodyForLaunch } from "./launch-blocks";
import { SLUG_SHAPE } from "#app/lib/site";

/** An article the public sees at `now`: published, and inside its window (ADR 030). Every public read of the blog uses it. */
export function publicArticle(now: Date): SQL {
  return and(eq(blogArticles.published, true), scheduleOpen(blogArticles, now))!;
}

/**
 * The public list: published articles inside their window, newest first. The same for everyone: kept in process
 * until an article changes or the next one enters or leaves its window (ADR 026, ADR 030).
 */
export function listArticles(now = new Date()) {
  return scheduledRead("blog:list", ["blog_articles"], now, () => readArticles(now));
}

async function readArticles(now: Date) {
  const db = await getDb();
  return db
    .select({
      id: blogArticles.id,
      title: blogArticles.title,
      category: blogArticles.category,
      publishedAt: blogArticles.publishedAt,
      imageUrl: blogArticles.imageUrl,
      author: blogArticles.author,
      excerpt: blogArticles.excerpt,
    })
    .from(blogArticles)
    .where(publicArticle(now))
    .orderBy(desc(blogArticles.publishedAt));
}

/**
 * An article as this viewer may see it, its body as read in the current state
 * of the cashback launch (launch-blocks.ts), sanitized. A draft or an article
 * outside its window is null (a 404) except for the blog's editors
 * (`isStaff`), for whom it is the preview, marked `draft`. What the public sees is kept in process, sanitized,
 * like the list (an id that shows nothing is not kept); a preview is read each time.
 */
export async function getViewableArticle(id: string, viewer: { isStaff: boolean }, cashbackLaunched: boolean, now = new Date()) {
  if (!SLUG_SHAPE.test(id)) return null;
  if (viewer.isStaff) return readViewableArticle(id, viewer, cashbackLaunched, now);
  return scheduledRead(`blog:article:${id}:${cashbackLaunched ? "launched" : "before-launch"}`, ["blog_articles"], now, () => readViewableArticle(id, viewer, cashbackLaunched, now), {
    keep: (article) => article !== null,
  });
}

async function readViewableArticle(id: string, viewer: { isStaff: boolean }, cashbackLaunched: boolean, now: Date) {
  const db = await getDb();
  const [article] = await db.select(columnsWithoutSearch(blogArticles)).from(blogArticles).where(eq(blogArticles.id, id)).limit(1);
  if (!article) return null;
  const draft = !article.published || !isInSchedule(article, now);
  if (draft && !viewer.isStaff) return null;
  return { ...article, draft, body: sanitizeRichHtml(bodyForLaunch(article.body, cashbackLaunched)) };
}
