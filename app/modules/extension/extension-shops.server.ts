import { createHash } from "node:crypto";
import { asc, count, isNotNull } from "drizzle-orm";
import { brands, promoCodes } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { registrableDomain } from "#app/lib/registrable-domain";
import { listBrandCashback } from "#app/modules/cashback/programs.server";
import { publicCode } from "#app/modules/promo-codes/promo-codes.server";
import { getSetting } from "#app/modules/settings/settings.server";
import type { CheckoutSelectors, ExtensionShopList } from "./extension-shops";
import { checkoutSelectorsSchema } from "./extension.schema";

/**
 * Every partner shop for the browser extension (issue #40 item 2, ADR 050): each brand with a
 * website on a registrable domain and a current cashback (listBrandCashback: the brand page's
 * rate, boosts included, and the programme its « Activer le cashback » goes through), with its
 * live codes counted by the public rule (publicCode). Before the launch (setting
 * cashback_launched) no rate is shown anywhere, so the list is empty. Public data only: the checkout
 * selectors (brands.checkout_selectors, item 6) are CSS selectors of the shop's own page.
 */
export async function listExtensionShops(now: Date): Promise<ExtensionShopList> {
  if (!(await getSetting("cashback_launched"))) return { shops: [] };
  const db = await getDb();
  const [rows, codes] = await Promise.all([
    db.select({ id: brands.id, name: brands.name, websiteUrl: brands.websiteUrl, checkoutSelectors: brands.checkoutSelectors }).from(brands).where(isNotNull(brands.websiteUrl)).orderBy(asc(brands.name), asc(brands.id)),
    db.select({ brandId: promoCodes.brandId, n: count() }).from(promoCodes).where(publicCode(now)).groupBy(promoCodes.brandId),
  ]);
  const rates = await listBrandCashback(rows.map((r) => r.id), now);
  const liveCodes = new Map(codes.map((c) => [c.brandId, Number(c.n)]));
  const shops = rows.flatMap((brand) => {
    const rate = rates.get(brand.id);
    const domain = brand.websiteUrl ? registrableDomain(brand.websiteUrl) : null;
    if (!rate || !domain) return [];
    return [{ programId: rate.programId, name: brand.name, domains: [domain], rateLabel: rate.label, liveCodes: liveCodes.get(brand.id) ?? 0, checkoutSelectors: checkoutSelectorsOf(brand.checkoutSelectors) }];
  });
  return { shops };
}

/** The brand's checkout selectors when they parse (a hand-edited row that does not is none). */
function checkoutSelectorsOf(value: unknown): CheckoutSelectors | null {
  const parsed = checkoutSelectorsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The answer's ETag: a strong validator of its exact bytes. */
export function shopListEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** If-None-Match names this ETag (a list, weak or strong, or `*`): the client's copy is current. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}
