import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { pgErrorCode } from "#app/lib/db-errors.server";
import { InsufficientFundsError, LedgerStateError, MemberMoneyOutstandingError, type RateSnapshot } from "#app/modules/ledger/ledger";
import { deleteAccount } from "#app/modules/accounts/accounts.server";
import { deleteUserAdmin } from "#app/modules/users/users-admin.server";
import { action as profileAction } from "#app/routes/profile";
import { signedInUser, req } from "#tests/helpers/auth";
import { callRoute } from "#tests/helpers/route";
import {
  adjustCashback,
  approveCashback,
  creditMember,
  holdPayout,
  recordPendingCashback,
  refuseCashback,
  releasePayout,
  reverseCashback,
  settlePayout,
} from "#app/modules/ledger/ledger-events.server";
import { ensureMemberAccounts, memberBalances, transfer, verifyLedger, withLedger } from "#app/modules/ledger/ledger.server";
import * as s from "#db/schema";
import { describeEachDb } from "#tests/helpers/db";

const actor = "system:test";
const rate: RateSnapshot = { shareBps: 7000, label: "Nouveaux clients 6 %", clickedAt: "2026-03-03T10:15:00Z" };

async function member() {
  const db = await getDb();
  const id = randomUUID();
  await db.insert(s.user).values({ id, name: "Membre", email: `ledger-${id}@example.fr` });
  return id;
}

describeEachDb("ledger", ({ kind }) => {
  it("reads the four balances from the ledger through a cashback's life", async () => {
    const userId = await member();
    const cb = randomUUID();
    await withLedger((tx) => recordPendingCashback(tx, { cashbackId: cb, userId, amountCents: 1200, version: 1, actor }));
    expect(await memberBalances(userId)).toEqual({ pending: 1200, available: 0, inPayout: 0, paid: 0, owed: 0 });
    // amended while pending: the pending amount follows
    await withLedger((tx) => recordPendingCashback(tx, { cashbackId: cb, userId, amountCents: 900, version: 2, actor }));
    expect((await memberBalances(userId)).pending).toBe(900);
    await withLedger((tx) => approveCashback(tx, { cashbackId: cb, userId, amountCents: 950, rateSnapshot: rate, actor }));
    expect(await memberBalances(userId)).toEqual({ pending: 0, available: 950, inPayout: 0, paid: 0, owed: 0 });
    const po = randomUUID();
    await withLedger((tx) => holdPayout(tx, { payoutId: po, userId, amountCents: 950, actor }));
    expect(await memberBalances(userId)).toEqual({ pending: 0, available: 0, inPayout: 950, paid: 0, owed: 0 });
    await withLedger((tx) => settlePayout(tx, { payoutId: po, userId, actor }));
    expect(await memberBalances(userId)).toEqual({ pending: 0, available: 0, inPayout: 0, paid: 950, owed: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("keeps the click-time rate snapshot on the credit transfer", async () => {
    const userId = await member();
    const cb = randomUUID();
    await withLedger((tx) => approveCashback(tx, { cashbackId: cb, userId, amountCents: 300, rateSnapshot: rate, actor }));
    const db = await getDb();
    const [credit] = await db.select().from(s.ledgerTransfers).where(eq(s.ledgerTransfers.idempotencyKey, `cb:${cb}:credit`));
    expect(credit.metadata).toEqual({ rateSnapshot: rate });
    expect(credit.amountCents).toBe(300);
  });

  it("does nothing when an operation is replayed", async () => {
    const userId = await member();
    const cb = randomUUID();
    for (let i = 0; i < 3; i++) {
      const result = await withLedger((tx) => approveCashback(tx, { cashbackId: cb, userId, amountCents: 500, rateSnapshot: rate, actor }));
      expect(result.applied).toBe(i === 0);
    }
    expect((await memberBalances(userId)).available).toBe(500);
    const db = await getDb();
    const rows = await db.select().from(s.ledgerTransfers).where(eq(s.ledgerTransfers.refId, cb));
    expect(rows).toHaveLength(1);
  });

  it("refuses before validation: the pending amount goes back", async () => {
    const userId = await member();
    const cb = randomUUID();
    await withLedger((tx) => recordPendingCashback(tx, { cashbackId: cb, userId, amountCents: 700, version: 1, actor }));
    await withLedger((tx) => refuseCashback(tx, { cashbackId: cb, userId, actor }));
    expect(await memberBalances(userId)).toEqual({ pending: 0, available: 0, inPayout: 0, paid: 0, owed: 0 });
    expect((await verifyLedger()).ok).toBe(true);
  });

  it("reverses after validation from available, the rest as a receivable offset against the next credit", async () => {
    const userId = await member();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await withLedger((tx) => approveCashback(tx, { cashbackId: a, userId, amountCents: 1000, rateSnapshot: rate, actor }));
    const po = randomUUID();
    await withLedger((tx) => holdPayout(tx, { payoutId: po, userId, amountCents: 600, actor }));
    await withLedger((tx) => reverseCashback(tx, { cashbackId: a, userId, actor }));
    // 400 left in available is taken, 600 becomes owed; the held payout is untouched
    expect(await memberBalances(userId)).toEqual({ pending: 0, available: 0, inPayout: 600, paid: 0, owed: 600 });
    await withLedger((tx) => approveCashback(tx, { cashbackId: b, userId, amountCents: 250, rateSnapshot: rate, actor }));
    expect(await memberBalances(userId)).toMatchObject({ available: 0, owed: 350 });
    await withLedger((tx) => approveCashback(tx, { cashbackId: c, userId, amountCents: 500, rateSnapshot: rate, actor }));
    expect(await memberBalances(userId)).toMatchObject({ available: 150, owed: 0 });
    const db = await getDb();
    const keys = (await db.select({ key: s.ledgerTransfers.idempotencyKey }).from(s.ledgerTransfers).where(sql`${s.ledgerTransfers.refId} in (${a}, ${b}, ${c})`)).map((r) => r.key);
    expect(keys.sort()).toEqual([`cb:${a}:credit`, `cb:${a}:reverse`, `cb:${a}:reverse:recv`, `cb:${b}:credit:offset`, `cb:${c}:credit`, `cb:${c}:credit:offset`].sort());
    expect((await verifyLedger()).ok).toBe(true);
  });

  it("adjusts a validated cashback up or down with a per-version key", async () => {
    const userId = await member();
    const cb = randomUUID();
    await expect(withLedger((tx) => adjustCashback(tx, { cashbackId: cb, userId, deltaCents: 10, version: 1, actor }))).rejects.toBeInstanceOf(LedgerStateError);
    await withLedger((tx) => approveCashback(tx, { cashbackId: cb, userId, amountCents: 400, rateSnapshot: rate, actor }));
    await withLedger((tx) => adjustCashback(tx, { cashbackId: cb, userId, deltaCents: -100, version: 2, actor }));
    await withLedger((tx) => adjustCashback(tx, { cashbackId: cb, userId, deltaCents: -100, version: 2, actor }));
    await withLedger((tx) => adjustCashback(tx, { cashbackId: cb, userId, deltaCents: 30, version: 3, actor }));
    expect((await memberBalances(userId)).available).toBe(330);
    // a reversal takes back the net credited amount
    await withLedger((tx) => reverseCashback(tx, { cashbackId: cb, userId, actor }));
    expect(await memberBalances(userId)).toMatchObject({ available: 0, owed: 0 });
  });

  it("refuses a payout beyond available and writes nothing", async () => {
    const userId = await member();
    await withLedger((tx) => creditMember(tx, { key: `ref:${randomUUID()}`, kind: "referral_bonus", userId, amountCents: 200, actor }));
    const po = randomUUID();
    await expect(withLedger((tx) => holdPayout(tx, { payoutId: po, userId, amountCents: 201, actor }))).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await memberBalances(userId)).available).toBe(200);
    // the refused key is not burnt: the same payout can be held once the money is there
    await withLedger((tx) => holdPayout(tx, { payoutId: po, userId, amountCents: 200, actor }));
    await withLedger((tx) => releasePayout(tx, { payoutId: po, userId, actor }));
    expect(await memberBalances(userId)).toMatchObject({ available: 200, inPayout: 0 });
    await expect(withLedger((tx) => settlePayout(tx, { payoutId: po, userId, actor }))).rejects.toBeInstanceOf(LedgerStateError);
  });

  it("refuses to open accounts for a member who does not exist", async () => {
    await expect(withLedger((tx) => ensureMemberAccounts(tx, `ghost-${randomUUID()}`))).rejects.toBeInstanceOf(LedgerStateError);
  });

  it("rejects bad amounts and same-account transfers", async () => {
    const userId = await member();
    for (const amountCents of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
      await expect(
        withLedger((tx) => transfer(tx, { key: `t:${randomUUID()}`, kind: "test", from: { platform: "member_liabilities" }, to: { userId, kind: "available" }, amountCents, actor })),
      ).rejects.toThrow(/positive safe integer/);
    }
    await expect(
      withLedger((tx) => transfer(tx, { key: `t:${randomUUID()}`, kind: "test", from: { userId, kind: "available" }, to: { userId, kind: "available" }, amountCents: 1, actor })),
    ).rejects.toThrow(/two different accounts/);
  });

  it("enforces the rules in the database too: CHECKs and append-only rows", async () => {
    const userId = await member();
    const db = await getDb();
    const accounts = await withLedger((tx) => ensureMemberAccounts(tx, userId));
    const code = async (query: Promise<unknown>) => pgErrorCode(await query.then(() => null, (error: unknown) => error));
    expect(await code(db.execute(sql`update ledger_accounts set balance_cents = -1 where id = ${accounts.available}`))).toBe("23514");
    expect(await code(db.execute(sql`update ledger_accounts set balance_cents = 1 where id = ${accounts.receivable}`))).toBe("23514");
    await withLedger((tx) => creditMember(tx, { key: `k:${randomUUID()}`, kind: "bonus", userId, amountCents: 5, actor }));
    expect(await code(db.execute(sql`update ledger_transfers set amount_cents = 6 where to_account_id = ${accounts.available}`))).toBe("42501");
    expect(await code(db.execute(sql`delete from ledger_entries where account_id = ${accounts.available}`))).toBe("42501");
    expect(await code(db.execute(sql`insert into ledger_operations (idempotency_key, kind, actor) values ('x', 'x', 'x')`))).toBeUndefined();
    expect(
      await code(db.execute(sql`insert into ledger_transfers (idempotency_key, operation_key, kind, from_account_id, to_account_id, amount_cents, actor) values ('x0', 'x', 'x', ${accounts.available}, ${accounts.available}, 1, 'x')`)),
    ).toBe("23514");
    expect(
      await code(db.execute(sql`insert into ledger_transfers (idempotency_key, operation_key, kind, from_account_id, to_account_id, amount_cents, actor) values ('x1', 'x', 'x', ${accounts.available}, ${accounts.paid}, 0, 'x')`)),
    ).toBe("23514");
  });

  it("verifyLedger spots a cached balance that drifted from the entries", async () => {
    const userId = await member();
    await withLedger((tx) => creditMember(tx, { key: `k:${randomUUID()}`, kind: "bonus", userId, amountCents: 40, actor }));
    const accounts = await withLedger((tx) => ensureMemberAccounts(tx, userId));
    const db = await getDb();
    await db.execute(sql`update ledger_accounts set balance_cents = balance_cents + 1 where id = ${accounts.available}`);
    const check = await verifyLedger();
    expect(check.ok).toBe(false);
    expect(check.problems.join("\n")).toContain(`account ${accounts.available}: balance 41 but entries sum to 40`);
    await db.execute(sql`update ledger_accounts set balance_cents = balance_cents - 1 where id = ${accounts.available}`);
    expect((await verifyLedger()).ok).toBe(true);
  });

  describe("account deletion", () => {
    it("is refused while money is available or in payout, from the profile and from the admin", async () => {
      const m = await signedInUser();
      await withLedger((tx) => creditMember(tx, { key: `k:${randomUUID()}`, kind: "bonus", userId: m.id, amountCents: 1234, actor }));
      const refused = await callRoute(profileAction, req("/profile", { form: { intent: "delete", password: m.password }, cookie: m.cookie }));
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.data)).toContain("Tu as encore 12,34\u00a0€ de cashback disponible ou en cours de virement");
      await expect(deleteUserAdmin(m.id, { id: "test-admin", email: "admin@test.local" })).rejects.toBeInstanceOf(MemberMoneyOutstandingError);
      const po = randomUUID();
      await withLedger((tx) => holdPayout(tx, { payoutId: po, userId: m.id, amountCents: 1234, actor }));
      await expect(deleteAccount(m.id, m.email)).rejects.toBeInstanceOf(MemberMoneyOutstandingError);
      const db = await getDb();
      expect(await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, m.id))).toHaveLength(1);
      // once the payout is settled nothing is theirs any more: deletion goes through
      await withLedger((tx) => settlePayout(tx, { payoutId: po, userId: m.id, actor }));
      await deleteAccount(m.id, m.email);
      expect(await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, m.id))).toHaveLength(0);
    });

    it("keeps the ledger rows without the person when only pending cashback or a debt is left", async () => {
      const userId = await member();
      const [a, b] = [randomUUID(), randomUUID()];
      await withLedger((tx) => approveCashback(tx, { cashbackId: a, userId, amountCents: 500, rateSnapshot: rate, actor }));
      const po = randomUUID();
      await withLedger((tx) => holdPayout(tx, { payoutId: po, userId, amountCents: 500, actor }));
      await withLedger((tx) => settlePayout(tx, { payoutId: po, userId, actor }));
      await withLedger((tx) => reverseCashback(tx, { cashbackId: a, userId, actor }));
      await withLedger((tx) => recordPendingCashback(tx, { cashbackId: b, userId, amountCents: 80, version: 1, actor }));
      const accounts = await withLedger((tx) => ensureMemberAccounts(tx, userId));
      await deleteUserAdmin(userId, { id: "test-admin", email: "admin@test.local" });
      const db = await getDb();
      const kept = await db.select().from(s.ledgerAccounts).where(sql`${s.ledgerAccounts.id} in (${accounts.pending}, ${accounts.receivable}, ${accounts.paid})`);
      expect(kept.map((k) => [k.kind, k.userId, k.balanceCents]).sort()).toEqual([
        ["paid", null, 500],
        ["pending", null, 80],
        ["receivable", null, -500],
      ]);
      const mentions = await db.execute<{ n: string }>(
        sql`select (select count(*) from ledger_accounts where user_id = ${userId})
          + (select count(*) from ledger_transfers where strpos(concat_ws(' ', idempotency_key, ref_id, metadata::text), ${userId}) > 0)
          + (select count(*) from ledger_operations where strpos(idempotency_key, ${userId}) > 0) as n`,
      );
      expect(Number(mentions.rows[0].n)).toBe(0);
      expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
    });
  });

  if (kind === "postgres") {
    describe("concurrency", () => {
      it("parallel transfers on the same accounts: no lost update, no negative balance, no deadlock", async () => {
        const users = [await member(), await member(), await member()];
        for (const userId of users) {
          await withLedger((tx) => creditMember(tx, { key: `seed:${userId}`, kind: "bonus", userId, amountCents: 1000, actor }));
        }
        // 120 operations at once over three members and the shared platform accounts: credits,
        // payouts that together ask for more than is available, member-to-member transfers both ways
        const ops = Array.from({ length: 120 }, (_, i) => {
          const userId = users[i % 3];
          const other = users[(i + 1) % 3];
          const run = () => {
            switch (i % 4) {
              case 0:
                return withLedger((tx) => creditMember(tx, { key: `c:${i}`, kind: "bonus", userId, amountCents: 10, actor }));
              case 1:
                return withLedger((tx) => holdPayout(tx, { payoutId: `conc-${i}`, userId, amountCents: 70, actor }));
              case 2:
                return withLedger((tx) => transfer(tx, { key: `t:${i}`, kind: "test", from: { userId, kind: "available" }, to: { userId: other, kind: "available" }, amountCents: 15, actor }));
              default:
                return withLedger((tx) => transfer(tx, { key: `t:${i}`, kind: "test", from: { userId: other, kind: "available" }, to: { userId, kind: "available" }, amountCents: 15, actor }));
            }
          };
          return run().then(
            () => "ok" as const,
            (error: unknown) => {
              if (error instanceof InsufficientFundsError) return "refused" as const;
              throw error;
            },
          );
        });
        const outcomes = await Promise.all(ops);
        const db = await getDb();
        const holds = await db.select({ amount: s.ledgerTransfers.amountCents }).from(s.ledgerTransfers).where(sql`${s.ledgerTransfers.kind} = 'payout_hold' and ${s.ledgerTransfers.refId} like 'conc-%'`);
        const held = holds.reduce((sum, h) => sum + h.amount, 0);
        let total = 0;
        for (const userId of users) {
          const b = await memberBalances(userId);
          expect(b.available).toBeGreaterThanOrEqual(0);
          total += b.available + b.inPayout;
        }
        // every credit landed, every hold that was accepted is held: nothing lost
        expect(total).toBe(3 * 1000 + 30 * 10);
        expect(held).toBe(outcomes.filter((o, i) => o === "ok" && i % 4 === 1).length * 70);
        expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
      });

      it("the same key raced from many connections is applied once", async () => {
        const userId = await member();
        const cb = randomUUID();
        const results = await Promise.all(Array.from({ length: 8 }, () => withLedger((tx) => approveCashback(tx, { cashbackId: cb, userId, amountCents: 123, rateSnapshot: rate, actor }))));
        expect(results.filter((r) => r.applied)).toHaveLength(1);
        expect((await memberBalances(userId)).available).toBe(123);
      });
    });
  }
});
