import { describe, expect, it, vi } from "vitest";

// the site's address decides Secure: each test sets it (this file runs in a process of its own, vitest.config.ts)
const site = vi.hoisted(() => ({ url: "http://localhost:3000" }));
vi.mock("./env.server", async (original) => ({
  ...(await original<object>()),
  getEnv: () => ({ SITE_URL: site.url }),
}));

const { DEVICE_COOKIE, deviceIdFor, readDeviceId } = await import("./device-cookie.server");

const withCookie = (cookie?: string) => new Request("http://localhost:3000/auth", cookie ? { headers: { cookie } } : {});

/**
 * The device cookie that lets a known browser past an account's lock (ADR 043): a random id the
 * server checks against the accounts it was seen with, never an account id the browser could write.
 */
describe("device cookie", () => {
  it("gives a new browser a random 192-bit id, httpOnly, SameSite=Lax, for 395 days, Secure only on https", () => {
    site.url = "http://localhost:3000";
    const first = deviceIdFor(withCookie());
    const second = deviceIdFor(withCookie());
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.id).not.toBe(first.id);
    expect(first.setCookie).toBe(`${DEVICE_COOKIE}=${first.id}; Path=/; Max-Age=${395 * 86400}; HttpOnly; SameSite=Lax`);
    site.url = "https://crevarde.fr";
    expect(deviceIdFor(withCookie()).setCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("keeps the id a browser sends back, and sets nothing", () => {
    const { id, setCookie } = deviceIdFor(withCookie());
    const again = deviceIdFor(withCookie(`cr_consent=v1; ${setCookie!.split(";")[0]}`));
    expect(again).toEqual({ id, setCookie: null });
    expect(readDeviceId(withCookie(`__Secure-${DEVICE_COOKIE}=${id}`))).toBe(id);
  });

  it("reads no id the site could not have made: another shape, an account id, a path, none", () => {
    for (const value of ["", "court", "A".repeat(31), "A".repeat(33), "4f1c2b4e-9d1a-4c55-8a39-0d6f6c0b7e21", "../../etc/passwd/aaaaaaaaaaaaaaaaa", `${"A".repeat(31)}=`]) {
      expect(readDeviceId(withCookie(`${DEVICE_COOKIE}=${value}`)), value).toBeNull();
    }
    expect(readDeviceId(withCookie())).toBeNull();
    expect(readDeviceId(withCookie(`x${DEVICE_COOKIE}=${"A".repeat(32)}`))).toBeNull();
  });
});
