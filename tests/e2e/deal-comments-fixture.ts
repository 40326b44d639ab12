/**
 * Comments on a deal page (tests/e2e/deal-comments.spec.ts): per project, two
 * established members (30 days old, e-mail verified: their comments are
 * published at once), a moderator, and one published deal per test.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "../../app/lib/db.server";

export const COMMENT_PROJECTS = ["desktop", "mobile"] as const;
const PASSWORD = "CommentaireE2e2026!";
export const commenter = (project: string) => ({ email: `commentatrice-${project}@crevarde.test`, password: PASSWORD, username: `Commentatrice ${project}` });
export const replier = (project: string) => ({ email: `commentateur-${project}@crevarde.test`, password: PASSWORD, username: `Commentateur ${project}` });
export const commentModerator = (project: string) => ({ email: `moderatrice-commentaires-${project}@crevarde.test`, password: PASSWORD, username: `Modératrice ${project}` });
export const commentedDealTitle = (project: string, variant: "js" | "plain") => `Bouilloire commentée ${project}${variant === "plain" ? " sans JS" : ""}`;

export async function insertDealCommentFixtures(db: Db) {
  const s = await import("../../db/schema");
  const { hashPassword } = await import("better-auth/crypto");
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const project of COMMENT_PROJECTS) {
    for (const [who, role] of [
      [commenter(project), "user"],
      [replier(project), "user"],
      [commentModerator(project), "moderator"],
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
  }
}
