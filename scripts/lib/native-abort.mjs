/**
 * V8 in Node 24 can abort a process that creates and frees many PGlite (WebAssembly)
 * instances: "Check failed: jit_page_->allocations_.erase(addr) == 1", or a SIGSEGV, in
 * a few percent of runs (nodejs/node#64500, electric-sql/pglite#1053; ADR 033).
 *
 * When such a native abort is Vitest's only failure, `npm test` runs the files that did
 * not pass once more in fresh workers. This decides which files those are, or `null`
 * when the failure is anything else: a failed test, an unhandled rejection, a worker
 * that exited by itself, or more files missing than one crashed worker can explain. The
 * file a worker was collecting when it died is reported as failed ("No test suite
 * found"), the test it was running as "pending"; a file that fails for its own reason
 * fails again on the rerun.
 */

/** At most this many files may be missing after a native abort: the files a crashed worker was running. */
export const MAX_RERUN_FILES = 5;

/**
 * @param {string} output everything Vitest printed
 * @param {{ numFailedTests?: number, testResults: { name: string, status: string, message?: string, assertionResults?: { status: string }[] }[] } | null} report Vitest's JSON report
 * @param {string[]} files every test file Vitest runs (`vitest list --filesOnly --json`)
 * @returns {string[] | null}
 */
export function filesToRerunAfterNativeAbort(output, report, files) {
  const workerDied = /Worker exited unexpectedly/.test(output);
  const nativeAbort = /# Fatal error in|\bSIGSEGV\b|\bSIGABRT\b|\bSIGBUS\b/.test(output);
  if (!workerDied || !nativeAbort || !report) return null;
  if ((report.numFailedTests ?? 0) > 0) return null;
  // a test that was running when the worker died stays "pending" in a file reported as passed
  const passed = new Set(
    report.testResults.filter((file) => file.status === "passed" && (file.assertionResults ?? []).every((test) => test.status === "passed")).map((file) => file.name),
  );
  const missing = [...new Set(files)].filter((file) => !passed.has(file));
  return missing.length > 0 && missing.length <= MAX_RERUN_FILES ? missing : null;
}
