import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { deletionDebtMessage, type RateSnapshot } from "#app/modules/ledger/ledger";
import { approveCashback, creditMember, holdPayout, reverseCashback, settlePayout } from "#app/modules/ledger/ledger-events.server";
import { ensureMemberAccounts, verifyLedger, withLedger } from "#app/modules/ledger/ledger.server";
import { deleteUserAdmin } from "#app/modules/users/users-admin.server";
import { action as profileAction, loader as profileLoader } from "#app/routes/profile";
import { loader as treasuryLoader } from "#app/routes/admin/tresorerie";
import * as s from "#db/schema";
import { cookieFor, createUser, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

/**
 * A debt is not written off by deleting the account
 * (ADR 013 §Money of a deleted account): the member is told first, the
 * deletion goes through, the debt stays on the member's ledger accounts under
 * an opaque reference, and finance sees it on /admin/tresorerie.
 */

const actor = "system:test";
const rate: RateSnapshot = { shareBps: 7000, label: "Taux test", clickedAt: "2026-03-03T10:15:00Z" };

/** A cashback of `cents` credited, paid out to the member's bank, then reversed by the merchant: the member owes `cents`. */
async function owe(userId: string, cents: number) {
  const cashback = randomUUID();
  const payout = randomUUID();
  await withLedger((tx) => approveCashback(tx, { cashbackId: cashback, userId, amountCents: cents, rateSnapshot: rate, actor }));
  await withLedger((tx) => holdPayout(tx, { payoutId: payout, userId, amountCents: cents, actor }));
  await withLedger((tx) => settlePayout(tx, { payoutId: payout, userId, actor }));
  await withLedger((tx) => reverseCashback(tx, { cashbackId: cashback, userId, actor }));
}

async function admin() {
  const a = await createUser({ role: "admin" });
  return { ...a, cookie: await cookieFor(a.email, a.password) };
}

const treasury = async (cookie: string) => (await callRoute(treasuryLoader, req("/admin/tresorerie", { cookie }))).data;

/** Every column of the rows as text, to look for the person in them. */
async function textOf(table: string, where: ReturnType<typeof sql>) {
  const rows = await (await getDb()).execute<{ row: string }>(sql`select t::text as row from ${sql.identifier(table)} t where ${where}`);
  return rows.rows.map((r) => r.row).join("\n");
}

describeEachDb("debt on account deletion", () => {
  it("tells a member who owes money before « Supprimer mon compte », and not one who does not", async () => {
    const debtor = await signedInUser();
    await owe(debtor.id, 1_500);
    const page = await callRoute(profileLoader, req("/profile", { cookie: debtor.cookie }));
    expect(page.data.deletionDebt).toBe(deletionDebtMessage(1_500, getEnv().SITE_NAME));
    expect(page.data.deletionDebt).toBe(
      `Tu dois encore 15,00\u00a0€ à ${getEnv().SITE_NAME} (un cashback versé puis annulé par le marchand). Supprimer ton compte n'efface pas cette dette : elle sera conservée de façon anonyme.`,
    );

    // money of theirs, or nothing at all: no warning
    const earner = await signedInUser();
    await withLedger((tx) => creditMember(tx, { key: `k:${randomUUID()}`, kind: "bonus", userId: earner.id, amountCents: 700, actor }));
    expect((await callRoute(profileLoader, req("/profile", { cookie: earner.cookie }))).data.deletionDebt).toBeNull();
    const newcomer = await signedInUser();
    expect((await callRoute(profileLoader, req("/profile", { cookie: newcomer.cookie }))).data.deletionDebt).toBeNull();
  });

  it("a member who owes deletes the account: the user goes, the debt stays on an anonymised account that finance sees", async () => {
    const db = await getDb();
    const finance = await admin();
    const before = await treasury(finance.cookie);
    const m = await signedInUser();
    await owe(m.id, 1_500);
    const accounts = await withLedger((tx) => ensureMemberAccounts(tx, m.id));

    const done = await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: m.password }, cookie: m.cookie }));
    expect(done.location).toBe("/");
    expect(await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, m.id))).toEqual([]);

    // the five accounts stay, without the user, under one opaque reference and the deletion date
    const kept = await db.select().from(s.ledgerAccounts).where(inArray(s.ledgerAccounts.id, Object.values(accounts)));
    expect(kept).toHaveLength(5);
    const ref = kept[0].anonymisedRef!;
    expect(ref).toMatch(/^ANON-[0-9A-F]{12}$/);
    for (const a of kept) {
      expect(a.userId).toBeNull();
      expect(a.anonymisedRef).toBe(ref);
      expect(Date.now() - a.anonymisedAt!.getTime()).toBeLessThan(60_000);
    }
    expect(kept.find((a) => a.kind === "receivable")?.balanceCents).toBe(-1_500);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });

    // the audit entry of the anonymisation names only the reference and the amounts
    const [entry] = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "ledger_accounts"), eq(s.auditLog.entityId, ref)));
    expect(entry).toMatchObject({ action: "update", actorId: null, actorEmail: "compte supprimé", after: { anonymisedRef: ref, owedCents: 1_500, pendingCents: 0 } });
    // nothing left names the person: not the accounts, not the audit entry
    const ids = sql.join(Object.values(accounts).map((id) => sql`${id}`), sql`, `);
    const trail = (await textOf("ledger_accounts", sql`t.id in (${ids})`)) + (await textOf("audit_log", sql`t.entity_id = ${ref}`));
    expect(trail.toLowerCase()).not.toContain(m.id.toLowerCase());
    expect(trail.toLowerCase()).not.toContain(m.email.toLowerCase());

    // finance: « Dettes de comptes supprimés », counted in what members owe
    const after = await treasury(finance.cookie);
    expect(after.deletedDebts.rows).toContainEqual({ ref, owedCents: 1_500, deletedAt: kept[0].anonymisedAt!.toISOString() });
    expect(after.deletedDebts.totalCents - before.deletedDebts.totalCents).toBe(1_500);
    expect(after.deletedDebts.count - before.deletedDebts.count).toBe(1);
    expect(after.deletedDebts.totalCents).toBe(after.deletedDebts.rows.reduce((sum, d) => sum + d.owedCents, 0));
    expect(after.members.owedCents - before.members.owedCents).toBe(1_500);
    expect(after.members.owedCents).toBeGreaterThanOrEqual(after.deletedDebts.totalCents);
  });

  it("an admin's deletion keeps the debt the same way, audited under the admin", async () => {
    const db = await getDb();
    const finance = await admin();
    const m = await signedInUser();
    await owe(m.id, 250);
    const accounts = await withLedger((tx) => ensureMemberAccounts(tx, m.id));
    expect(await deleteUserAdmin(m.id, { id: finance.id, email: finance.email })).toEqual({ email: m.email });
    const [receivable] = await db.select().from(s.ledgerAccounts).where(eq(s.ledgerAccounts.id, accounts.receivable));
    expect(receivable).toMatchObject({ userId: null, balanceCents: -250 });
    expect(receivable.anonymisedRef).toMatch(/^ANON-/);
    const [entry] = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "ledger_accounts"), eq(s.auditLog.entityId, receivable.anonymisedRef!)));
    expect(entry).toMatchObject({ actorId: finance.id, after: { owedCents: 250 } });
    expect((await treasury(finance.cookie)).deletedDebts.rows).toContainEqual(expect.objectContaining({ ref: receivable.anonymisedRef, owedCents: 250 }));
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("a deleted member without a debt is not listed; money still theirs still blocks the deletion", async () => {
    const db = await getDb();
    const finance = await admin();
    const before = await treasury(finance.cookie);
    const clear = await signedInUser();
    await withLedger((tx) => creditMember(tx, { key: `k:${randomUUID()}`, kind: "bonus", userId: clear.id, amountCents: 300, actor }));
    const po = randomUUID();
    await withLedger((tx) => holdPayout(tx, { payoutId: po, userId: clear.id, amountCents: 300, actor }));
    expect((await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: clear.password }, cookie: clear.cookie }))).status).toBe(409);
    await withLedger((tx) => settlePayout(tx, { payoutId: po, userId: clear.id, actor }));
    expect((await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: clear.password }, cookie: clear.cookie }))).location).toBe("/");
    expect(await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, clear.id))).toEqual([]);
    const after = await treasury(finance.cookie);
    expect(after.deletedDebts).toEqual(before.deletedDebts);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });
});
