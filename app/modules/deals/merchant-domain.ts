import { registrableDomain } from "#app/lib/registrable-domain";
import { bareHost, emailDomain } from "./posting-rules";

/**
 * Whose site a deal's link is on (ADR 036 §The merchant's domain): hosts are
 * the same merchant when their registrable domains are equal, so
 * `www.nuxe.com`, `nuxe.com` and `fr.nuxe.com` are all Nuxe. Pure, but kept
 * apart from `posting-rules.ts`, which the posting form ships to the browser:
 * the public suffix list stays on the server.
 */

/** A brand's website as links are matched against it. */
export interface BrandSite {
  id: string;
  name: string;
  /** the website's host, without `www.` */
  host: string;
  /** its registrable domain */
  domain: string;
}

/** A brand with a website URL, as a `BrandSite`; null when the URL has no registrable domain. */
export function brandSite(brand: { id: string; name: string }, websiteHost: string): BrandSite | null {
  const domain = registrableDomain(websiteHost);
  return domain ? { id: brand.id, name: brand.name, host: bareHost(websiteHost), domain } : null;
}

/**
 * The brand of a link's host among `sites` (given in name order): the
 * brands on the link's registrable domain; of these, the one whose website is
 * on the link's very host (`www.` ignored), else the first by name.
 */
export function brandForLinkHost<T extends BrandSite>(linkHost: string, sites: readonly T[]): T | null {
  const domain = registrableDomain(linkHost);
  if (!domain) return null;
  const host = bareHost(linkHost);
  const same = sites.filter((site) => site.domain === domain);
  return same.find((site) => site.host === host) ?? same[0] ?? null;
}

/**
 * Self-promotion (ADR 036 §Self-promotion, HUKD's three-strike rule): the
 * author's e-mail is on the link's registrable domain (jane@shop.fr or
 * jane@mail.shop.fr posting https://www.shop.fr/… or https://boutique.shop.fr/…).
 * Webmail domains never match a merchant's link; nor does an address on a bare
 * public suffix match every site under it.
 */
export function isSelfPromotion(authorEmail: string, linkHost: string): boolean {
  const domain = registrableDomain(emailDomain(authorEmail));
  return domain !== null && domain === registrableDomain(linkHost);
}
