/**
 * Child process of the payout crash test: rounds of withdrawals for several
 * members (credit, request, approve, export, mark sent, complete or fail),
 * printing "ROUND n" after each. The parent SIGKILLs it during a later round,
 * wherever it happens to be, and checks that every payout is in exactly one
 * state that agrees with the ledger.
 */
import { randomUUID } from "node:crypto";
import { composeIBAN } from "ibantools";
import { openDatabase, setDatabase } from "#app/lib/db.server";

const url = process.env.CRASH_DATABASE_URL || undefined;
const database = await openDatabase({ url, dataDir: url ? undefined : process.env.CRASH_DATA_DIR });
setDatabase(Promise.resolve(database));
const { creditMember } = await import("#app/modules/ledger/ledger-events.server");
const { withLedger } = await import("#app/modules/ledger/ledger.server");
const { saveBankDetails } = await import("#app/modules/payouts/bank-details.server");
const payouts = await import("#app/modules/payouts/payouts.server");
const { makeMember } = await import("#tests/helpers/conversions");
const { user } = await import("#db/schema");

const members = Number(process.env.CRASH_MEMBERS ?? 4);
const longAgo = new Date(Date.now() - 30 * 86_400_000);
const ids: { id: string; email: string }[] = [];
for (let i = 0; i < members; i++) {
  const id = await makeMember();
  const email = `crash-${id.slice(0, 8)}@example.fr`;
  await saveBankDetails({ id, email }, { iban: composeIBAN({ countryCode: "DE", bban: `37040044${String(i).padStart(10, "0")}` })!, holderName: `Membre ${i}` }, longAgo);
  ids.push({ id, email });
}
const financeId = randomUUID();
await database.db.insert(user).values({ id: financeId, name: "Finance", email: `finance-${financeId.slice(0, 8)}@example.fr`, role: "finance" });
const finance = { id: financeId, email: `finance-${financeId.slice(0, 8)}@example.fr` };
console.log("READY");

for (let round = 0; ; round++) {
  for (const [i, m] of ids.entries()) {
    await withLedger((tx) => creditMember(tx, { key: `crash:${round}:${m.id}`, kind: "cashback_credit", userId: m.id, amountCents: 1000 + i * 7 + round, actor: "system:crash" }));
    await payouts.requestPayout(m, { amountCents: 1000 + i * 7, idempotencyKey: randomUUID() });
  }
  const open = (await payouts.financeOverview()).open;
  for (const p of open.filter((p) => p.status === "needs_review")) await payouts.approvePayout(finance, p.id);
  const batch = await payouts.exportApprovedPayouts(finance);
  await payouts.markBatchSent(finance, batch.id);
  const sent = (await payouts.financeOverview()).open.filter((p) => p.status === "sent");
  for (const [k, p] of sent.entries()) {
    if (k % 3 === 2) await payouts.failPayout(finance, p.id, "AC04 compte clôturé");
    else await payouts.completePayout(finance, p.id);
  }
  console.log(`ROUND ${round}`);
}
