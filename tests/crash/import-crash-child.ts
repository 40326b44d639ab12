/**
 * Child process of the import crash test: imports pages of attributed,
 * approved conversions (each page = records + conversions + member
 * cashbacks + ledger credits), and stops inside the transaction of page
 * CRASH_AT_PAGE, after its writes, announcing "MID_PAGE" so the parent can
 * SIGKILL it there.
 */
import { openDatabase, setDatabase } from "#app/lib/db.server";

const url = process.env.CRASH_DATABASE_URL || undefined;
const database = await openDatabase({ url, dataDir: url ? undefined : process.env.CRASH_DATA_DIR });
setDatabase(Promise.resolve(database));
const { importRecords } = await import("#app/modules/conversions/import.server");
const { makeClick, makeMember, makeProgramme, rec } = await import("#tests/helpers/conversions");

const pageSize = Number(process.env.CRASH_PAGE_SIZE ?? 40);
const pages = Number(process.env.CRASH_PAGES ?? 4);
const crashAt = Number(process.env.CRASH_AT_PAGE ?? 2);
const userId = await makeMember();
const programme = await makeProgramme("awin", { account: "crash" });
const records = [];
for (let i = 0; i < pageSize * pages; i++) {
  const click = await makeClick(userId, programme.id);
  records.push(rec({ networkAccountId: "crash", clickId: click.clickId, status: i % 3 === 0 ? "pending" : "approved", commissionAmount: `${1 + (i % 7)}.35` }));
}
console.log(`READY ${userId}`);
await importRecords(
  { records, source: "pull", actor: "system" },
  {
    pageSize,
    beforeCommit: async (_tx, page) => {
      console.log(`COMMITTING ${page}`);
      if (page === crashAt) {
        console.log("MID_PAGE");
        await new Promise(() => {}); // killed here, inside the open transaction
      }
    },
  },
);
console.log("DONE");
