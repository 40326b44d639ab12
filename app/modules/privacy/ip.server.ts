import { isIPv4, isIPv6 } from "node:net";

/** IPv4 addresses keep their /24 network, IPv6 addresses their /48 (CNIL: no full IP at rest). */
const IPV6_PREFIX = 48;

/** The IPv6 prefix one subscriber's line usually gets (a /64), for comparing two accounts' networks (ADR 040). */
export const IPV6_SUBSCRIBER_PREFIX = 64;

function ipv6Groups(ip: string): number[] | null {
  let value = ip;
  // an embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    value = `${value.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = value.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  const groups = value.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill(0), ...t] : h;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The network part of an address, the host part zeroed: "203.0.113.77" ->
 * "203.0.113.0", "2001:db8:abcd:12::1" -> "2001:db8:abcd::" (with a /64:
 * "2001:db8:abcd:12::"). IPv4-mapped IPv6
 * addresses are treated as IPv4. Anything that is not an IP address gives null.
 */
export function truncateIp(raw: string | null | undefined, ipv6Prefix: 48 | 64 = IPV6_PREFIX): string | null {
  if (!raw) return null;
  const ip = raw.trim().replace(/^\[(.*)\]$/, "$1").split("%")[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1] : ip;
  if (isIPv4(v4)) {
    const [a, b, c] = v4.split(".").map(Number);
    return `${a}.${b}.${c}.0`;
  }
  if (!isIPv6(ip)) return null;
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  return `${groups
    .slice(0, ipv6Prefix / 16)
    .map((g) => g.toString(16))
    .join(":")}::`;
}
