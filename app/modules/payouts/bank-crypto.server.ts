import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { bankDetailsKey } from "#app/lib/env.server";

/*
 * IBANs at rest (ADR 021): AES-256-GCM under a key derived from
 * BANK_DETAILS_KEY, stored as version byte | 12-byte nonce | 16-byte tag |
 * ciphertext. The fingerprint that keeps one IBAN to one account is an
 * HMAC-SHA256 under a second derived key, so it reveals nothing without it.
 */
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function derive(purpose: string, master = bankDetailsKey()): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(master, "base64"), Buffer.alloc(0), `crevarde:${purpose}:v${VERSION}`, 32));
}

export function encryptIban(iban: string, master?: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", derive("iban-encryption", master), nonce);
  const body = Buffer.concat([cipher.update(iban, "utf8"), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
}

/** Throws when the value was altered or encrypted under another key. */
export function decryptIban(stored: Buffer, master?: string): string {
  if (stored.length <= 1 + NONCE_BYTES + TAG_BYTES || stored[0] !== VERSION) throw new Error("unknown IBAN encryption format");
  const nonce = stored.subarray(1, 1 + NONCE_BYTES);
  const tag = stored.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", derive("iban-encryption", master), nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** The same normalised IBAN always gives the same fingerprint (under the same key). */
export function ibanFingerprint(iban: string, master?: string): string {
  return createHmac("sha256", derive("iban-fingerprint", master)).update(iban).digest("hex");
}

/*
 * Other bank data kept in text columns (a holder's name, a stored pain.001
 * file): the same AES-256-GCM under the same key, as base64 behind a prefix
 * that tells a sealed value from a row written before it was sealed.
 */
const SEALED_PREFIX = "enc1:";

export function sealBankText(plain: string, master?: string): string {
  return SEALED_PREFIX + encryptIban(plain, master).toString("base64");
}

const isSealedBankText = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** The clear text of a sealed value; a value stored before sealing is returned as it is (until `sealClearBankData` runs). */
export function openBankText(stored: string, master?: string): string {
  if (!isSealedBankText(stored)) return stored;
  return decryptIban(Buffer.from(stored.slice(SEALED_PREFIX.length), "base64"), master);
}
