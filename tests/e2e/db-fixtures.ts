/**
 * Rows the e2e specs need that no screen can create yet (network conversions
 * arrive through imports and pulls). scripts/e2e-server.mjs runs this file on
 * the fresh embedded database before the server starts:
 *   node --import tsx tests/e2e/db-fixtures.ts <dataDir>
 * Only admin-visible rows, the stub brand and members of the specs' own
 * (tests/e2e/cashback-fixture.ts: balances, an IBAN, finance users): the demo
 * seed that runs next is unchanged.
 */
import type { Db } from "#app/lib/db.server";
import { insertCashbackStub, insertPayoutFixtures } from "./cashback-fixture";
import { insertReferralFixtures } from "./referral-fixture";
import { insertCodeFeedbackFixtures } from "./code-feedback-fixture";
import { insertDealPageFixtures } from "./deal-page-fixture";
import { insertAdminListFixtures } from "./admin-lists-fixture";
import { insertAdminCsvFixtures } from "./admin-csv-fixture";
import { insertAdminMediaFixtures } from "./admin-media-fixture";
import { insertAdminConflictFixtures } from "./admin-conflicts-fixture";
import { insertAdminHistoryFixtures } from "./admin-history-fixture";
import { insertDealCommentFixtures } from "./deal-comments-fixture";
import { insertMemberProfileFixtures } from "./member-profile-fixture";
import { insertSchedulingFixtures } from "./scheduling-fixture";
import { insertAdminDraftFixtures } from "./admin-drafts-fixture";
import { insertAdminParityFixtures } from "./admin-parity-fixture";

/** The conversions of tests/e2e/admin-conversions.spec.ts. */
export const E2E_CONVERSIONS = {
  awinUnattributed: { orderRef: "E2E-AWIN-1", clickId: "cE2eUnknownClick00001" },
  cjUnattributed: { orderRef: "E2E-CJ-2", clickId: "cE2eUnknownClick00002" },
};

/** The specs import the constants above: the database modules load only when the file runs as a script. */
async function insertE2eFixtures(db: Db) {
  const s = await import("#db/schema");
  const [awin, cj] = await db
    .insert(s.affiliatePrograms)
    .values([
      { network: "awin", networkAccountId: "e2e-111", networkProgramId: "e2e-900", trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}", status: "paused" },
      { network: "cj", networkAccountId: "e2e-222", networkProgramId: "e2e-800", trackingUrlTemplate: "https://www.anrdoezrs.net/click?sid={CLICK_ID}", status: "paused" },
    ])
    .returning();
  const base = { networkStatusRaw: "pending", status: "pending" as const, currency: "EUR", transactionAt: new Date("2026-03-10T10:00:00Z") };
  await db.insert(s.conversions).values([
    { ...base, network: "awin", networkAccountId: "e2e-111", programId: awin.id, conversionKey: "E2E-A1", ...E2E_CONVERSIONS.awinUnattributed, commissionAmount: "17.833", firstCommissionAmount: "17.833", saleAmount: "120.5", rawHash: "e2e-a1" },
    { ...base, network: "cj", networkAccountId: "e2e-222", programId: cj.id, conversionKey: "E2E-C2", ...E2E_CONVERSIONS.cjUnattributed, commissionAmount: "4.2", firstCommissionAmount: "4.2", rawHash: "e2e-c2" },
  ]);
  await db.insert(s.networkRecords).values([
    { network: "awin", networkAccountId: "e2e-111", recordId: "E2E-T1", conversionKey: "E2E-A1", raw: { id: "E2E-T1", commissionStatus: "pending", clickRefs: { clickRef: E2E_CONVERSIONS.awinUnattributed.clickId } }, rawHash: "e2e-r1", source: "pull", firstSeenAt: new Date("2026-03-10T11:00:00Z") },
    { network: "awin", networkAccountId: "e2e-111", recordId: "E2E-T1", conversionKey: "E2E-A1", raw: { id: "E2E-T1", commissionStatus: "pending", commissionAmount: { amount: 17.833, currency: "EUR" }, clickRefs: { clickRef: E2E_CONVERSIONS.awinUnattributed.clickId } }, rawHash: "e2e-r2", source: "pull", firstSeenAt: new Date("2026-03-11T11:00:00Z") },
  ]);
}

const dataDir = process.argv[2];
if (dataDir && import.meta.url === `file://${process.argv[1]}`) {
  // the server's DATA_DIR: the IBANs stored here are encrypted under the key it reads there (app/lib/env.server.ts bankDetailsKey)
  process.env.DATA_DIR = dataDir;
  const { openDatabase, setDatabase } = await import("#app/lib/db.server");
  const database = await openDatabase({ dataDir });
  // saveBankDetails and the ledger read the process-wide database
  setDatabase(Promise.resolve(database));
  try {
    await insertE2eFixtures(database.db);
    await insertCashbackStub(database.db);
    await insertPayoutFixtures(database.db);
    await insertReferralFixtures(database.db);
    await insertCodeFeedbackFixtures(database.db);
    await insertDealPageFixtures(database.db);
    await insertAdminListFixtures(database.db);
    await insertAdminCsvFixtures(database.db);
    await insertAdminMediaFixtures(database.db);
    await insertAdminConflictFixtures(database.db);
    await insertAdminHistoryFixtures(database.db);
    await insertDealCommentFixtures(database.db);
    await insertMemberProfileFixtures(database.db);
    await insertSchedulingFixtures(database.db);
    await insertAdminDraftFixtures(database.db);
    await insertAdminParityFixtures(database.db);
  } finally {
    await database.close();
  }
}
