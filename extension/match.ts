import type { ExtensionShop } from "#app/modules/extension/extension-shops";

/**
 * The partner shop of a page's host, matched in the browser against the cached list (issue #40
 * item 2, ADR 050): the list gives registrable domains, so a host matches a domain when it is the
 * domain or a name under it (`fr.nuxe.com` under `nuxe.com`), which is what its registrable domain
 * being that domain means for any domain on the list. The longest matching domain wins. No Public
 * Suffix List ships in the extension, and nothing is sent anywhere.
 */
export function shopForHost(hostname: string, shops: readonly ExtensionShop[]): { shop: ExtensionShop; domain: string } | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return null;
  let found: { shop: ExtensionShop; domain: string } | null = null;
  for (const shop of shops) {
    for (const domain of shop.domains) {
      const d = domain.toLowerCase();
      if ((host === d || host.endsWith(`.${d}`)) && (!found || d.length > found.domain.length)) found = { shop, domain: d };
    }
  }
  return found;
}
