import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { deleteAccount } from "#app/modules/accounts/accounts.server";
import { retentionRows } from "#app/modules/content/legal";
import { purgeExpiredData } from "#app/modules/privacy/retention.server";
import { logUgcConnection } from "#app/modules/privacy/ugc-logs.server";
import { action as postAction } from "#app/routes/coup-de-crevarde.proposer";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const uniq = () => randomUUID().slice(0, 8);

describeEachDb("posters' connection logs (décret 2021-1362, issue #15 item 10)", () => {
  let categoryId: string;
  beforeAll(async () => {
    const db = await getDb();
    [{ id: categoryId }] = await db.insert(s.categories).values({ name: `Logs ${uniq()}`, slug: `logs-${uniq()}` }).returning({ id: s.categories.id });
  });
  const form = () => ({
    url: `https://www.boutique-${uniq()}.fr/produit/1`,
    title: `Aspirateur ${uniq()} à 99 €`,
    price: "99",
    originalPrice: "",
    referencePriceSource: "merchant_strikethrough",
    code: "",
    merchant: "Boutique",
    categoryId,
    expiresOn: "",
    description: "Un aspirateur sans fil à très bon prix, livré chez toi.",
  });
  const logsOf = async (userId: string) => (await getDb()).select().from(s.ugcConnectionLogs).where(eq(s.ugcConnectionLogs.userId, userId));

  it("a member's deal post records the raw address and port the request came from, with the deal", async () => {
    const me = await signedInUser();
    const res = await callRoute(postAction, req("/coup-de-crevarde/proposer", { cookie: me.cookie, form: form() }), {}, { clientIp: "203.0.113.77", clientPort: 51234, cspNonce: "" });
    expect(res.location).toBe("/profile#mes-deals");
    const [deal] = await (await getDb()).select().from(s.crevardeDeals).where(eq(s.crevardeDeals.authorId, me.id));
    expect(await logsOf(me.id)).toEqual([
      expect.objectContaining({ userId: me.id, contentType: "deal", contentId: deal.id, ip: "203.0.113.77", port: 51234 }),
    ]);
    // a refused post (bad input) logs nothing
    await callRoute(postAction, req("/coup-de-crevarde/proposer", { cookie: me.cookie, form: { ...form(), price: "" } }), {}, { clientIp: "203.0.113.77", cspNonce: "" });
    expect(await logsOf(me.id)).toHaveLength(1);
  });

  it("keeps IPv6 addresses whole, maps ::ffff: IPv4, and records no address when it is not one", async () => {
    const me = await signedInUser();
    const db = await getDb();
    await logUgcConnection(db, { userId: me.id, contentType: "comment", contentId: "c1", connection: { clientIp: "2001:db8:abcd:12::1" } });
    await logUgcConnection(db, { userId: me.id, contentType: "comment", contentId: "c2", connection: { clientIp: "::ffff:198.51.100.9", clientPort: 70000 } });
    await logUgcConnection(db, { userId: me.id, contentType: "comment", contentId: "c3", connection: { clientIp: "unknown" } });
    const rows = (await logsOf(me.id)).sort((a, b) => a.contentId.localeCompare(b.contentId));
    expect(rows.map((r) => [r.contentId, r.ip, r.port])).toEqual([
      ["c1", "2001:db8:abcd:12::1", null],
      ["c2", "198.51.100.9", null],
      ["c3", null, null],
    ]);
  });

  it("the purge erases the logs older than 365 days; deleting the account keeps the others without the account", async () => {
    const me = await signedInUser();
    const db = await getDb();
    const now = new Date();
    await db.insert(s.ugcConnectionLogs).values([
      { userId: me.id, contentType: "deal", contentId: "vieux", ip: "203.0.113.1", createdAt: new Date(now.getTime() - 366 * 86_400_000) },
      { userId: me.id, contentType: "deal", contentId: "recent", ip: "203.0.113.2", createdAt: new Date(now.getTime() - 364 * 86_400_000) },
    ]);
    const report = await purgeExpiredData({ now });
    expect(report.ugcConnectionLogs).toBeGreaterThanOrEqual(1);
    expect((await logsOf(me.id)).map((r) => r.contentId)).toEqual(["recent"]);
    await deleteAccount(me.id, me.email);
    const kept = await db.select().from(s.ugcConnectionLogs).where(eq(s.ugcConnectionLogs.contentId, "recent"));
    expect(kept).toEqual([expect.objectContaining({ userId: null, ip: "203.0.113.2" })]);
    expect(retentionRows().map((r) => r.duration)).toContain("365 jours après la publication, même si tu supprimes ton compte");
  });
});
