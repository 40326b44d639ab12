import { registrableDomain } from "#app/lib/registrable-domain";
import { canonicalDealUrl } from "#app/modules/deals/posting-rules";

/** A product as the price history knows it: its key and its merchant (ADR 049 §The product key). */
export interface ProductKey {
  /** `temu.com/fr/brosse-visage.html`: the registrable domain, then the path */
  key: string;
  /** `temu.com` */
  merchant: string;
}

/**
 * The product key of a product URL (issue #39 item 1): the canonical link the
 * deals use (canonicalDealUrl: lower-case host, no fragment, no tracking), its
 * host reduced to the registrable domain (`fr.shein.com` and `www.shein.com`
 * are `shein.com`), then its path; the query is dropped. Null when the link is
 * not http(s), its host has no registrable domain (an IP address, localhost),
 * or its path is the site's root: a home page is no product.
 *
 * Server only in practice: registrableDomain ships the Public Suffix List
 * (about 50 KB), which no public page should load.
 */
export function productKey(url: string | null | undefined): ProductKey | null {
  if (!url) return null;
  const canonical = canonicalDealUrl(url);
  if (!canonical) return null;
  const parsed = new URL(canonical);
  const merchant = registrableDomain(parsed.hostname);
  if (!merchant || parsed.pathname === "/" || parsed.pathname === "") return null;
  return { key: `${merchant}${parsed.pathname}`, merchant };
}

/**
 * A product as an admin types it (issue #39 item 6): a product link, or a key
 * as the history stores it (`nuxe.com/huile-prodigieuse`), read as that link.
 */
export function productKeyOf(linkOrKey: string): ProductKey | null {
  const value = linkOrKey.trim();
  if (!value) return null;
  return productKey(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
}
