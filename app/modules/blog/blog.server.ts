import { desc, eq } from "drizzle-orm";
import { blogArticles } from "../../../db/schema";
import { columnsWithoutSearch } from "../../../db/columns";
import { getDb } from "~/lib/db.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { bodyForLaunch } from "./launch-blocks";

export async function listArticles() {
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
    .orderBy(desc(blogArticles.publishedAt));
}

/** An article, its body as read in the current state of the cashback launch (launch-blocks.ts), sanitized. */
export async function getArticle(id: string, cashbackLaunched: boolean) {
  if (!/^[a-z0-9-]{1,120}$/.test(id)) return null;
  const db = await getDb();
  const [article] = await db.select(columnsWithoutSearch(blogArticles)).from(blogArticles).where(eq(blogArticles.id, id)).limit(1);
  return article ? { ...article, body: sanitizeRichHtml(bodyForLaunch(article.body, cashbackLaunched)) } : null;
}
