import { describe, expect, it } from "vitest";
import { AFFILIATE_MARKERS, otherPartnerMarker } from "./markers";

describe("otherPartnerMarker (issue #40 item 4, ADR 050 §Markers)", () => {
  it.each([
    ["https://www.nuxe.com/?awc=1234_1700000000_abc", "awc"],
    ["https://www.nuxe.com/p?AWC=1234", "awc"],
    ["https://www.nuxe.com/?clickref=xyz", "clickref"],
    ["https://www.nuxe.com/?cjevent=abc", "cjevent"],
    ["https://www.nuxe.com/?irclickid=abc", "irclickid"],
    ["https://www.nuxe.com/?ranMID=1&ranEAID=2&ranSiteID=3", "ranMID"],
    ["https://www.nuxe.com/?tduid=abc", "tduid"],
    ["https://www.nuxe.com/?effi_id=abc", "effi_id"],
    ["https://www.nuxe.com/?utm_source=kwanko&utm_medium=cpa", "utm_source"],
    ["https://www.nuxe.com/?utm_source=igraal", "utm_source"],
    ["https://www.nuxe.com/?utm_medium=affiliate", "utm_medium"],
    ["https://www.nuxe.com/?utm_medium=Affiliation&utm_source=x", "utm_medium"],
  ])("sees another partner in %s", (url, param) => {
    expect(otherPartnerMarker(url)?.param).toBe(param);
  });

  it.each([
    "https://www.nuxe.com/",
    "https://www.nuxe.com/huile?taille=50ml",
    "https://www.nuxe.com/?utm_medium=email&utm_source=newsletter",
    "https://www.nuxe.com/?utm_source=google&utm_medium=cpc",
    "https://www.nuxe.com/#awc=1",
    "https://www.nuxe.com/?q=awc",
    "pas une adresse",
  ])("sees none in %s", (url) => {
    expect(otherPartnerMarker(url)).toBeNull();
  });

  it("names who adds each marker, once per parameter", () => {
    const params = AFFILIATE_MARKERS.map((m) => m.param.toLowerCase());
    expect(new Set(params).size).toBe(params.length);
    for (const marker of AFFILIATE_MARKERS) expect(marker.source).not.toBe("");
  });
});
