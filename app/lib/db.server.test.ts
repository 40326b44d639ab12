import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brands } from "#db/schema";
import { acquireDataDirLock, DataDirLockedError, openDatabase } from "./db.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-db-"));

describe("PGlite data directory lock", () => {
  it("refuses a directory held by another live process, with a clear message", async () => {
    const dir = tmp();
    const child = spawn(process.execPath, ["-e", "setTimeout(()=>{}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "crevarde.lock"), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrowError(/already open by process \d+/);
    } finally {
      child.kill();
    }
  });

  it("replaces a stale lock left by a dead process", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "crevarde.lock"), "999999999");
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "crevarde.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "crevarde.lock"))).toBe(false);
  });

  it("opens, migrates, persists and releases the lock on close", async () => {
    const dir = tmp();
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(brands).values({ name: "Persistée", slug: "persistee" });
    expect(await first.ping()).toBe(true);
    expect(fs.existsSync(path.join(dir, "crevarde.lock"))).toBe(true);
    await first.close();
    expect(fs.existsSync(path.join(dir, "crevarde.lock"))).toBe(false);
    const second = await openDatabase({ dataDir: dir });
    expect(await second.db.select({ slug: brands.slug }).from(brands)).toEqual([{ slug: "persistee" }]);
    await second.close();
  });
});
