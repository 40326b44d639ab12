/**
 * A process that races for the PGlite data directory lock on command (see
 * app/lib/db-lock.server.test.ts). Messages: { go: dir, at: epoch ms } makes it
 * spin until `at`, then try the lock and answer "won" or "locked";
 * { release: true } releases a lock it won; { exit: true } ends it.
 */
import { acquireDataDirLock, DataDirLockedError } from "#app/lib/db.server";

let release: (() => void) | undefined;
process.on("message", (message: { go?: string; at?: number; release?: boolean; exit?: boolean }) => {
  if (message.go) {
    while (Date.now() < (message.at ?? 0)) {
      // spin: every worker tries at the same instant
    }
    try {
      release = acquireDataDirLock(message.go);
      process.send!({ result: "won" });
    } catch (error) {
      process.send!({ result: error instanceof DataDirLockedError ? "locked" : `error: ${(error as Error).message}` });
    }
  } else if (message.release) {
    release?.();
    release = undefined;
    process.send!({ released: true });
  } else if (message.exit) {
    process.exit(0);
  }
});
process.send!({ ready: true });
