import fs from "node:fs";

/**
 * The browsers the e2e suite drives, both from Debian's packages (no browser downloads, ADR 051).
 * PLAYWRIGHT_CHROMIUM_PATH, when set, is used for both.
 */

/** Debian's Chromium (package chromium), the browser people run: it loads extensions (tests/e2e/extension.spec.ts). */
export const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The same Chromium built for headless use only (package chromium-headless-shell, Playwright's own default for
 * headless runs): the same Blink and V8 without the browser's UI, a quarter less time for the suite. Chromium
 * itself when the package is not installed.
 */
export const HEADLESS_CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
