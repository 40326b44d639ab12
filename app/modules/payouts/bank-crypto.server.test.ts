import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptIban, encryptIban, ibanFingerprint } from "./bank-crypto.server";

const key = randomBytes(32).toString("base64");
const otherKey = randomBytes(32).toString("base64");
const iban = "FR7630006000011234567890189";

describe("IBANs at rest", () => {
  it("are encrypted: the stored bytes hold neither the IBAN nor its digits, and differ each time", () => {
    const a = encryptIban(iban, key);
    const b = encryptIban(iban, key);
    expect(a.equals(b)).toBe(false);
    for (const stored of [a, b]) {
      expect(stored.toString("latin1")).not.toContain("30006000011234567890189");
      expect(decryptIban(stored, key)).toBe(iban);
    }
  });

  it("cannot be altered or read with another key without it being noticed", () => {
    const stored = encryptIban(iban, key);
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 1] ^= 1;
    expect(() => decryptIban(tampered, key)).toThrow();
    expect(() => decryptIban(stored, otherKey)).toThrow();
    expect(() => decryptIban(Buffer.from([9, 1, 2, 3]), key)).toThrow("unknown IBAN encryption format");
  });

  it("have a keyed fingerprint: the same IBAN gives the same one, another IBAN or key another one", () => {
    expect(ibanFingerprint(iban, key)).toBe(ibanFingerprint(iban, key));
    expect(ibanFingerprint(iban, key)).toMatch(/^[0-9a-f]{64}$/);
    expect(ibanFingerprint("DE89370400440532013000", key)).not.toBe(ibanFingerprint(iban, key));
    expect(ibanFingerprint(iban, otherKey)).not.toBe(ibanFingerprint(iban, key));
  });
});
