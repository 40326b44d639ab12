/**
 * Comments on a deal page (tests/e2e/deal-comments.spec.ts): per project, two
 * established members (30 days old, e-mail verified: their comments are
 * published at once), a moderator, one published deal per test, and a deal
 * with 35 comments (more than one page).
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const COMMENT_PROJECTS = ["desktop", "mobile"] as const;
const PASSWORD = "CommentaireE2e2026!";
export const commenter = (project: string) => ({ email: `commentatrice-${project}@crevarde.test`, password: PASSWORD, username: `Commentatrice ${project}` });
export const replier = (project: string) => ({ email: `commentateur-${project}@crevarde.test`, password: PASSWORD, username: `Commentateur ${project}` });
export const commentedDealTitle = (project: string, variant: "js" | "plain") => `Bouilloire commentée ${project}${variant === "plain" ? " sans JS" : ""}`;
/** Deals with more top-level comments than one page shows (30): « Avis n° 1 » … « Avis n° 35 », oldest first; one to read, one to comment on. */
export const longThreadDealTitle = (project: string, variant: "read" | "post" = "read") => `Théière très commentée ${project}${variant === "post" ? " à compléter" : ""}`;
export const LONG_THREAD_COMMENTS = 35;

export async function insertDealCommentFixtures(db: Db) {
  const s = await import("#db/schema");
  const { hashPassword } = await import("better-auth/crypto");
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const project of COMMENT_PROJECTS) {
    for (const [who, role] of [
      [commenter(project), "user"],
      [replier(project), "user"],
    ] as const) {
      const id = `e2e-${who.email.split("@")[0]}`;
      await db.insert(s.user).values({ id, name: who.username, email: who.email, emailVerified: true, role, createdAt: monthAgo });
      await db.insert(s.account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: await hashPassword(who.password) });
      await db.insert(s.profiles).values({ id, email: who.email, username: who.username }).onConflictDoUpdate({ target: s.profiles.id, set: { username: who.username } });
    }
    await db.insert(s.crevardeDeals).values(
      (["js", "plain"] as const).map((variant) => ({
        title: commentedDealTitle(project, variant),
        description: "Une bouilloire électrique de 1,7 litre à petit prix.",
        price: "14,99€",
        originalPrice: "29,99€",
        source: "temu",
        badgeText: "Prix cassé",
        url: "https://www.temu.com/bouilloire",
        publishedAt: hourAgo,
        createdAt: hourAgo,
      })),
    );
    const long = await db
      .insert(s.crevardeDeals)
      .values(
        (["read", "post"] as const).map((variant) => ({
          title: longThreadDealTitle(project, variant),
          description: "Une théière en fonte de 1 litre.",
          price: "24,99€",
          source: "temu",
          badgeText: "Prix cassé",
          url: "https://www.temu.com/theiere",
          publishedAt: hourAgo,
          createdAt: hourAgo,
        })),
      )
      .returning({ id: s.crevardeDeals.id });
    await db.insert(s.dealComments).values(
      long.flatMap((deal) =>
        Array.from({ length: LONG_THREAD_COMMENTS }, (_, i) => ({
          dealId: deal.id,
          authorId: `e2e-${replier(project).email.split("@")[0]}`,
          body: `Avis n° ${i + 1}`,
          createdAt: new Date(hourAgo.getTime() + (i + 1) * 1000),
        })),
      ),
    );
  }
}
