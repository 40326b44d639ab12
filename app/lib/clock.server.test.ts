import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "./env.server";
import { requestNow, TEST_NOW_HEADER } from "./clock.server";

const later = new Date(Date.now() + 80 * 3_600_000).toISOString();
const withHeader = (value: string) => new Request("http://localhost/mon-cashback", { headers: { [TEST_NOW_HEADER]: value } });

describe("requestNow", () => {
  afterEach(() => {
    delete process.env.TEST_CLOCK_HEADER;
    resetEnvCache();
  });

  it("ignores the test header unless TEST_CLOCK_HEADER is set", () => {
    resetEnvCache();
    expect(Math.abs(requestNow(withHeader(later)).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("moves a request forward in end-to-end tests, never backward, and ignores garbage", () => {
    process.env.TEST_CLOCK_HEADER = "true";
    resetEnvCache();
    expect(requestNow(withHeader(later)).toISOString()).toBe(later);
    expect(requestNow(withHeader("2001-01-01T00:00:00Z")).getFullYear()).toBeGreaterThan(2020);
    expect(Math.abs(requestNow(withHeader("demain")).getTime() - Date.now())).toBeLessThan(5_000);
  });
});
