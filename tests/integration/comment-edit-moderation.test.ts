import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { COMMENT_MESSAGES } from "#app/modules/deals/deal-comments";
import { editComment } from "#app/modules/deals/deal-comments.server";
import { createUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

const DAY = 86_400_000;

/** An edit cannot bypass moderation (issue #35 item 9). */
describeEachDb("comment edits and moderation", () => {
  async function approvedComment(accountAgeDays: number) {
    const db = await getDb();
    const author = await createUser();
    await db.update(s.user).set({ createdAt: new Date(Date.now() - accountAgeDays * DAY) }).where(eq(s.user.id, author.id));
    const [deal] = await db
      .insert(s.crevardeDeals)
      .values({ title: `Deal ${randomUUID().slice(0, 8)}`, description: "x", price: "1€", source: "x", badgeText: "x", url: "https://example.fr/", status: "published", publishedAt: new Date() })
      .returning();
    // held at posting, then approved by a moderator: visible
    const [comment] = await db.insert(s.dealComments).values({ dealId: deal.id, authorId: author.id, body: "Super prix, merci !", status: "visible" }).returning();
    return { author, comment };
  }
  const statusOf = async (id: string) => (await (await getDb()).select({ status: s.dealComments.status }).from(s.dealComments).where(eq(s.dealComments.id, id)))[0].status;

  it("an approved comment of a still pre-moderated account, edited to add a link, goes back to the queue, hidden meanwhile", async () => {
    const { author, comment } = await approvedComment(1);
    const out = await editComment({ userId: author.id, commentId: comment.id, body: "Super prix, et encore moins cher ici : https://spam.example.com/promo" });
    expect(out.message).toBe(COMMENT_MESSAGES.held);
    expect(await statusOf(comment.id)).toBe("pending");
  });

  it("an established account's edit stays visible", async () => {
    const { author, comment } = await approvedComment(30);
    const out = await editComment({ userId: author.id, commentId: comment.id, body: "Super prix : https://example.fr/produit" });
    expect(out.message).toBe(COMMENT_MESSAGES.edited);
    expect(await statusOf(comment.id)).toBe("visible");
  });
});
