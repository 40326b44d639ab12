import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { action as profileAction, loader as profileLoader } from "#app/routes/profile";
import { action as moderationAction } from "#app/routes/admin/moderation";
import { moderationTab } from "#tests/helpers/moderation";
import { appealDealDecision } from "#app/modules/deals/appeals.server";
import { APPEAL_MESSAGES } from "#app/modules/deals/appeals.schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const APPEAL = "Ce n'est pas un doublon : le prix est 10 € plus bas que l'autre deal.";
const REASONS = "Après vérification, le prix est bien différent de l'autre deal publié.";

describeEachDb("authors appeal a refusal or removal once (issue #15, ADR 036)", () => {
  let moderator: SignedInUser;
  beforeAll(async () => {
    moderator = await signedInUser({ role: "moderator" });
  });
  const refusedDeal = async (authorId: string, status: "rejected" | "removed" | "published" = "rejected") =>
    (
      await (await getDb())
        .insert(s.crevardeDeals)
        .values({ title: `Deal contesté ${status}`, description: "x", price: "5€", source: "x", badgeText: "x", url: "https://appel.example/", authorId, status, publishedAt: status === "rejected" ? null : new Date(Date.now() - 3_600_000), moderationRule: "duplicate", moderationStatement: "Doublon d'un deal publié hier à la même adresse." })
        .returning()
    )[0];
  const appeal = (cookie: string, dealId: string, text = APPEAL) => callRoute(profileAction, req("/profile", { cookie, form: { intent: "appeal", dealId, text } }));
  const decide = (dealId: string, decision: string) => callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "decide-appeal", dealId, decision, statement: REASONS } }));
  const dealOf = async (id: string) => (await (await getDb()).select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, id)))[0];

  it("the author contests once from the profile; the moderator reverses: the deal is published, the author e-mailed, audited", async () => {
    const author = await signedInUser();
    const deal = await refusedDeal(author.id);
    const page = await callRoute(profileLoader, req("/profile", { cookie: author.cookie }));
    expect(page.data.dealPosts.find((p) => p.id === deal.id)?.appeal).toBeNull();
    const sent = await appeal(author.cookie, deal.id);
    expect(sent.location).toBe("/profile#mes-deals");
    const again = await appeal(author.cookie, deal.id);
    expect(again.status).toBe(409);
    expect(again.data.result?.error?.[""]).toEqual([APPEAL_MESSAGES.already]);
    expect((await callRoute(profileLoader, req("/profile", { cookie: author.cookie }))).data.dealPosts.find((p) => p.id === deal.id)?.appeal).toBe("pending");

    const queue = await moderationTab(moderator.cookie, "contestations");
    expect(queue.appeals).toContainEqual(expect.objectContaining({ dealId: deal.id, text: APPEAL, contestedStatus: "rejected", authorEmail: author.email }));

    expect((await decide(deal.id, "reverse")).status).toBe(303);
    expect(await dealOf(deal.id)).toMatchObject({ status: "published", moderationRule: null, moderationStatement: null });
    expect((await dealOf(deal.id)).publishedAt).not.toBeNull();
    const db = await getDb();
    const [mail] = await db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.to, author.email), eq(s.emailOutbox.kind, "deal-appeal-reversed")));
    expect(mail.html).toContain("le prix est bien différent");
    const [audit] = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "deal_appeals"), eq(s.auditLog.entityId, deal.id)));
    expect(audit).toMatchObject({ actorId: moderator.id, after: expect.objectContaining({ appeal: "reversed", deal: "published" }) });
    // decided: out of the queue, not decidable twice, not contestable again
    expect((await decide(deal.id, "uphold")).status).toBe(404);
    expect((await appeal(author.cookie, deal.id)).status).toBe(409);
  });

  it("upholding keeps the removal and tells the author", async () => {
    const author = await signedInUser();
    const deal = await refusedDeal(author.id, "removed");
    await appeal(author.cookie, deal.id);
    expect((await decide(deal.id, "uphold")).status).toBe(303);
    expect((await dealOf(deal.id)).status).toBe("removed");
    const [mail] = await (await getDb()).select().from(s.emailOutbox).where(and(eq(s.emailOutbox.to, author.email), eq(s.emailOutbox.kind, "deal-appeal-upheld")));
    expect(mail.subject).toBe("Ta contestation : la décision est maintenue");
  });

  it("refuses others' deals, published deals, short texts; two appeals at once make one", async () => {
    const author = await signedInUser();
    const other = await signedInUser();
    const deal = await refusedDeal(author.id);
    expect((await appeal(other.cookie, deal.id)).status).toBe(404);
    expect((await appeal(author.cookie, deal.id, "Non.")).status).toBe(400);
    const live = await refusedDeal(author.id, "published");
    expect((await appeal(author.cookie, live.id)).status).toBe(409);
    const results = await Promise.allSettled([appealDealDecision(author, { dealId: deal.id, text: APPEAL }), appealDealDecision(author, { dealId: deal.id, text: APPEAL })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await (await getDb()).select().from(s.dealAppeals).where(eq(s.dealAppeals.dealId, deal.id))).toHaveLength(1);
  });
});
