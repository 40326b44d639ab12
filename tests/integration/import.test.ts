import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { ConversionDecisionError, attributeConversion, decideForeignCurrency } from "#app/modules/conversions/attribute.server";
import { importNetworkFile, importRecords } from "#app/modules/conversions/import.server";
import { holdPayout } from "#app/modules/ledger/ledger-events.server";
import { memberBalances, verifyLedger, withLedger } from "#app/modules/ledger/ledger.server";
import { onMemberCashbackChanged } from "#app/modules/cashback/notifications.server";
import * as s from "#db/schema";
import { describeEachDb } from "#tests/helpers/db";
import { cashbackOf, importFootprint, makeClick, makeMember, makeProgramme, rec } from "#tests/helpers/conversions";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

const pull = (records: Parameters<typeof importRecords>[0]["records"]) => importRecords({ records, source: "pull", actor: "system" });
const admin = { id: "admin-1", email: "admin@crevarde.local" };

async function clicked(network: Parameters<typeof makeProgramme>[0] = "awin", options: Parameters<typeof makeProgramme>[1] = {}) {
  const userId = await makeMember();
  const programme = await makeProgramme(network, options);
  const click = await makeClick(userId, programme.id);
  return { userId, programme, click };
}

async function operations(prefix: string) {
  const db = await getDb();
  return (await db.execute<{ key: string }>(sql`select idempotency_key as key from ledger_operations where idempotency_key like ${prefix + "%"} order by idempotency_key`)).rows.map((r) => r.key);
}

describeEachDb("conversion import", ({ kind }) => {
  beforeEach(() => vi.mocked(onMemberCashbackChanged).mockClear());

  it("stores a pending conversion, attributes it through the click id and holds the floored share as pending", async () => {
    const { userId, programme, click } = await clicked("awin", { declaredValidationDays: 30 });
    const r = rec({ clickId: click.clickId, commissionAmount: "10.019", networkProgramId: programme.networkProgramId });
    const result = await pull([r]);
    expect(result).toEqual({ rows: 1, inserted: 1, updated: 0, unchanged: 0, rejected: [] });
    const { conv, cb } = await cashbackOf(r.conversionKey);
    expect(conv).toMatchObject({ status: "pending", commissionAmount: "10.019000", firstCommissionAmount: "10.019000", userId, programId: programme.id, clickSessionId: click.id, version: 1 });
    // floor(10.019 × 7000 / 10000 × 100) = floor(701.33) = 701
    expect(cb).toMatchObject({ status: "pending", amountCents: 701, initialAmountCents: 701, userId });
    expect(cb.rateSnapshot).toMatchObject({ shareBps: 7000, label: "Taux test 5 %" });
    expect(cb.expectedValidationAt?.toISOString()).toBe("2026-04-01T12:00:00.000Z");
    expect(await memberBalances(userId)).toMatchObject({ pending: 701, available: 0 });
    expect(onMemberCashbackChanged).toHaveBeenCalledWith(expect.anything(), { memberCashbackId: cb.id, userId, fromStatus: null, toStatus: "pending" });
  });

  it("writes nothing when an identical page is replayed", async () => {
    const { click } = await clicked();
    const page = [rec({ clickId: click.clickId }), rec({ clickId: click.clickId, status: "approved" }), rec({ status: "declined", declineReasonRaw: "order returned" })];
    await pull(page);
    const before = await importFootprint();
    for (let i = 0; i < 3; i++) {
      expect(await pull(page)).toEqual({ rows: 3, inserted: 0, updated: 0, unchanged: 3, rejected: [] });
    }
    expect(await importFootprint()).toEqual(before);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("credits exactly once when pending becomes approved, and a replay does nothing", async () => {
    const { userId, click } = await clicked();
    const pending = rec({ clickId: click.clickId, commissionAmount: "12.50" });
    await pull([pending]);
    const approved = { ...pending, status: "approved" as const, networkStatusRaw: "approved", validatedAt: new Date("2026-04-01T00:00:00Z"), raw: { ...pending.raw, status: "approved" } };
    expect(await pull([approved])).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    await pull([pending, approved]);
    const { conv, cb } = await cashbackOf(pending.conversionKey);
    expect(conv).toMatchObject({ status: "approved", version: 2 });
    expect(cb).toMatchObject({ status: "validated", amountCents: 875 });
    expect(cb.creditTransferId).not.toBeNull();
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 875 });
    expect(await operations(`cb:${cb.id}:credit`)).toEqual([`cb:${cb.id}:credit`]);
    const db = await getDb();
    const changes = await db.select().from(s.conversionChanges).where(eq(s.conversionChanges.conversionId, conv.id));
    expect(changes.map((c) => c.field).sort()).toEqual(["created", "networkStatusRaw", "status", "validatedAt"]);
    const events = await db.select().from(s.memberCashbackEvents).where(eq(s.memberCashbackEvents.memberCashbackId, cb.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.amountCents])).toEqual([
      [null, "pending", 875],
      ["pending", "validated", 875],
    ]);
  });

  it("posts the delta when an approved conversion is amended", async () => {
    const { userId, click } = await clicked();
    const approved = rec({ clickId: click.clickId, status: "approved", commissionAmount: "10.00" });
    await pull([approved]);
    const amended = { ...approved, commissionAmount: "8.00", updatedAt: new Date("2026-04-10T00:00:00Z"), raw: { ...approved.raw, commissionAmount: "8.00", amended: true } };
    await pull([amended]);
    await pull([approved]); // the older version arriving again changes nothing
    const { conv, cb } = await cashbackOf(approved.conversionKey);
    expect(conv).toMatchObject({ commissionAmount: "8.000000", firstCommissionAmount: "10.000000", version: 2 });
    expect(cb).toMatchObject({ status: "validated", amountCents: 560, initialAmountCents: 700 });
    expect(await memberBalances(userId)).toMatchObject({ available: 560 });
    expect(await operations(`cb:${cb.id}:adj:`)).toEqual([`cb:${cb.id}:adj:2`]);
  });

  it("refuses a declined conversion before credit with a French reason, and credits nothing", async () => {
    const { userId, click } = await clicked();
    const pending = rec({ clickId: click.clickId });
    await pull([pending]);
    await pull([{ ...pending, status: "declined", networkStatusRaw: "declined", declineReasonRaw: "order returned", raw: { ...pending.raw, status: "declined" } }]);
    const { conv, cb } = await cashbackOf(pending.conversionKey);
    expect(conv).toMatchObject({ status: "declined", reasonCode: "returned", declineReasonRaw: "order returned" });
    expect(cb).toMatchObject({ status: "refused", reasonCode: "returned", reasonTextFr: "Commande retournée" });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    expect(await operations(`cb:${cb.id}:credit`)).toEqual([]);
    expect(onMemberCashbackChanged).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ fromStatus: "pending", toStatus: "refused" }));
  });

  it("uses the French default when the network gives no reason", async () => {
    const { click } = await clicked();
    const r = rec({ clickId: click.clickId, status: "declined" });
    await pull([r]);
    expect((await cashbackOf(r.conversionKey)).cb).toMatchObject({ status: "refused", reasonTextFr: "Refusé par le marchand" });
  });

  it("reverses after credit: from available, the rest as a receivable", async () => {
    const { userId, click } = await clicked();
    const approved = rec({ clickId: click.clickId, status: "approved", commissionAmount: "10.00" });
    await pull([approved]);
    await withLedger((tx) => holdPayout(tx, { payoutId: crypto.randomUUID(), userId, amountCents: 500, actor: "system:test" }));
    expect(await memberBalances(userId)).toMatchObject({ available: 200, inPayout: 500 });
    await pull([{ ...approved, status: "declined", declineReasonRaw: "cancelled by customer", raw: { ...approved.raw, status: "declined" } }]);
    const { cb } = await cashbackOf(approved.conversionKey);
    expect(cb).toMatchObject({ status: "reversed", reasonTextFr: "Commande annulée", amountCents: 700 });
    expect(cb.reversalTransferId).not.toBeNull();
    expect(await memberBalances(userId)).toEqual({ pending: 0, available: 0, inPayout: 500, paid: 0, owed: 500 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("declines a CJ purchase whose corrections sum to zero", async () => {
    const { userId, click } = await clicked("cj", { account: "7700" });
    const original = rec({ network: "cj", networkAccountId: "7700", recordId: "CJ-1", conversionKey: "CJ-1", clickId: click.clickId, status: "approved", networkStatusRaw: "LOCKED", commissionAmount: "5.00" });
    await pull([original]);
    expect((await cashbackOf("CJ-1")).cb).toMatchObject({ status: "validated", amountCents: 350 });
    const correction = rec({ network: "cj", networkAccountId: "7700", recordId: "CJ-2", conversionKey: "CJ-1", clickId: click.clickId, status: "pending", networkStatusRaw: "NEW", commissionAmount: "-5.00", declineReasonRaw: "RETURNED_MERCHANDISE" });
    await pull([correction]);
    const { conv, cb } = await cashbackOf("CJ-1");
    expect(conv).toMatchObject({ status: "declined", commissionAmount: "0.000000", reasonCode: "returned" });
    expect(cb).toMatchObject({ status: "reversed", reasonTextFr: "Commande retournée" });
    expect(await memberBalances(userId)).toMatchObject({ available: 0, owed: 0 });
  });

  it("sums a Rakuten order's items and returns into one conversion", async () => {
    const { userId, click } = await clicked("rakuten", { account: "R1" });
    const item = (id: string, commission: string, sale: string) =>
      rec({ network: "rakuten", networkAccountId: "R1", recordId: id, conversionKey: "ORDER-9", clickId: click.clickId, commissionAmount: commission, saleAmount: sale });
    await pull([item("e1", "4.00", "40.00"), item("e2", "6.25", "62.50"), item("e3", "-4.00", "-40.00")]);
    const db = await getDb();
    const rows = await db.select().from(s.conversions).where(eq(s.conversions.conversionKey, "ORDER-9"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ commissionAmount: "6.250000", saleAmount: "62.500000", status: "pending" });
    expect(await memberBalances(userId)).toMatchObject({ pending: 437 });
  });

  it("keeps an unknown click id unattributed until an admin attributes it (audited)", async () => {
    const r = rec({ clickId: "cUNKNOWNunknown000000", status: "approved" });
    await pull([r]);
    const { conv, cb } = await cashbackOf(r.conversionKey);
    expect(conv.userId).toBeNull();
    expect(cb).toBeUndefined();
    const userId = await makeMember();
    await attributeConversion({ conversionId: conv.id, userId, actor: admin });
    const after = await cashbackOf(r.conversionKey);
    expect(after.conv).toMatchObject({ userId, version: 2 });
    expect(after.cb).toMatchObject({ status: "validated", amountCents: 700 });
    expect(await memberBalances(userId)).toMatchObject({ available: 700 });
    const db = await getDb();
    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, conv.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: admin.email, entity: "conversion", action: "update" });
    await expect(attributeConversion({ conversionId: conv.id, userId, actor: admin })).rejects.toMatchObject({ code: "already_attributed", message: "Cette conversion est déjà attribuée à un membre." });
    // a later pull keeps the member set by hand
    await pull([{ ...r, commissionAmount: "20.00", updatedAt: new Date("2026-05-01T00:00:00Z"), raw: { ...r.raw, commissionAmount: "20.00" } }]);
    expect((await cashbackOf(r.conversionKey)).conv.userId).toBe(userId);
    expect(await memberBalances(userId)).toMatchObject({ available: 1400 });
  });

  it("refuses to attribute to a member who does not exist, and writes nothing", async () => {
    const r = rec({ clickId: null });
    await pull([r]);
    const { conv } = await cashbackOf(r.conversionKey);
    const error = await attributeConversion({ conversionId: conv.id, userId: "nobody", actor: admin }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionDecisionError);
    expect(error).toMatchObject({ code: "unknown_member", message: "Ce membre n'existe pas." });
    const db = await getDb();
    expect(await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, conv.id))).toEqual([]);
    expect((await cashbackOf(r.conversionKey)).conv).toMatchObject({ userId: null, version: 1 });
  });

  it("holds a foreign-currency conversion for an admin decision, then credits the decided euros", async () => {
    const { userId, click } = await clicked();
    const r = rec({ clickId: click.clickId, status: "approved", currency: "USD", commissionAmount: "11.00" });
    await pull([r]);
    const { conv, cb } = await cashbackOf(r.conversionKey);
    expect(conv).toMatchObject({ currency: "USD", commissionAmount: "11.000000", fxCommissionEur: null });
    expect(cb).toMatchObject({ status: "pending", reasonCode: "fx_review", amountCents: 0 });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    await expect(decideForeignCurrency({ conversionId: conv.id, commissionEur: "abc", actor: admin })).rejects.toMatchObject({ code: "invalid_amount" });
    await decideForeignCurrency({ conversionId: conv.id, commissionEur: "10,10", actor: admin });
    const after = await cashbackOf(r.conversionKey);
    expect(after.conv).toMatchObject({ fxCommissionEur: "10.100000", fxDecidedBy: admin.email });
    expect(after.cb).toMatchObject({ status: "validated", amountCents: 707, reasonCode: null });
    expect(await memberBalances(userId)).toMatchObject({ available: 707 });
    const db = await getDb();
    expect(await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, conv.id))).toHaveLength(1);
  });

  it("keeps a validated cashback and its credit when a later version of the conversion comes in another currency", async () => {
    const { userId, click } = await clicked();
    const approved = rec({ clickId: click.clickId, status: "approved", commissionAmount: "2.00" });
    await pull([approved]);
    const credited = await cashbackOf(approved.conversionKey);
    expect(credited.cb.status).toBe("validated");
    const balances = await memberBalances(userId);
    expect(balances.available).toBeGreaterThan(0);
    const later = { ...approved, currency: "USD", commissionAmount: "1.00", updatedAt: new Date("2026-05-01T00:00:00Z"), raw: { ...approved.raw, currency: "USD", commissionAmount: "1.00" } };
    await pull([later]);
    const after = await cashbackOf(approved.conversionKey);
    expect(after.cb).toMatchObject({ status: "validated", amountCents: credited.cb.amountCents, reasonCode: null });
    expect(await memberBalances(userId)).toEqual(balances);
  });

  it("takes approved-before-pending in order: approved, one credit, the late pending ignored and logged", async () => {
    const { userId, click } = await clicked();
    const pending = rec({ clickId: click.clickId });
    const approved = { ...pending, status: "approved" as const, raw: { ...pending.raw, status: "approved" } };
    await pull([approved]);
    await pull([pending]);
    const { conv, cb } = await cashbackOf(pending.conversionKey);
    expect(conv).toMatchObject({ status: "approved", version: 1 });
    expect(cb).toMatchObject({ status: "validated", amountCents: 700 });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 700 });
    const db = await getDb();
    const anomalies = await db.select().from(s.conversionChanges).where(eq(s.conversionChanges.conversionId, conv.id));
    expect(anomalies.filter((c) => c.field === "status_regression_ignored")).toMatchObject([{ old: "approved", new: "pending" }]);
  });

  it("tracks a push without money, then the pull confirms it", async () => {
    const { userId, click } = await clicked();
    const push = rec({ clickId: click.clickId, raw: { push: true, clickref: click.clickId } });
    await importRecords({ records: [push], source: "push", actor: "system" });
    let { conv, cb } = await cashbackOf(push.conversionKey);
    expect(conv).toMatchObject({ pushOnly: true, status: "pending" });
    expect(cb).toMatchObject({ status: "tracked", amountCents: 700 });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    expect(await operations(`cb:${cb.id}`)).toEqual([]);
    await pull([rec({ ...push, raw: { pulled: true } })]);
    ({ conv, cb } = await cashbackOf(push.conversionKey));
    expect(conv.pushOnly).toBe(false);
    expect(cb).toMatchObject({ status: "pending" });
    expect(await memberBalances(userId)).toMatchObject({ pending: 700 });
  });

  it("rejects bad records by name and keeps the valid ones", async () => {
    const good = rec();
    const result = await pull([good, rec({ commissionAmount: "12,3,4" }), rec({ currency: "euro" }), rec({ transactionAt: new Date("nope") })]);
    expect(result.rows).toBe(4);
    expect(result.inserted).toBe(1);
    expect(result.rejected).toEqual([
      { at: expect.stringMatching(/^enregistrement 2 /), message: "montant invalide : « 12,3,4 »" },
      { at: expect.stringMatching(/^enregistrement 3 /), message: "devise invalide : « euro »" },
      { at: expect.stringMatching(/^enregistrement 4 /), message: "date de transaction invalide" },
    ]);
    expect((await cashbackOf(good.conversionKey)).conv).toBeDefined();
  });

  it("expects validation at the locking date, else purchase + declared delay, else + 90 days", async () => {
    const { click } = await clicked();
    const locked = rec({ clickId: click.clickId, lockingAt: new Date("2026-05-05T00:00:00Z") });
    const plain = rec({ clickId: click.clickId });
    await pull([locked, plain]);
    expect((await cashbackOf(locked.conversionKey)).cb.expectedValidationAt?.toISOString()).toBe("2026-05-05T00:00:00.000Z");
    expect((await cashbackOf(plain.conversionKey)).cb.expectedValidationAt?.toISOString()).toBe("2026-05-31T12:00:00.000Z");
  });

  it("imports a file through the parser and records the fetch with its counts and rejected lines", async () => {
    const good = rec();
    const parse = vi.fn(() => ({ records: [good], rejected: [{ at: "ligne 3", message: "montant manquant" }] }));
    const result = await importNetworkFile({ network: "awin", text: "id,commission\n1,2\n", actor: "cli" }, { parse });
    expect(parse).toHaveBeenCalledWith("awin", "id,commission\n1,2\n", { networkAccountId: undefined });
    expect(result).toMatchObject({ rows: 2, inserted: 1, updated: 0, unchanged: 0, rejected: [{ at: "ligne 3", message: "montant manquant" }] });
    const db = await getDb();
    const [f] = await db.select().from(s.networkFetches).where(eq(s.networkFetches.id, result.fetchId));
    expect(f).toMatchObject({ job: "file", actor: "cli", network: "awin", rows: 2, inserted: 1, rejected: 1, error: "ligne 3 : montant manquant" });
    expect(f.finishedAt).not.toBeNull();
    const [stored] = await db.select().from(s.networkRecords).where(eq(s.networkRecords.recordId, good.recordId));
    expect(stored).toMatchObject({ source: "manual", fetchId: result.fetchId });
  });

  it("overlapping imports of the same purchases (CLI, upload and pull at once) credit once", async () => {
    const { userId, click } = await clicked();
    const keys = Array.from({ length: 20 }, (_, i) => `par-${kind}-${i}-${crypto.randomUUID().slice(0, 6)}`);
    const pending = keys.map((k) => rec({ conversionKey: k, recordId: k, clickId: click.clickId, commissionAmount: "1.00" }));
    const approved = pending.map((r) => ({ ...r, status: "approved" as const, raw: { ...r.raw, status: "approved" } }));
    await Promise.all([pull([...pending, ...approved]), pull([...approved].reverse()), pull(pending), pull([...approved, ...pending])]);
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 20 * 70 });
    const db = await getDb();
    const [n] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_operations o join member_cashbacks m on o.idempotency_key = 'cb:' || m.id || ':credit' where m.user_id = ${userId}`)).rows;
    expect(n.n).toBe(20);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("refuses an unreadable file with a French message and records the failure", async () => {
    const parse = () => {
      throw new Error("ligne 1 : en-tête inconnu");
    };
    await expect(importNetworkFile({ network: "awin", text: "garbage", actor: "cli" }, { parse })).rejects.toThrow("Fichier illisible : ligne 1 : en-tête inconnu");
  });
});
