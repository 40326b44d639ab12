import { fork, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const WORKERS = 4;
const TRIALS = Number(process.env.LOCK_TRIALS ?? 150);

type Reply = { ready?: boolean; result?: string; released?: boolean };

function next(child: ChildProcess): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`lock worker exited with ${code}`));
    child.once("exit", onExit);
    child.once("message", (m) => {
      child.off("exit", onExit);
      resolve(m as Reply);
    });
  });
}

describe("PGlite data directory lock under concurrency", () => {
  const workers: ChildProcess[] = [];
  // a pid that belonged to a process that has ended: its lock is stale
  const deadPid = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;

  beforeAll(async () => {
    for (let i = 0; i < WORKERS; i++) {
      const child = fork(path.resolve("tests/helpers/lock-worker.ts"), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
      workers.push(child);
    }
    for (const w of workers) expect(await next(w)).toEqual({ ready: true });
  });

  afterAll(() => {
    for (const w of workers) w.send({ exit: true });
  });

  async function race(dir: string, racers = workers) {
    const at = Date.now() + 30;
    const replies = racers.map((w) => next(w));
    for (const w of racers) w.send({ go: dir, at });
    return (await Promise.all(replies)).map((r) => r.result);
  }

  async function releaseAll() {
    const replies = workers.map((w) => next(w));
    for (const w of workers) w.send({ release: true });
    await Promise.all(replies);
  }

  it(`gives a stale lock to exactly one of ${WORKERS} processes trying at the same instant (${TRIALS} trials)`, async () => {
    expect(deadPid).toMatch(/^\d+$/);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-lock-race-"));
    const outcomes: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const dir = path.join(root, String(trial));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "crevarde.lock"), deadPid);
      const results = await race(dir);
      outcomes.push(results.sort().join(","));
      // while the winner holds it, the lock names a live process
      expect(Number(fs.readFileSync(path.join(dir, "crevarde.lock"), "utf8"))).toBeGreaterThan(0);
      await releaseAll();
    }
    const expected = ["locked", "locked", "locked", "won"].join(",");
    const bad = outcomes.filter((o) => o !== expected);
    expect(bad, `${bad.length} of ${TRIALS} trials did not have exactly one winner`).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("gives a free directory to exactly one process, and a held one to none", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-lock-race-"));
    for (let trial = 0; trial < 20; trial++) {
      const dir = path.join(root, String(trial));
      const results = await race(dir);
      expect(results.filter((r) => r === "won")).toHaveLength(1);
      expect(results.filter((r) => r !== "won")).toEqual(["locked", "locked", "locked"]);
      // the winner still holds it: the others are refused again
      const others = workers.filter((_, i) => results[i] !== "won");
      expect(await race(dir, others)).toEqual(["locked", "locked", "locked"]);
      await releaseAll();
    }
    fs.rmSync(root, { recursive: true, force: true });
  });
});
