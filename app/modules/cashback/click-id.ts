import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Bytes at or above this are rejected: 248 = 4 × 62, so each kept byte maps evenly onto the alphabet. */
const LIMIT = 256 - (256 % BASE62.length);

export const CLICK_ID_PATTERN = /^c[0-9A-Za-z]{20}$/;

/**
 * An opaque click id (ADR 037 §Click id): "c" + 20 base62 characters from
 * crypto.randomBytes, ≈ 119 bits, alphanumeric only so every network's sub-id
 * parameter accepts it. Rejection sampling: no modulo bias. Never derived from
 * the member's id.
 */
export function newClickId(bytes: (n: number) => Uint8Array = randomBytes): string {
  let out = "c";
  while (out.length < 21) {
    for (const b of bytes(32)) {
      if (b >= LIMIT) continue;
      out += BASE62[b % BASE62.length];
      if (out.length === 21) break;
    }
  }
  return out;
}
