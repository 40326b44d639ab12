import type { Request } from "express";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/lib/env.server";
import { createApp } from "../../server/app";
import { clientIpOf, clientPortOf } from "../../server/client-ip";

/** The client IP our app derives for a request from `peer` carrying `forwardedFor`, under TRUST_PROXY. */
function requestFor(trustProxy: string | undefined, peer: string, forwardedFor?: string) {
  const app = createApp({
    env: { ...parseEnv({ TRUST_PROXY: trustProxy }), SESSION_SECRET: "t".repeat(40) },
    clientDir: "/nonexistent",
    uploadsDir: "/nonexistent",
    build: async () => {
      throw new Error("no build in this test");
    },
  });
  const req = Object.create(app.request) as Request;
  Object.assign(req, {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress: peer, remotePort: 51234 },
  });
  return req;
}
const ipFor = (trustProxy: string | undefined, peer: string, forwardedFor?: string) => clientIpOf(requestFor(trustProxy, peer, forwardedFor));

const CLIENT = "203.0.113.9";

describe("client port (décret 2021-1362 logs)", () => {
  it("is the TCP peer's port when the peer is the client, unknown behind a trusted proxy", () => {
    expect(clientPortOf(requestFor(undefined, CLIENT, "198.51.100.1"))).toBe(51234);
    expect(clientPortOf(requestFor("1", "127.0.0.1", CLIENT))).toBeUndefined();
  });
});
const SPOOF = "198.51.100.1";

describe("client IP under TRUST_PROXY", () => {
  it.each([
    // no trust (the default): X-Forwarded-For is ignored, whoever the peer is
    { trust: undefined, peer: "127.0.0.1", xff: CLIENT, expected: "127.0.0.1" },
    { trust: undefined, peer: "10.0.0.2", xff: CLIENT, expected: "10.0.0.2" },
    { trust: undefined, peer: "192.168.1.20", xff: CLIENT, expected: "192.168.1.20" },
    { trust: undefined, peer: "::1", xff: CLIENT, expected: "::1" },
    { trust: "false", peer: "127.0.0.1", xff: CLIENT, expected: "127.0.0.1" },
    { trust: "0", peer: "127.0.0.1", xff: CLIENT, expected: "127.0.0.1" },
    // a hop count: the entry that many hops back; anything the client wrote before it is ignored
    { trust: "1", peer: "127.0.0.1", xff: CLIENT, expected: CLIENT },
    { trust: "1", peer: "127.0.0.1", xff: `${SPOOF}, ${CLIENT}`, expected: CLIENT },
    { trust: "1", peer: "127.0.0.1", xff: undefined, expected: "127.0.0.1" },
    { trust: "2", peer: "127.0.0.1", xff: `${SPOOF}, ${CLIENT}, 10.0.0.5`, expected: CLIENT },
    { trust: "2", peer: "127.0.0.1", xff: CLIENT, expected: CLIENT },
    // addresses and CIDR ranges: only a listed peer is believed, and only as far back as the chain is listed
    { trust: "10.0.0.0/8", peer: "10.0.0.2", xff: `${SPOOF}, ${CLIENT}`, expected: CLIENT },
    { trust: "10.0.0.0/8", peer: "10.0.0.2", xff: `${SPOOF}, ${CLIENT}, 10.1.2.3`, expected: CLIENT },
    { trust: "10.0.0.0/8", peer: "127.0.0.1", xff: CLIENT, expected: "127.0.0.1" },
    { trust: "10.0.0.0/8", peer: "192.168.1.20", xff: CLIENT, expected: "192.168.1.20" },
    { trust: "10.0.0.2, 10.0.0.3", peer: "10.0.0.3", xff: `${SPOOF}, ${CLIENT}`, expected: CLIENT },
    { trust: "10.0.0.2, 10.0.0.3", peer: "10.0.0.4", xff: CLIENT, expected: "10.0.0.4" },
    { trust: "fd00::/8", peer: "fd00::1", xff: `${SPOOF}, 2001:db8::7`, expected: "2001:db8::7" },
    // names, as Express defines them
    { trust: "loopback", peer: "127.0.0.1", xff: `${SPOOF}, ${CLIENT}`, expected: CLIENT },
    { trust: "loopback", peer: "::1", xff: CLIENT, expected: CLIENT },
    { trust: "loopback", peer: "10.0.0.2", xff: CLIENT, expected: "10.0.0.2" },
    { trust: "uniquelocal", peer: "192.168.1.20", xff: `${SPOOF}, ${CLIENT}`, expected: CLIENT },
    { trust: "loopback, uniquelocal", peer: "127.0.0.1", xff: `${SPOOF}, ${CLIENT}, 10.0.0.5`, expected: CLIENT },
  ])("TRUST_PROXY=$trust, peer $peer, X-Forwarded-For $xff → $expected", ({ trust, peer, xff, expected }) => {
    expect(ipFor(trust, peer, xff)).toBe(expected);
  });

  it("ignores whatever a client puts in front of the entries its trusted proxies added", () => {
    const entry = fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 20 }).filter((s) => !s.includes(",")));
    fc.assert(
      // the client is outside the trusted range (a trusted address would itself be skipped, as Express does)
      fc.property(fc.array(entry, { maxLength: 6 }), fc.ipV4().filter((ip) => !ip.startsWith("10.")), (spoofed, client) => {
        const xff = [...spoofed, client].join(", ");
        expect(ipFor("1", "127.0.0.1", xff)).toBe(client);
        expect(ipFor("10.0.0.0/8", "10.0.0.2", `${xff}, 10.9.9.9`)).toBe(client);
        // and, with no proxy trusted, none of it is read
        expect(ipFor(undefined, "127.0.0.1", xff)).toBe("127.0.0.1");
      }),
      { numRuns: 300 },
    );
  });
});
