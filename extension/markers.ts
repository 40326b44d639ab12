/**
 * Signs in a page's address that another partner's affiliate link brought the shopper there
 * (issue #40 item 4, ADR 050 §Markers). When one shows, the extension stands aside: it says
 * « Un autre lien partenaire est déjà actif » and offers no activation. A false alarm costs a
 * reminder; a miss would take over someone else's sale, so the list errs on the side of seeing one.
 */

/** A query parameter (compared without regard to case) and, when given, the values that count. */
export interface AffiliateMarker {
  param: string;
  values?: RegExp;
  /** who adds it: what the ADR documents */
  source: string;
}

export const AFFILIATE_MARKERS: readonly AffiliateMarker[] = [
  // the networks' click ids as they land on the shop's page
  { param: "awc", source: "Awin (click checksum)" },
  { param: "cjevent", source: "CJ" },
  { param: "cjdata", source: "CJ" },
  { param: "irclickid", source: "Impact" },
  { param: "irgwc", source: "Impact" },
  { param: "ranMID", source: "Rakuten Advertising" },
  { param: "ranEAID", source: "Rakuten Advertising" },
  { param: "ranSiteID", source: "Rakuten Advertising" },
  { param: "tduid", source: "Tradedoubler" },
  { param: "effi_id", source: "Effiliation" },
  { param: "clickref", source: "Awin and Partnerize click reference" },
  // the networks and cashback sites that name themselves in the campaign tags
  { param: "utm_source", values: /^(awin|cj|impact|rakuten|tradedoubler|effiliation|kwanko|netaffiliation|timeone|publicidees|partnerize|igraal|poulpeo|joko|ebuyclub|widilo|topcashback|honey)$/i, source: "networks and cashback sites by name" },
  { param: "utm_medium", values: /^(affiliate|affiliates|affiliation|affilie|affiliate_marketing|cashback)$/i, source: "any partner's campaign tags" },
];

/** The first marker the address carries, or null: another partner's link is active. */
export function otherPartnerMarker(pageUrl: string): AffiliateMarker | null {
  let params: URLSearchParams;
  try {
    params = new URL(pageUrl).searchParams;
  } catch {
    return null;
  }
  const present = new Map<string, string[]>();
  for (const [key, value] of params) {
    const k = key.toLowerCase();
    present.set(k, [...(present.get(k) ?? []), value]);
  }
  return (
    AFFILIATE_MARKERS.find((marker) => {
      const values = present.get(marker.param.toLowerCase());
      if (!values) return false;
      return marker.values ? values.some((v) => marker.values!.test(v.trim())) : true;
    }) ?? null
  );
}
