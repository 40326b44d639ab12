/**
 * `npm run conversions:import -- --network <name> --file <path> [--account <publisher id>]`
 * Imports a network export file into the running site's PostgreSQL
 * (DATABASE_URL), the same code as /admin/conversions and the scheduled pulls.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase, setDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { isNetwork, NETWORKS } from "#app/modules/networks/networks";

const usage = `Usage : npm run conversions:import -- --network <${NETWORKS.join("|")}> --file <chemin> [--account <id éditeur>]`;

let values: { network?: string; file?: string; account?: string };
try {
  ({ values } = parseArgs({ options: { network: { type: "string" }, file: { type: "string" }, account: { type: "string" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!values.network || !values.file) {
  console.error(usage);
  process.exit(2);
}
if (!isNetwork(values.network)) {
  console.error(`Réseau inconnu : « ${values.network} » (unknown network). ${usage}`);
  process.exit(2);
}
const env = getEnv();
if (!env.DATABASE_URL) {
  // the embedded database (PGlite) belongs to one process: the running site holds it
  console.error(
    "DATABASE_URL n'est pas défini : la base embarquée (PGlite) n'accepte qu'un processus, celui du site. Importe le fichier depuis /admin/conversions.\n" +
      "DATABASE_URL is not set: the embedded database (PGlite) serves one process only, the site. Import the file from /admin/conversions instead.",
  );
  process.exit(2);
}
let text: string;
try {
  text = fs.readFileSync(values.file, "utf8");
} catch (error) {
  console.error(`Fichier illisible (cannot read file) : ${values.file} — ${(error as Error).message}`);
  process.exit(2);
}

const database = await openDatabase({ url: env.DATABASE_URL });
setDatabase(Promise.resolve(database));
const { importNetworkFile, ImportFileError } = await import("#app/modules/conversions/import.server");
let exitCode = 0;
try {
  const started = Date.now();
  const result = await importNetworkFile({ network: values.network, text, actor: "cli", networkAccountId: values.account });
  console.log(
    `${values.network} : ${result.rows} lignes (rows), ${result.inserted} nouvelles (inserted), ${result.updated} mises à jour (updated), ${result.unchanged} inchangées (unchanged), ${result.rejected.length} rejetées (rejected) — import n° ${result.fetchId}, ${Date.now() - started} ms`,
  );
  for (const r of result.rejected) console.log(`  rejeté ${r.at} : ${r.message}`);
  if (result.rejected.length) exitCode = 1;
} catch (error) {
  console.error(error instanceof ImportFileError ? error.message : error);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
