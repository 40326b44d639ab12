import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { castDealVote } from "#app/modules/deals/deal-votes.server";
import { NEW_DEAL_WINDOW_MS } from "#app/modules/deals/deal-rules";
import { nextVote, type VoteValue } from "#app/modules/deals/deal-votes";
import { createUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

/** One member's clicks on the deal, in order; members click at the same time. */
const member = fc.record({
  oldAccount: fc.boolean(),
  browser: fc.integer({ min: 0, max: 2 }),
  clicks: fc.array(fc.constantFrom("hot" as const, "cold" as const), { minLength: 1, maxLength: 4 }),
});

describeEachDb("concurrent votes always sum exactly (issue #15 Done-when)", ({ kind }) => {
  it("temperature == Σ value × weight of the rows, whatever members click at once", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(fc.array(member, { minLength: 1, maxLength: kind === "postgres" ? 8 : 5 }), fc.integer({ min: -20, max: 20 }), async (members, start) => {
        const [deal] = await db
          .insert(s.crevardeDeals)
          .values({ title: "Deal propriété", description: "x", price: "1€", source: "x", badgeText: "x", url: "https://prop.example/", status: "published", publishedAt: new Date(Date.now() - 2 * NEW_DEAL_WINDOW_MS), temperature: start })
          .returning();
        const voters = await Promise.all(
          members.map(async (m) => {
            const u = await createUser({ username: `Votant ${randomUUID().slice(0, 12)}` });
            if (m.oldAccount) await db.update(s.user).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(s.user.id, u.id));
            return { ...m, id: u.id };
          }),
        );
        // each member's clicks in order (a same click again undoes), all members concurrently
        await Promise.all(
          voters.map(async (v) => {
            for (const choice of v.clicks) await castDealVote({ userId: v.id, dealId: deal.id, choice, visitorHash: `navigateur-${v.browser}-${deal.id}` });
          }),
        );
        const rows = await db.select().from(s.dealVotes).where(eq(s.dealVotes.dealId, deal.id));
        const [after] = await db.select({ temperature: s.crevardeDeals.temperature }).from(s.crevardeDeals).where(eq(s.crevardeDeals.id, deal.id));
        expect(after.temperature).toBe(start + rows.reduce((sum, r) => sum + r.value * r.weight, 0));
        // each member's row is the last state of their clicks (nextVote), none when they undid
        const expected = voters
          .map((v) => ({ userId: v.id, value: v.clicks.reduce<VoteValue | null>((current, choice) => nextVote(current, choice), null) }))
          .filter((v) => v.value !== null);
        expect(rows.map((r) => ({ userId: r.userId, value: r.value })).sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
          expected.sort((a, b) => a.userId.localeCompare(b.userId)),
        );
      }),
      { numRuns: kind === "postgres" ? 15 : 8, seed: 20261126 },
    );
  });
});
