import { describe, expect, it } from "vitest";
import { filesToRerunAfterNativeAbort, MAX_RERUN_FILES } from "./lib/native-abort.mjs";

const V8_ABORT = [
  "#",
  "# Fatal error in , line 0",
  "# Check failed: jit_page_->allocations_.erase(addr) == 1.",
  "Error: [vitest-pool]: Worker forks emitted error.",
  "Caused by: Error: Worker exited unexpectedly",
].join("\n");

const files = ["/r/a.test.ts", "/r/b.test.ts", "/r/c.test.ts"];
const report = (results: { name: string; status: string; message?: string; assertionResults?: { status: string }[] }[], numFailedTests = 0) => ({ numFailedTests, testResults: results });
const passedAandC = report([
  { name: "/r/a.test.ts", status: "passed" },
  { name: "/r/c.test.ts", status: "passed" },
]);

describe("files to run again after V8 aborts a Vitest worker (nodejs/node#64500)", () => {
  it("names the files that did not pass when a V8 abort is the only failure", () => {
    expect(filesToRerunAfterNativeAbort(V8_ABORT, passedAandC, files)).toEqual(["/r/b.test.ts"]);
    // the file the worker was collecting when it died is reported as failed, with no test
    const collecting = report([...passedAandC.testResults, { name: "/r/b.test.ts", status: "failed", message: "No test suite found in file /r/b.test.ts" }]);
    expect(filesToRerunAfterNativeAbort(V8_ABORT, collecting, files)).toEqual(["/r/b.test.ts"]);
    // the test that was running stays pending in a file reported as passed
    const running = report([...passedAandC.testResults, { name: "/r/b.test.ts", status: "passed", assertionResults: [{ status: "passed" }, { status: "pending" }] }]);
    expect(filesToRerunAfterNativeAbort(V8_ABORT, running, files)).toEqual(["/r/b.test.ts"]);
  });

  it("runs nothing again for any other failure", () => {
    // a failed assertion
    expect(filesToRerunAfterNativeAbort(V8_ABORT, report(passedAandC.testResults, 1), files)).toBeNull();
    // a worker that exited without a native abort (process.exit in a test, say)
    expect(filesToRerunAfterNativeAbort("Caused by: Error: Worker exited unexpectedly", passedAandC, files)).toBeNull();
    // a native abort that did not take a worker down
    expect(filesToRerunAfterNativeAbort("# Fatal error in , line 0", passedAandC, files)).toBeNull();
    // no report at all
    expect(filesToRerunAfterNativeAbort(V8_ABORT, null, files)).toBeNull();
    // everything passed: nothing to run again
    expect(filesToRerunAfterNativeAbort(V8_ABORT, report(files.map((name) => ({ name, status: "passed" }))), files)).toBeNull();
  });

  it("runs nothing again when more files are missing than one crashed worker explains", () => {
    const many = Array.from({ length: MAX_RERUN_FILES + 1 }, (_, i) => `/r/f${i}.test.ts`);
    expect(filesToRerunAfterNativeAbort(V8_ABORT, report([]), many)).toBeNull();
    expect(filesToRerunAfterNativeAbort(V8_ABORT, report([]), many.slice(0, MAX_RERUN_FILES))).toEqual(many.slice(0, MAX_RERUN_FILES));
  });
});
