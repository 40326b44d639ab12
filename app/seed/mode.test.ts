import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/lib/env.server";
import { demoAdminPassword, demoSeedMode } from "./mode";

const PG = "postgres://crevarde@db.internal:5432/crevarde";
const KEY = Buffer.alloc(32, 3).toString("base64");
const DEBTOR = { SEPA_DEBTOR_NAME: "Crevarde SAS", SEPA_DEBTOR_IBAN: "FR7630006000011234567890189" };

describe("demo seed mode", () => {
  it.each([
    // the embedded database on a local http SITE_URL: `npm install && npm start` as today
    [{}, "local"],
    [{ SITE_URL: "http://localhost:3000" }, "local"],
    [{ SITE_URL: "http://localhost" }, "local"],
    [{ SITE_URL: "http://127.0.0.1:3101" }, "local"],
    [{ SITE_URL: "http://127.0.0.1:3101", SEED_DEMO: "true" }, "local"],
    [{ SITE_URL: "http://localhost:3000", SEED_DEMO: "false" }, "off"],
    // anywhere else: only with SEED_DEMO=true
    [{ SITE_URL: "https://crevarde.fr", SESSION_SECRET: "s".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR }, "off"],
    [{ SITE_URL: "https://crevarde.fr", SESSION_SECRET: "s".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR, SEED_DEMO: "true" }, "deployment"],
    [{ SITE_URL: "https://localhost:3000", SESSION_SECRET: "s".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR }, "off"],
    [{ SITE_URL: "http://crevarde.fr" }, "off"],
    [{ SITE_URL: "http://192.168.1.10:3000" }, "off"],
    [{ SITE_URL: "http://localhost.crevarde.fr" }, "off"],
    [{ SITE_URL: "http://127.0.0.1.nip.io:3000" }, "off"],
    [{ SITE_URL: "http://0.0.0.0:3000" }, "off"],
    [{ SITE_URL: "http://crevarde.fr", SEED_DEMO: "true" }, "deployment"],
    [{ DATABASE_URL: PG }, "off"],
    [{ DATABASE_URL: PG, SITE_URL: "http://127.0.0.1:3000" }, "off"],
    [{ DATABASE_URL: PG, SITE_URL: "http://localhost:3000", SEED_DEMO: "true" }, "deployment"],
    [{ DATABASE_URL: PG, SEED_DEMO: "false" }, "off"],
  ])("%j → %s", (vars, mode) => {
    expect(demoSeedMode(parseEnv(vars))).toBe(mode);
  });

  it("gives the demo admin a random password outside a local site", () => {
    expect(demoAdminPassword(parseEnv({}))).toBeUndefined();
    const deployed = parseEnv({ SITE_URL: "https://crevarde.fr", SESSION_SECRET: "s".repeat(32), BANK_DETAILS_KEY: KEY, ...DEBTOR, SEED_DEMO: "true" });
    const a = demoAdminPassword(deployed)!;
    const b = demoAdminPassword(deployed)!;
    expect(a).toMatch(/^[\w-]{24}$/);
    expect(a).not.toBe(b);
    expect(demoAdminPassword(parseEnv({ DATABASE_URL: PG, SEED_DEMO: "true" }))).toMatch(/^[\w-]{24}$/);
  });
});
