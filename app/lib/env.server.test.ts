import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bankDetailsKey, getEnv, logLevel, parseEnv, resetEnvCache } from "./env.server";

const KEY = Buffer.alloc(32, 7).toString("base64");
const DEBTOR = { SEPA_DEBTOR_NAME: "Crevarde SAS", SEPA_DEBTOR_IBAN: "FR7630006000011234567890189" };

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

  it("reads RENDER_CONCURRENCY as unset or a whole number from 1 to 64", () => {
    expect(parseEnv({}).RENDER_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ RENDER_CONCURRENCY: "" }).RENDER_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ RENDER_CONCURRENCY: "3" }).RENDER_CONCURRENCY).toBe(3);
    for (const bad of ["0", "65", "2.5", "beaucoup"]) {
      expect(() => parseEnv({ RENDER_CONCURRENCY: bad })).toThrowError(/RENDER_CONCURRENCY must be a whole number from 1 to 64/);
    }
  });

  it("runs the job worker in the web server unless JOBS_IN_PROCESS=false", () => {
    expect(parseEnv({}).JOBS_IN_PROCESS).toBe(true);
    expect(parseEnv({ JOBS_IN_PROCESS: "false" }).JOBS_IN_PROCESS).toBe(false);
    expect(() => parseEnv({ JOBS_IN_PROCESS: "no" })).toThrowError(/JOBS_IN_PROCESS must be true or false/);
  });

  it("normalises lists and URLs", () => {
    const env = parseEnv({ SITE_URL: "https://crevarde.fr/", SESSION_SECRET: "s".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR, REDIRECT_ALLOWED_HOSTS: " A.com, b.fr ,," });
    expect(env.SITE_URL).toBe("https://crevarde.fr");
    expect(env.REDIRECT_ALLOWED_HOSTS).toEqual(["a.com", "b.fr"]);
  });
});

describe("the two variables the server used to read on its own", () => {
  it("LOG_LEVEL: the logger's level, silent under the tests, info elsewhere, and refused when unknown", () => {
    expect(logLevel({})).toBe("info");
    expect(logLevel({ NODE_ENV: "test" })).toBe("silent");
    expect(logLevel({ VITEST: "true" })).toBe("silent");
    expect(logLevel({ VITEST: "", LOG_LEVEL: "warn" })).toBe("warn");
    expect(() => logLevel({ LOG_LEVEL: "loud" })).toThrowError(/- LOG_LEVEL: LOG_LEVEL must be one of/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrowError(/- LOG_LEVEL: LOG_LEVEL must be one of/);
  });

  it("NODE_ENV: unset stays unset (React Router's production mode), an unknown value is refused", () => {
    expect(parseEnv({}).NODE_ENV).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "production" }).NODE_ENV).toBe("production");
    expect(() => parseEnv({ NODE_ENV: "staging" })).toThrowError(/- NODE_ENV:/);
  });
});

describe("production settings", () => {
  it("requires SESSION_SECRET when SITE_URL is https, with a clear message", () => {
    for (const url of ["https://crevarde.fr", "https://www.crevarde.fr/", "https://localhost:3000"]) {
      expect(() => parseEnv({ SITE_URL: url })).toThrowError(/- SESSION_SECRET: SESSION_SECRET is required when SITE_URL is https:\/\//);
      expect(parseEnv({ SITE_URL: url, SESSION_SECRET: "k".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR }).SESSION_SECRET).toBe("k".repeat(32));
    }
    for (const url of ["http://localhost:3000", "http://127.0.0.1:3101", "http://crevarde.test"]) {
      expect(parseEnv({ SITE_URL: url }).SESSION_SECRET).toBeUndefined();
    }
  });

  it("requires the SEPA debtor (name and valid IBAN) on https, refuses the test clock there, and normalises the IBAN", () => {
    const base = { SITE_URL: "https://crevarde.fr", SESSION_SECRET: "k".repeat(32), BANK_DETAILS_KEY: KEY };
    expect(() => parseEnv(base)).toThrowError(/- SEPA_DEBTOR_NAME: SEPA_DEBTOR_NAME and SEPA_DEBTOR_IBAN .* are required when SITE_URL is https:\/\//);
    expect(() => parseEnv({ ...base, SEPA_DEBTOR_NAME: "Crevarde SAS" })).toThrowError(/- SEPA_DEBTOR_IBAN:/);
    expect(() => parseEnv({ ...base, ...DEBTOR, SEPA_DEBTOR_IBAN: "FR7630006000011234567890188" })).toThrowError(/SEPA_DEBTOR_IBAN must be a valid IBAN/);
    expect(() => parseEnv({ ...base, ...DEBTOR, SEPA_DEBTOR_BIC: "PAS-UN-BIC" })).toThrowError(/SEPA_DEBTOR_BIC must be a valid BIC/);
    expect(parseEnv({ ...base, ...DEBTOR, SEPA_DEBTOR_IBAN: "fr76 3000 6000 0112 3456 7890 189" }).SEPA_DEBTOR_IBAN).toBe("FR7630006000011234567890189");
    expect(() => parseEnv({ ...base, ...DEBTOR, TEST_CLOCK_HEADER: "true" })).toThrowError(/TEST_CLOCK_HEADER is for end-to-end tests/);
    expect(parseEnv({ SITE_URL: "http://127.0.0.1:3100", TEST_CLOCK_HEADER: "true" }).TEST_CLOCK_HEADER).toBe(true);
  });

  it("requires BANK_DETAILS_KEY (32 bytes in base64) when SITE_URL is https, and generates one locally otherwise", () => {
    expect(() => parseEnv({ SITE_URL: "https://crevarde.fr", SESSION_SECRET: "k".repeat(32), ...DEBTOR })).toThrowError(
      /- BANK_DETAILS_KEY: BANK_DETAILS_KEY is required when SITE_URL is https:\/\//,
    );
    expect(parseEnv({ SITE_URL: "https://crevarde.fr", SESSION_SECRET: "k".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR }).BANK_DETAILS_KEY).toBe(KEY);
    for (const bad of ["trop-court", Buffer.alloc(16).toString("base64"), Buffer.alloc(33).toString("base64")]) {
      expect(() => parseEnv({ BANK_DETAILS_KEY: bad })).toThrowError(/BANK_DETAILS_KEY must be 32 random bytes in base64/);
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-bank-key-"));
    const saved = { ...process.env };
    try {
      process.env = { DATA_DIR: dataDir, SITE_URL: "http://localhost:3000" };
      resetEnvCache();
      const generated = bankDetailsKey();
      expect(Buffer.from(generated, "base64")).toHaveLength(32);
      expect(fs.readFileSync(path.join(dataDir, "bank-details-key"), "utf8")).toBe(generated);
      resetEnvCache();
      expect(bankDetailsKey()).toBe(generated);
    } finally {
      process.env = saved;
      resetEnvCache();
    }
  });

  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["1", 1],
    [" 2 ", 2],
    ["10", 10],
    ["loopback", ["loopback"]],
    ["loopback, linklocal, uniquelocal", ["loopback", "linklocal", "uniquelocal"]],
    ["10.0.0.0/8,172.16.0.0/12", ["10.0.0.0/8", "172.16.0.0/12"]],
    ["192.168.1.10", ["192.168.1.10"]],
    ["10.0.0.0/255.0.0.0", ["10.0.0.0/255.0.0.0"]],
    ["::1, fd00::/8", ["::1", "fd00::/8"]],
  ])("accepts TRUST_PROXY=%j as %j", (raw, expected) => {
    expect(parseEnv({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ["true", /true would believe the X-Forwarded-For of any client/],
    ["11", /at most 10 proxies/],
    ["-1", /invalid IP address: -1/],
    ["1.5", /invalid IP address: 1\.5/],
    ["proxy.example", /invalid IP address: proxy\.example/],
    ["10.0.0.0/33", /invalid range on address: 10\.0\.0\.0\/33/],
    ["loopback, 300.1.1.1", /invalid IP address: 300\.1\.1\.1/],
    ["yes", /invalid IP address: yes/],
  ])("refuses TRUST_PROXY=%j with a message naming it", (raw, message) => {
    expect(() => parseEnv({ TRUST_PROXY: raw })).toThrowError(/- TRUST_PROXY: TRUST_PROXY must be false, the number of proxies/);
    expect(() => parseEnv({ TRUST_PROXY: raw })).toThrowError(message);
  });

  it("reads SEED_DEMO as unset, true or false", () => {
    expect(parseEnv({}).SEED_DEMO).toBeUndefined();
    expect(parseEnv({ SEED_DEMO: "" }).SEED_DEMO).toBeUndefined();
    expect(parseEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(() => parseEnv({ SEED_DEMO: "oui" })).toThrowError(/- SEED_DEMO: SEED_DEMO must be true or false/);
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
