import fc from "fast-check";
import { isIPv4, isIPv6 } from "node:net";
import { describe, expect, it } from "vitest";
import { truncateIp } from "./ip.server";

/** The 128 bits of an IPv6 address as a bigint (reference implementation through URL parsing). */
function ipv6Bits(ip: string): bigint {
  const host = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const [head, tail] = host.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail ? tail.split(":") : [];
  const groups = host.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

describe("truncateIp", () => {
  it("keeps the /24 of every IPv4 address and zeroes the host byte", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        const out = truncateIp(ip)!;
        expect(isIPv4(out)).toBe(true);
        expect(out.split(".").slice(0, 3)).toEqual(ip.split(".").slice(0, 3).map((o) => String(Number(o))));
        expect(out.endsWith(".0")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the /48 of every IPv6 address and zeroes the other 80 bits", () => {
    const mask48 = ((1n << 48n) - 1n) << 80n;
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const out = truncateIp(ip)!;
        const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
        if (mapped) return expect(out).toBe(truncateIp(mapped[1]));
        expect(isIPv6(out)).toBe(true);
        expect(ipv6Bits(out)).toBe(ipv6Bits(ip) & mask48);
      }),
      { numRuns: 2000 },
    );
  });

  it("handles the forms a proxy or socket reports", () => {
    const table: Array<[string, string]> = [
      ["::ffff:203.0.113.9", "203.0.113.0"],
      ["[2001:db8:1:2::3]", "2001:db8:1::"],
      ["fe80::1%eth0", "fe80:0:0::"],
      [" 192.0.2.200 ", "192.0.2.0"],
      ["::1", "0:0:0::"],
    ];
    for (const [raw, expected] of table) expect(truncateIp(raw), raw).toBe(expected);
  });

  it("gives null for anything that is not an IP address", () => {
    for (const bad of [null, undefined, "", "unknown", "203.0.113", "256.1.1.1", "1.2.3.4.5", "2001:db8:::1", "not an ip", "203.0.113.7, 10.0.0.1"]) {
      expect(truncateIp(bad), String(bad)).toBeNull();
    }
    // whatever the input, the output is null or a network address, never a full host address
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4Extended(), fc.ipV6()), (v) => {
        const out = truncateIp(v);
        return out === null || (isIPv4(out) && out.endsWith(".0")) || (isIPv6(out) && out.endsWith("::"));
      }),
      { numRuns: 2000 },
    );
  });
});
