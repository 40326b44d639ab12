import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { approveConversionReview } from "#app/modules/conversions/attribute.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import type { NormalisedRecord } from "#app/modules/networks/types";
import * as s from "#db/schema";
import { describeEachDb } from "#tests/helpers/db";
import { makeClick, makeMember, makeProgramme, rec } from "#tests/helpers/conversions";

/**
 * Property tests (issue #12 "Done when"): any sequence of imports of the
 * states of a set of conversions, in any order, each replayed any number of
 * times and cut into pages anyhow, gives the same balances (and member
 * cashbacks) as importing each conversion's final state once; every transfer
 * sums to zero (verifyLedger); "available" is never negative. Conversions
 * whose commissions are all implausible (above the 200 € ceiling) are held
 * « En vérification » with no money, then approved by finance or not (ADR 039).
 */

const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 10), 200);

/** exact decimal text from integer cents (no float formatting) */
const text = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
const cents = fc.integer({ min: -300, max: 5_000 }).map(text);
const positive = fc.integer({ min: 1, max: 5_000 }).map(text);

/** One network state of a 1:1 conversion: ordered by (status, change date), as the import orders them. */
const stateArb = fc.record({
  status: fc.constantFrom("pending" as const, "approved" as const, "declined" as const),
  commission: positive,
  day: fc.integer({ min: 1, max: 28 }),
  currency: fc.constantFrom("EUR", "EUR", "EUR", "USD"),
});
/** A state of a conversion held for review: a euro commission above the default 200 € ceiling. */
const heldStateArb = fc.record({
  status: fc.constantFrom("pending" as const, "approved" as const, "declined" as const),
  commission: fc.integer({ min: 200_01, max: 900_00 }).map(text),
  day: fc.integer({ min: 1, max: 28 }),
  currency: fc.constant("EUR"),
});
/** A conversion: a 1:1 network (Awin) with its states, a summed one (Rakuten) with its items and returns, or a held one finance may approve. */
const conversionArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("awin" as const), states: fc.uniqueArray(stateArb, { minLength: 1, maxLength: 4, selector: (st) => `${st.status}:${st.day}` }), attributed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rakuten" as const), items: fc.array(cents, { minLength: 1, maxLength: 4 }), attributed: fc.constant(true) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("held" as const),
      states: fc.uniqueArray(heldStateArb, { minLength: 1, maxLength: 3, selector: (st) => `${st.status}:${st.day}` }),
      attributed: fc.constant(true),
      approve: fc.boolean(),
    }),
  },
);

type ConversionSpec = typeof conversionArb extends fc.Arbitrary<infer T> ? T : never;
const RANK = { pending: 0, approved: 1, declined: 2 } as const;

/** The records of each conversion for one member (fresh keys and clicks per member). */
async function recordsFor(specs: ConversionSpec[], userId: string, ns: string) {
  const awin = await makeProgramme("awin", { account: `A-${ns}` });
  const rakuten = await makeProgramme("rakuten", { account: `R-${ns}` });
  const all: NormalisedRecord[][] = [];
  const finals: NormalisedRecord[][] = [];
  for (const [i, spec] of specs.entries()) {
    const key = `${ns}-${i}`;
    if (spec.kind === "awin" || spec.kind === "held") {
      const click = await makeClick(userId, awin.id);
      const clickId = spec.attributed ? click.clickId : null;
      // a conversion first seen in another currency may be converted to euros later, never back (in the import's order)
      const order = [...spec.states.keys()].sort((j, k) => RANK[spec.states[j].status] - RANK[spec.states[k].status] || spec.states[j].day - spec.states[k].day);
      const firstEuro = order.findIndex((j) => spec.states[j].currency !== "USD");
      const foreign = new Set(firstEuro === -1 ? order : order.slice(0, firstEuro));
      const versions = spec.states.map((st, j) =>
        rec({
          networkAccountId: `A-${ns}`,
          recordId: key,
          conversionKey: key,
          clickId,
          status: st.status,
          networkStatusRaw: st.status,
          commissionAmount: st.commission,
          currency: foreign.has(j) ? "USD" : "EUR",
          declineReasonRaw: st.status === "declined" ? "order returned" : null,
          updatedAt: new Date(Date.UTC(2026, 3, st.day)),
        }),
      );
      all.push(versions);
      // the final state: highest status, then latest change date (states are unique on both)
      const later = (j: number, k: number) => RANK[spec.states[j].status] - RANK[spec.states[k].status] || spec.states[j].day - spec.states[k].day;
      const final = [...spec.states.keys()].reduce((best, j) => (later(j, best) > 0 ? j : best), 0);
      finals.push([versions[final]]);
    } else {
      const click = await makeClick(userId, rakuten.id);
      const items = spec.items.map((commission, j) =>
        rec({ network: "rakuten", networkAccountId: `R-${ns}`, recordId: `${key}-e${j}`, conversionKey: key, clickId: click.clickId, commissionAmount: commission, saleAmount: null }),
      );
      all.push(items);
      finals.push(items);
    }
  }
  return { all: all.flat(), finals: finals.flat() };
}

/** Finance approves the held conversions the spec says it approves (after the imports). */
async function approveHeld(specs: ConversionSpec[], ns: string) {
  const db = await getDb();
  for (const [i, spec] of specs.entries()) {
    if (spec.kind !== "held" || !spec.approve) continue;
    const [conv] = await db.select({ id: s.conversions.id, review: s.conversions.reviewStatus }).from(s.conversions).where(eq(s.conversions.conversionKey, `${ns}-${i}`));
    if (conv?.review === "held") await approveConversionReview({ conversionId: conv.id, actor: { id: "finance-property", email: "finance@crevarde.local" } });
  }
}

async function outcome(userId: string, ns: string) {
  const db = await getDb();
  const convs = await db
    .select({ id: s.conversions.id, key: s.conversions.conversionKey, status: s.conversions.status, review: s.conversions.reviewStatus, commission: s.conversions.commissionAmount })
    .from(s.conversions).where(sql`${s.conversions.conversionKey} like ${ns + "-%"}`);
  const cbs = convs.length ? await db.select().from(s.memberCashbacks).where(inArray(s.memberCashbacks.conversionId, convs.map((c) => c.id))) : [];
  const byConv = new Map(cbs.map((c) => [c.conversionId, c]));
  const shape = convs
    .map((c) => {
      const cb = byConv.get(c.id);
      return { key: c.key.slice(ns.length), status: c.status, review: c.review, commission: c.commission, cashback: cb ? { status: cb.status, amount: cb.amountCents, reason: cb.reasonCode } : null };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
  const { pending, available, inPayout, paid, owed } = await memberBalances(userId);
  return { balances: { pending, available, inPayout, paid, owed }, shape };
}

describeEachDb("import properties", () => {
  it("any order, any replays, any pages: the balances of each final state imported once; money conserved; available never negative", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(conversionArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.infiniteStream(fc.nat()),
        async (specs, replays, pageSize, shuffleSeeds) => {
          const nsA = randomUUID().slice(0, 8);
          const nsB = randomUUID().slice(0, 8);
          const replayer = await makeMember();
          const oracle = await makeMember();
          const a = await recordsFor(specs, replayer, nsA);
          const b = await recordsFor(specs, oracle, nsB);

          // every version at least once, plus replays, in a random order
          const sequence = [...a.all, ...replays.map((r) => a.all[r % a.all.length])];
          const seeds = shuffleSeeds.take(sequence.length);
          for (let i = sequence.length - 1; i > 0; i--) {
            const j = seeds.next().value % (i + 1);
            [sequence[i], sequence[j]] = [sequence[j], sequence[i]];
          }
          for (let i = 0; i < sequence.length; i += pageSize) {
            await importRecords({ records: sequence.slice(i, i + pageSize), source: "pull", actor: "system" });
            const balances = await memberBalances(replayer);
            expect(balances.available).toBeGreaterThanOrEqual(0);
            expect(balances.pending).toBeGreaterThanOrEqual(0);
          }
          // and the whole history replayed once more changes nothing
          const replayed = await outcome(replayer, nsA);
          await importRecords({ records: a.all, source: "pull", actor: "system" });
          expect(await outcome(replayer, nsA)).toEqual(replayed);
          // a held commission holds no money until finance approves it
          for (const c of replayed.shape) if (c.review === "held" && c.cashback) expect(c.cashback.amount).toBe(0);
          await approveHeld(specs, nsA);
          const settled = await outcome(replayer, nsA);
          // approved once: a replay of the whole history changes nothing more
          await importRecords({ records: a.all, source: "pull", actor: "system" });
          expect(await outcome(replayer, nsA)).toEqual(settled);

          await importRecords({ records: b.finals, source: "pull", actor: "system" });
          await approveHeld(specs, nsB);
          const once = await outcome(oracle, nsB);
          expect(settled.balances).toEqual(once.balances);
          // the member's view may differ only in the amount shown after a refusal (what had been pending)
          const comparable = (o: typeof once) => o.shape.map((c) => ({ ...c, cashback: c.cashback && { status: c.cashback.status === "reversed" ? "refused|reversed" : c.cashback.status === "refused" ? "refused|reversed" : c.cashback.status, reason: c.cashback.reason } }));
          expect(comparable(settled)).toEqual(comparable(once));
          const check = await verifyLedger();
          expect(check).toEqual({ ok: true, problems: [] });
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it("every transfer an import writes has two entries summing to zero", async () => {
    const db = await getDb();
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select transfer_id from ledger_entries group by transfer_id having sum(amount_cents) <> 0 or count(*) <> 2) x`);
    expect(rows.rows[0].n).toBe(0);
    const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(s.ledgerTransfers).where(eq(s.ledgerTransfers.actor, "system:import"));
    expect(t.n).toBeGreaterThan(0);
  });
});
