import type { Env } from "#app/lib/env.server";
import { DEMO_ACCOUNTS } from "#app/seed/demo-accounts";
import type { SeedResult } from "#app/seed/index";
import { isLocalDemoSite } from "#app/seed/mode";

/** The README's demo accounts on a local site; elsewhere only the accounts just created (random admin password, shown once). */
export function printDemoAccounts(env: Env, created: SeedResult["createdAccounts"]) {
  if (isLocalDemoSite(env)) {
    for (const a of DEMO_ACCOUNTS) console.log(`Demo ${a.role}: ${a.email} / ${a.password}`);
    return;
  }
  for (const a of created) console.log(`Demo ${a.role}: ${a.email} / ${a.password} (shown once)`);
}
