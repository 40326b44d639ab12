/**
 * The suites that run on the TEST_DATABASE_URL server as well as on PGlite:
 * those where the engine matters. PGlite is one connection in one process, so
 * row locks, advisory locks, concurrent transactions, LISTEN/NOTIFY across
 * connections and several processes only meet a real server here. Every other
 * suite runs the same SQL and the same migrations on PGlite alone.
 *
 * Paths from the repository's root; `dbKinds()` (tests/helpers/db.ts) reads this list.
 */
export const POSTGRES_SUITES: readonly string[] = [
  // locks and races
  // the price history: a merge and an observation of one key take turns (advisory locks); one raw query of a page (issue #39)
  "tests/integration/price-admin.test.ts",
  "tests/crash/crash.test.ts",
  "tests/integration/deal-posting-race.test.ts",
  "tests/integration/deal-votes-properties.test.ts",
  "tests/integration/last-admin.test.ts",
  // the bin: a restore locks its entry and replays rows in savepoints (issue #37 item 2)
  "tests/integration/admin-history.test.ts",
  // jobs and scheduling
  "tests/integration/jobs.test.ts",
  "tests/integration/scheduling.test.ts",
  // notifications between servers (LISTEN/NOTIFY)
  "tests/integration/shared-state.test.ts",
  "tests/integration/data-cache.test.ts",
  "tests/integration/session-cache.test.ts",
  // each member's marks forgotten on every server when one of their rows changes (migration 0058)
  "tests/integration/api-moi.test.ts",
  // the ledger, bank details, payouts and treasury
  "tests/integration/ledger.test.ts",
  "tests/integration/ledger-properties.test.ts",
  "tests/integration/bank-details.test.ts",
  "tests/integration/payouts.test.ts",
  "tests/integration/payout-properties.test.ts",
  "tests/integration/treasury.test.ts",
  "tests/integration/debt-on-deletion.test.ts",
  "tests/integration/referral-integrity.test.ts",
  // network imports and pulls
  "tests/integration/import.test.ts",
  "tests/integration/import-properties.test.ts",
  "tests/integration/import-integrity.test.ts",
  "tests/integration/conversions-import-cli.test.ts",
  "tests/integration/network-pulls.test.ts",
  // claims answered inside the import's transaction (row locks on the claims)
  "tests/integration/claims-lifecycle.test.ts",
  // rate limits and counters
  "app/lib/rate-limit.server.test.ts",
  "tests/integration/password-checks.test.ts",
  // a sign-in link consumed once whatever the concurrency, the counters of a soft lockout
  "tests/integration/soft-lockout.test.ts",
  // search (pg_trgm and unaccent)
  "tests/integration/search.test.ts",
  "tests/integration/site-search.test.ts",
  // migrations, backups, start
  "tests/integration/migrate-concurrency.test.ts",
  "tests/integration/category-backfill.test.ts",
  "tests/integration/member-profiles.test.ts",
  "tests/integration/legal.test.ts",
  "tests/integration/backup.test.ts",
  "tests/integration/start-defaults.test.ts",
];
