import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getEnv, parseEnv, resetEnvCache } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.SITE_NAME).toBe("Crevarde");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.REDIRECT_ALLOWED_HOSTS).toEqual([]);
  });

  it("names every invalid variable with a clear message", () => {
    const bad = () => parseEnv({ PORT: "abc", SITE_URL: "crevarde.fr", DATABASE_URL: "nope" });
    expect(bad).toThrowError(/- PORT: PORT must be a number/);
    expect(bad).toThrowError(/- SITE_URL: SITE_URL must be an absolute http\(s\) URL/);
    expect(bad).toThrowError(/- DATABASE_URL: DATABASE_URL must be a valid URL/);
    expect(() => parseEnv({ PORT: "70000" })).toThrowError(/PORT must be between 1 and 65535/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrowError(/SESSION_SECRET must be at least 32/);
  });

  it("normalises lists and URLs", () => {
    const env = parseEnv({ SITE_URL: "https://crevarde.fr/", REDIRECT_ALLOWED_HOSTS: " A.com, b.fr ,," });
    expect(env.SITE_URL).toBe("https://crevarde.fr");
    expect(env.REDIRECT_ALLOWED_HOSTS).toEqual(["a.com", "b.fr"]);
  });
});

describe("getEnv session secret", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("generates a secret once and keeps it in the data directory", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-env-"));
    delete process.env.SESSION_SECRET;
    process.env.DATA_DIR = dir;
    resetEnvCache();
    const first = getEnv().SESSION_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first);
    resetEnvCache();
    expect(getEnv().SESSION_SECRET).toBe(first);
  });
});
