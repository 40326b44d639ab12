import type { MetaDescriptor } from "react-router";
import { rootSeoData } from "./seo";

/**
 * Back-office tab titles (issue #37 item 9), apart from seo.ts so that the public pages' shared
 * chunk does not carry them (ADR 027's budget).
 */

/** The title of a back-office tab: « Codes promo · Admin Crevarde ». */
const adminTitle = (screen: string, siteName: string) => `${screen} · Admin ${siteName}`;

/** A back-office screen's tags: its tab title, a description and no indexing; no canonical nor social cards. */
export function adminSeo(screen: string, matches?: Parameters<typeof rootSeoData>[0]): MetaDescriptor[] {
  const { siteName } = rootSeoData(matches);
  return [{ title: adminTitle(screen, siteName) }, { name: "description", content: `${screen} : back-office de ${siteName}` }, { name: "robots", content: "noindex, nofollow" }];
}
