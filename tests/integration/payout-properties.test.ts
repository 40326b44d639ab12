import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { composeIBAN } from "ibantools";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { creditMember, debitMember } from "#app/modules/ledger/ledger-events.server";
import { memberBalances, verifyLedger, withLedger } from "#app/modules/ledger/ledger.server";
import { saveBankDetails } from "#app/modules/payouts/bank-details.server";
import * as payouts from "#app/modules/payouts/payouts.server";
import * as s from "#db/schema";
import { describeEachDb } from "#tests/helpers/db";

/**
 * Property test (issue #13 "Done when"): withdrawals, their review, export,
 * marking, failures and cancellations, interleaved with credits and
 * reversals of cashback, in any order and with replayed requests, never make
 * a balance negative and never lose a cent.
 */

const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 25), 100);

// credits and requests weigh more, so that most runs take several payouts through their whole life
const opArb = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant("credit" as const), amount: fc.integer({ min: 1, max: 5_000 }) }), weight: 4 },
  fc.record({ t: fc.constant("reverse" as const), amount: fc.integer({ min: 1, max: 2_000 }) }),
  { arbitrary: fc.record({ t: fc.constant("request" as const), amount: fc.integer({ min: 900, max: 3_000 }), replayOf: fc.option(fc.nat(), { nil: undefined }) }), weight: 4 },
  fc.record({ t: fc.constant("cancel" as const), pick: fc.nat() }),
  { arbitrary: fc.record({ t: fc.constant("approve" as const), pick: fc.nat() }), weight: 3 },
  fc.record({ t: fc.constant("refuse" as const), pick: fc.nat() }),
  { arbitrary: fc.constant({ t: "export" as const }), weight: 3 },
  { arbitrary: fc.constant({ t: "send" as const }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant("complete" as const), pick: fc.nat() }), weight: 2 },
  fc.record({ t: fc.constant("fail" as const), pick: fc.nat() }),
);

let ibanSeq = 0;
async function memberWithIban() {
  const db = await getDb();
  const id = randomUUID();
  const email = `po-prop-${id.slice(0, 8)}@example.fr`;
  await db.insert(s.user).values({ id, name: "Propriété", email, createdAt: new Date(Date.now() - 60 * 86_400_000) });
  const iban = composeIBAN({ countryCode: "DE", bban: `37040044${String(Date.now() % 1e6).padStart(6, "0")}${String(ibanSeq++).padStart(4, "0")}` })!;
  await saveBankDetails({ id, email }, { iban, holderName: "Camille Dupont" }, new Date(Date.now() - 30 * 86_400_000));
  return { id, email };
}

describeEachDb("payout properties", () => {
  it("any interleaving of payouts and reversals keeps every balance non-negative and every cent accounted for", async () => {
    const db = await getDb();
    const financeId = randomUUID();
    await db.insert(s.user).values({ id: financeId, name: "Finance", email: `fin-${financeId.slice(0, 8)}@example.fr`, role: "finance" });
    const finance = { id: financeId, email: `fin-${financeId.slice(0, 8)}@example.fr` };

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40, size: "max" }), async (ops) => {
        const m = await memberWithIban();
        let credited = 0;
        let debited = 0;
        const keys: string[] = [];
        const mine = async () => db.select().from(s.payouts).where(eq(s.payouts.userId, m.id));
        const pick = async (n: number, statuses: string[]) => {
          const rows = (await mine()).filter((p) => statuses.includes(p.status));
          return rows.length ? rows[n % rows.length] : null;
        };
        for (const [i, op] of ops.entries()) {
          try {
            switch (op.t) {
              case "credit":
                await withLedger((tx) => creditMember(tx, { key: `prop:${m.id}:c${i}`, kind: "cashback_credit", userId: m.id, amountCents: op.amount, actor: "system:property" }));
                credited += op.amount;
                break;
              case "reverse":
                await withLedger((tx) => debitMember(tx, { key: `prop:${m.id}:d${i}`, kind: "cashback_reverse", userId: m.id, amountCents: op.amount, actor: "system:property" }));
                debited += op.amount;
                break;
              case "request": {
                const key = op.replayOf !== undefined && keys.length ? keys[op.replayOf % keys.length] : randomUUID();
                keys.push(key);
                await payouts.requestPayout(m, { amountCents: op.amount, idempotencyKey: key });
                break;
              }
              case "cancel": {
                const p = await pick(op.pick, ["requested", "needs_review", "approved", "exported", "sent"]);
                if (p) await payouts.cancelPayout(m, p.id);
                break;
              }
              case "approve": {
                const p = await pick(op.pick, ["needs_review", "requested", "sent"]);
                if (p) await payouts.approvePayout(finance, p.id);
                break;
              }
              case "refuse": {
                const p = await pick(op.pick, ["needs_review", "approved", "exported"]);
                if (p) await payouts.refusePayout(finance, p.id, "Refus de test");
                break;
              }
              case "export":
                await payouts.exportApprovedPayouts(finance);
                break;
              case "send": {
                const [p] = (await mine()).filter((r) => r.status === "exported");
                if (p?.batchId) await payouts.markBatchSent(finance, p.batchId);
                break;
              }
              case "complete": {
                const p = await pick(op.pick, ["sent", "exported", "approved"]);
                if (p) await payouts.completePayout(finance, p.id);
                break;
              }
              case "fail": {
                const p = await pick(op.pick, ["sent", "exported", "completed"]);
                if (p) await payouts.failPayout(finance, p.id, "AC04 compte clôturé");
                break;
              }
            }
          } catch (error) {
            // a refused step (wrong state, below the minimum, more than available…) changes nothing
            if (!(error instanceof payouts.PayoutError)) throw error;
          }
          const b = await memberBalances(m.id);
          expect(b.available).toBeGreaterThanOrEqual(0);
          expect(b.inPayout).toBeGreaterThanOrEqual(0);
          expect(b.paid).toBeGreaterThanOrEqual(0);
          expect(b.owed).toBeGreaterThanOrEqual(0);
        }
        const b = await memberBalances(m.id);
        const rows = await mine();
        const sum = (statuses: string[]) => rows.filter((p) => statuses.includes(p.status)).reduce((t, p) => t + p.amountCents, 0);
        // no cent created or lost: what was credited minus what was reversed is somewhere
        expect(b.available + b.inPayout + b.paid - b.owed).toBe(credited - debited);
        expect(b.inPayout).toBe(sum(["requested", "needs_review", "approved", "exported", "sent"]));
        expect(b.paid).toBe(sum(["completed"]));
        // one payout per distinct idempotency key at most
        expect(rows.length).toBeLessThanOrEqual(new Set(keys).size);
        expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(rows.length);
      }),
      { numRuns: RUNS },
    );
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });
});
