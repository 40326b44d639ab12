import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_SUITES } from "#tests/postgres-suites";

const root = path.resolve(import.meta.dirname, "../..");

describe("the list of suites that also run on PostgreSQL", () => {
  it("names files that exist and that run per database kind", () => {
    for (const file of POSTGRES_SUITES) {
      const full = path.join(root, file);
      expect(fs.existsSync(full), file).toBe(true);
      expect(fs.readFileSync(full, "utf8"), file).toMatch(/describeEachDb|dbKinds\(\)/);
    }
    expect(new Set(POSTGRES_SUITES).size).toBe(POSTGRES_SUITES.length);
  });
});
