import { getDomain } from "tldts";

/**
 * The registrable domain of a host or URL: the public suffix plus one label,
 * so `www.nuxe.com`, `nuxe.com` and `fr.nuxe.com` all give `nuxe.com`, and
 * `shop.boots.co.uk` gives `boots.co.uk` (ADR 036 §The merchant's domain).
 * Uses the Public Suffix List that the `tldts` package ships: no request is
 * ever made, and a newer list comes with a newer version of the package.
 *
 * - Input: a host name (`NUXE.com.`, `nuxe.com:443`) or an absolute URL with a
 *   scheme (`https://fr.nuxe.com/huile?x=1`). Case and a trailing dot are
 *   ignored; an international name is answered in its ASCII form
 *   (`bücher.de` gives `xn--bcher-kva.de`).
 * - The list's private section counts: each shop on `myshopify.com` or site on
 *   `github.io` is its own domain (`shop.myshopify.com`), not one for all.
 * - Null when there is no registrable domain: an IP address, `localhost` or any
 *   other single-label name, a bare public suffix (`co.uk`, `myshopify.com`),
 *   and input that is not a valid host or URL. A caller that needs a key for
 *   such hosts (a development server) uses the host itself.
 * - A name under a top-level domain the list does not know follows the list's
 *   default rule (the last label is the suffix): `shop.example.test` gives
 *   `example.test`.
 *
 * Pure and free of server code, so features in the browser may use it, but
 * the list weighs about 50 KB gzipped: a page that imports it pays that on
 * its JavaScript budget (ADR 027).
 */
export function registrableDomain(hostOrUrl: string): string | null {
  const host = hostnameOf(hostOrUrl);
  if (!host) return null;
  return getDomain(host, { allowPrivateDomains: true, extractHostname: false, detectIp: true, validateHostname: false });
}

/** An absolute URL: a scheme and "//". */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A DNS label as browsers accept it in a URL's host (underscores do occur). */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** The normalised host name of a host or URL (lower case, ASCII, no trailing dot), or null when it is not a domain name. */
function hostnameOf(hostOrUrl: string): string | null {
  const value = hostOrUrl.trim();
  if (!value) return null;
  const isUrl = HAS_SCHEME.test(value);
  // a bare host: no path, query, fragment, credentials or spaces
  if (!isUrl && /[/?#@\\\s]/.test(value)) return null;
  let host: string;
  try {
    // the URL parser lower-cases, turns an international name into ASCII and
    // writes every IPv4 form as four numbers
    host = new URL(isUrl ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "");
  if (!host || host.length > 253 || host.startsWith("[")) return null;
  return host.split(".").every((label) => LABEL.test(label)) ? host : null;
}
