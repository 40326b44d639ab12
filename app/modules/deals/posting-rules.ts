/**
 * Pure rules of a member's deal post (issue #15 item 1, ADR 036):
 * the canonical link for the duplicate check, what counts as a real public
 * host, and trust. No zod, no database: shared by the form, the server and
 * the tests. Whose site a link is on (brand, self-promotion) is in
 * `merchant-domain.ts`, which stays on the server.
 */

/** Tracking parameters dropped from the canonical link, besides every `utm_*`. */
const TRACKING_PARAMS = new Set(["gclid", "fbclid", "dclid", "msclkid", "yclid", "_ga", "mc_cid", "mc_eid"]);
/** Our own affiliate parameters (the /kpi click-out and the networks' sub-ids we add). */
const OWN_AFFILIATE_PARAMS = new Set(["crevarde", "crevarde_ref", "ref_crevarde", "clickref", "subid", "sub_id", "epi", "awc", "aff_sub", "clickid", "click_id"]);

const isDroppedParam = (name: string) => {
  const key = name.toLowerCase();
  return key.startsWith("utm_") || TRACKING_PARAMS.has(key) || OWN_AFFILIATE_PARAMS.has(key);
};

/**
 * The link without tracking: lower-case host without a trailing dot, no
 * fragment, no `utm_*`/`gclid`/`fbclid`, none of our affiliate parameters, the
 * remaining parameters in a stable order, no default port. Null when it is not
 * an http(s) URL.
 */
export function canonicalDealUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, "");
  const kept = [...url.searchParams.entries()].filter(([name]) => !isDroppedParam(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  let out = url.toString();
  // "https://shop.fr/p/" and "https://shop.fr/p" are the same page; keep the root's slash
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) out = out.replace(/\/(\?|$)/, "$1");
  return out;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const PRIVATE_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home", ".corp", ".test", ".invalid", ".example", ".onion", ".arpa"];

/**
 * Whether a link is http(s) on a real public host: a domain name with a
 * top-level domain, no IP address, no credentials, not localhost or a
 * reserved or internal name. We never fetch it (SSRF; ADR 036 §Posting and moderation).
 */
export function isPublicDealUrl(raw: string): boolean {
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value) || /[\\\s]/.test(value) || value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || IPV4.test(host)) return false;
  if (host === "localhost" || PRIVATE_SUFFIXES.some((s) => host.endsWith(s))) return false;
  return HOSTNAME.test(host);
}

/** "www.shop.fr" and "shop.fr" are the same merchant. */
export const bareHost = (host: string) => host.toLowerCase().replace(/\.$/, "").replace(/^www\./, "");

/** The domain of an e-mail address, lower-case. */
export const emailDomain = (email: string) => bareHost(email.slice(email.lastIndexOf("@") + 1));

/** Whether the author's posts are published at once: enough approved posts and never a confirmed duplicate. */
export function publishesAtOnce(input: { approvedPosts: number; trustedAfter: number; confirmedDuplicate: boolean }): boolean {
  return !input.confirmedDuplicate && input.approvedPosts >= input.trustedAfter;
}

/** Whether the member may still post: fewer self-promotion strikes than the limit. */
export const mayPost = (strikes: number, strikeLimit: number) => strikes < strikeLimit;
