import { vi, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { autovalidateDue, hideUnconfirmedPushes } from "#app/modules/conversions/autovalidate.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { describeEachDb } from "#tests/helpers/db";
import { cashbackOf, makeClick, makeMember, makeProgramme, rec } from "#tests/helpers/conversions";

vi.mock("#app/modules/cashback/notifications.server", async (orig) => ({ ...(await orig<object>()), onMemberCashbackChanged: vi.fn(async () => {}) }));

const DAY = 86_400_000;
const pull = (records: Parameters<typeof importRecords>[0]["records"]) => importRecords({ records, source: "pull", actor: "system" });

describeEachDb("validation of status-less networks after the declared delay (Rakuten)", () => {
  it("validates a Rakuten order once its delay has passed, leaves younger orders and other networks pending, and a later return still reverses it", async () => {
    const now = new Date("2026-06-01T06:00:00Z");
    const userId = await makeMember();
    const rakuten = await makeProgramme("rakuten", { account: "rk-1", declaredValidationDays: 30 });
    const awin = await makeProgramme("awin", { account: "aw-1", declaredValidationDays: 30 });
    const [oldClick, youngClick, awinClick] = await Promise.all([makeClick(userId, rakuten.id), makeClick(userId, rakuten.id), makeClick(userId, awin.id)]);
    const item = (order: string, clickId: string, sku: string, amount: string, daysAgo: number) =>
      rec({ network: "rakuten", networkAccountId: "rk-1", networkProgramId: rakuten.networkProgramId, recordId: `${order}-${sku}`, conversionKey: order, clickId, commissionAmount: amount, transactionAt: new Date(now.getTime() - daysAgo * DAY), networkStatusRaw: "" });
    // an order of two items 40 days ago, one 10 days ago, and an Awin purchase (it has statuses) 40 days ago
    await pull([item("R-OLD", oldClick.clickId, "a", "3.00", 40), item("R-OLD", oldClick.clickId, "b", "2.00", 40), item("R-YOUNG", youngClick.clickId, "a", "4.00", 10)]);
    await pull([rec({ networkAccountId: "aw-1", networkProgramId: awin.networkProgramId, clickId: awinClick.clickId, conversionKey: "A-OLD", transactionAt: new Date(now.getTime() - 40 * DAY) })]);
    expect((await cashbackOf("R-OLD")).cb.status).toBe("pending");

    expect(await autovalidateDue(now)).toBe(1);
    const old = await cashbackOf("R-OLD");
    expect(old.conv).toMatchObject({ status: "approved", networkStatusRaw: "autovalidated", commissionAmount: "5.000000" });
    // 5,00 € × 70 % = 3,50 € credited, the 10-day-old order still pending (4,00 € × 70 % = 2,80 €) and the Awin one too (7,00 €)
    expect(old.cb.status).toBe("validated");
    expect(await memberBalances(userId)).toMatchObject({ available: 350, pending: 280 + 700 });
    expect((await cashbackOf("R-YOUNG")).cb.status).toBe("pending");
    expect((await cashbackOf("A-OLD")).conv.status).toBe("pending");
    // a second run finds nothing left to validate
    expect(await autovalidateDue(now)).toBe(0);

    // the network reports both items returned: the order sums to zero, the credit is reversed
    await pull([item("R-OLD", oldClick.clickId, "a-return", "-3.00", 5), item("R-OLD", oldClick.clickId, "b-return", "-2.00", 5)]);
    const returned = await cashbackOf("R-OLD");
    expect(returned.conv.status).toBe("declined");
    expect(returned.cb.status).toBe("reversed");
    expect(await memberBalances(userId)).toMatchObject({ available: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("hides a detection only a push reported once 7 days pass without a pull; a later pull shows it again", async () => {
    const userId = await makeMember();
    const awin = await makeProgramme("awin", { account: "aw-push" });
    const [oldClick, youngClick] = await Promise.all([makeClick(userId, awin.id), makeClick(userId, awin.id)]);
    const pushed = (key: string, clickId: string) => rec({ networkAccountId: "aw-push", networkProgramId: awin.networkProgramId, conversionKey: key, clickId });
    await importRecords({ records: [pushed("P-OLD", oldClick.clickId), pushed("P-YOUNG", youngClick.clickId)], source: "push", actor: "system" });
    expect((await cashbackOf("P-OLD")).cb).toMatchObject({ status: "tracked", hiddenAt: null });
    const db = await getDb();
    const now = new Date();
    await db.execute(sql`update member_cashbacks set created_at = ${new Date(now.getTime() - 8 * DAY).toISOString()}::timestamptz where conversion_id = (select id from conversions where conversion_key = 'P-OLD')`);

    expect(await hideUnconfirmedPushes(now)).toBe(1);
    expect((await cashbackOf("P-OLD")).cb.hiddenAt).not.toBeNull();
    expect((await cashbackOf("P-YOUNG")).cb.hiddenAt).toBeNull();
    expect(await hideUnconfirmedPushes(now)).toBe(0);

    // the network's report lists it after all: pending, shown again
    await pull([rec({ networkAccountId: "aw-push", networkProgramId: awin.networkProgramId, conversionKey: "P-OLD", clickId: oldClick.clickId, commissionAmount: "10.01" })]);
    expect((await cashbackOf("P-OLD")).cb).toMatchObject({ status: "pending", hiddenAt: null });
  });

  it("runs daily from the job registry", () => {
    expect(jobSchedules.find((s) => s.name === "cashback.autovalidate")).toMatchObject({ cron: "30 5 * * *" });
    expect(jobSchedules.find((s) => s.name === "cashback.hide-unconfirmed")).toMatchObject({ cron: "45 5 * * *" });
    expect(typeof jobHandlers["cashback.autovalidate"]).toBe("function");
    expect(typeof jobHandlers["cashback.hide-unconfirmed"]).toBe("function");
  });
});
