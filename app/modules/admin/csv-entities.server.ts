import { blogCsv } from "#app/modules/blog/blog-csv.server";
import { brandCsv } from "#app/modules/brands/brand-csv.server";
import { categoryCsv } from "#app/modules/categories/category-csv.server";
import { offerCsv } from "#app/modules/offers/offer-csv.server";
import { helpCsv } from "#app/modules/help/help-csv.server";
import { pageCsv } from "#app/modules/pages/page-csv.server";
import { dealCsv } from "#app/modules/deals/deal-csv.server";
import { promoCodeCsv } from "#app/modules/promo-codes/promo-code-csv.server";
import type { AnyCsvEntity } from "./csv.server";

/** The lists that export and import CSV (ADR 029), by the path of their screen under /admin. */
const CSV_LISTS: Record<string, { entity: AnyCsvEntity; title: string; listTitle: string }> = {
  "promo-codes": { entity: promoCodeCsv, title: "Importer des codes promo", listTitle: "Codes promo" },
  "crevarde-deals": { entity: dealCsv, title: "Importer des deals", listTitle: "Coup de Crevarde" },
  brands: { entity: brandCsv, title: "Importer des marques", listTitle: "Marques" },
  offers: { entity: offerCsv, title: "Importer des offres cashback", listTitle: "Offres cashback" },
  categories: { entity: categoryCsv, title: "Importer des catégories", listTitle: "Catégories" },
  blog: { entity: blogCsv, title: "Importer des articles du blog", listTitle: "Blog" },
  pages: { entity: pageCsv, title: "Importer des pages", listTitle: "Pages" },
  aide: { entity: helpCsv, title: "Importer des articles d'aide", listTitle: "Centre d'aide" },
};

/** The list of `/admin/:list/export|import`, or a French 404. */
export function csvList(list: string | undefined) {
  const found = list && Object.hasOwn(CSV_LISTS, list) ? CSV_LISTS[list] : undefined;
  if (!found) throw new Response("Cette liste ne s'exporte pas en CSV.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return { ...found, path: `/admin/${list}` };
}
