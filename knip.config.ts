import type { KnipConfig } from "knip";

/**
 * `npx knip` (a step of `npm test`): no unused file, export, type or dependency.
 * The plugins find most entries on their own: react-router (app/routes.ts, app/root.tsx,
 * app/entry.*, every route module of app/routes.ts), vite (vite.config.ts and the plugins in
 * vite/ it imports), vitest (vitest.config.ts's include), playwright (tests/e2e/*.spec.ts and
 * the web server of playwright.config.ts, which runs tests/e2e/db-fixtures.ts), drizzle
 * (drizzle.config.ts) and the package.json scripts (`tsx scripts/…`, `node scripts/…`). Route modules import `./+types/…`: run
 * `react-router typegen` first (npm test does).
 */
const config: KnipConfig = {
  entry: [
    // every script, run by hand or from the README as well as from package.json
    "scripts/*.{ts,mjs}",
    // started as child processes by path (`node --import tsx <file>`, fork()) by the tests
    "tests/crash/*-child.ts",
    "tests/helpers/job-worker-process.ts",
    "tests/helpers/lock-worker.ts",
    // the production server's entry, which scripts/build-server.mjs bundles by path (ADR 055)
    "server/index.ts",
    // the browser extension's bundles, which scripts/build-extension.ts names to esbuild by path (ADR 050)
    "extension/background.ts",
    "extension/content.ts",
    "extension/popup.tsx",
    // Playwright's "sessions" setup project (its testMatch, which the plugin does not read)
    "tests/e2e/sessions.setup.ts",
  ],
  ignoreDependencies: [
    // read as font files by path (app/lib/text-paths.server.ts resolves them in node_modules), never imported
    "@fontsource/oswald",
    "@fontsource/playfair-display",
    "@fontsource/plus-jakarta-sans",
  ],
  ignoreBinaries: [
    // PostgreSQL's client tools, spawned by app/lib/backup.server.ts: the system's, not an npm package
    "pg_dump",
    "pg_restore",
  ],
};

export default config;
