import { getEnv } from "./env.server";

// C0 controls and DEL: never part of a path we would send a visitor to
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Longer targets are refused (a guard then sends to /auth without the way back). */
export const MAX_REDIRECT_LENGTH = 2000;

/**
 * The one check for every redirect target that comes from a request (`redirect=`,
 * a form's `redirectTo`, better-auth's `callbackURL`...). The target is resolved
 * against the site origin with the WHATWG URL parser, the way a browser reads a
 * Location header; only the same origin is accepted, and the answer is a path
 * (path + search + hash) that still resolves to the site origin when a browser
 * reads it back: `/.//evil.example` resolves to the path `//evil.example`, which
 * a browser would read as another host, so it gets the fallback.
 */
export function safeRedirect(target: unknown, fallback = "/", siteUrl: string = getEnv().SITE_URL): string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_REDIRECT_LENGTH || CONTROL.test(target)) return fallback;
  const origin = new URL(siteUrl).origin;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  // read back as a browser would: the same URL on the same origin, or nothing
  return new URL(path, origin).href === url.href ? path : fallback;
}

/**
 * /auth with the way back to `back` when safeRedirect will accept it, else plain /auth: a path of 10 kB
 * (a fuzzed id, a long query), encoded once more, would make a Location header past a client's 16 kB limit.
 */
export function signInHref(back: string): string {
  return back.length <= MAX_REDIRECT_LENGTH ? `/auth?redirect=${encodeURIComponent(back)}` : "/auth";
}
