import { randomBytes } from "node:crypto";
import { getEnv } from "./env.server";

/**
 * The first-party device cookie (ADR 040): a random id, set on sign-up and
 * sign-in, that says "this browser was used for that account". It carries no
 * personal data and is never read by a third party; the server stores only a
 * keyed hash of it beside the accounts it was seen with.
 */
export const DEVICE_COOKIE = "crevarde.device";

/** 13 months, the longest a cookie is kept under the CNIL's guidelines (and below browsers' 400-day cap). */
const DEVICE_COOKIE_DAYS = 395;

const DEVICE_ID = /^[A-Za-z0-9_-]{32}$/;
const PAIR = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${DEVICE_COOKIE.replace(".", "\\.")}=([^;]*)`);

/** The request's device id, or null when it has none (or one we did not make). */
export function readDeviceId(request: Request): string | null {
  const value = PAIR.exec(request.headers.get("cookie") ?? "")?.[1]?.trim();
  return value && DEVICE_ID.test(value) ? value : null;
}

/**
 * The device id of this browser: the one it sent, else a new one with the
 * Set-Cookie header that keeps it (httpOnly, SameSite=Lax, Secure on an https
 * site). Every sign-up and sign-in answer carries one when the browser had
 * none, whatever the outcome, so the answer says nothing about the account.
 */
export function deviceIdFor(request: Request): { id: string; setCookie: string | null } {
  const known = readDeviceId(request);
  if (known) return { id: known, setCookie: null };
  const id = randomBytes(24).toString("base64url");
  const secure = getEnv().SITE_URL.startsWith("https://") ? "; Secure" : "";
  return { id, setCookie: `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${DEVICE_COOKIE_DAYS * 86400}; HttpOnly; SameSite=Lax${secure}` };
}
