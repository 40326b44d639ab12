import type { MetaDescriptor } from "react-router";
import { rootSeoData } from "./seo";

/**
 * Back-office tab titles (issue #37 item 9), apart from seo.ts so that the public pages' shared
 * chunk does not carry them (ADR 027's budget).
 */

/** The title of a back-office tab: « Codes promo · Admin Crevarde ». */
const adminTitle = (screen: string, siteName: string) => `${screen} · Admin ${siteName}`;

/** A back-office screen's tags: its tab title and no indexing; no canonical nor social cards. */
export function adminSeo(screen: string, matches?: Parameters<typeof rootSeoData>[0]): MetaDescriptor[] {
  return [{ title: adminTitle(screen, rootSeoData(matches).siteName) }, { name: "robots", content: "noindex, nofollow" }];
}
