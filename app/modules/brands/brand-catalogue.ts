// The /marques catalogue's sort, filter and A–Z index (issue #34 item 5). Client-safe: the
// route's component builds its links from it.

/** "a-z" is the default (no parameter); "cashback" is « Meilleur cashback ». */
export const BRAND_SORTS = ["a-z", "cashback"] as const;
export type BrandSort = (typeof BRAND_SORTS)[number];

export const BRAND_SORT_LABELS: Record<BrandSort, string> = { "a-z": "De A à Z", cashback: "Meilleur cashback" };
export const WITH_CASHBACK_LABEL = "Avec cashback";

/** The catalogue's state in the URL: `?tri=cashback`, `?filtre=cashback`. */
export interface BrandCatalogueQuery {
  sort: BrandSort;
  /** only the brands with a current cashback rate */
  withCashback: boolean;
}

/** The catalogue's state from the URL; anything else is the default (A–Z, every brand). */
export function parseBrandCatalogue(params: URLSearchParams): BrandCatalogueQuery {
  return { sort: params.get("tri") === "cashback" ? "cashback" : "a-z", withCashback: params.get("filtre") === "cashback" };
}

/** The address of a state of the catalogue, with an optional anchor ("/marques?tri=cashback"). */
export function brandCatalogueHref(query: BrandCatalogueQuery, hash = ""): string {
  const params = new URLSearchParams();
  if (query.sort !== "a-z") params.set("tri", query.sort);
  if (query.withCashback) params.set("filtre", "cashback");
  const search = params.toString();
  return `/marques${search ? `?${search}` : ""}${hash}`;
}

/** The index's letters; a name starting with anything else is under OTHER_LETTER. */
export const ALPHABET = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
export const OTHER_LETTER = "#";

/** The letter a name is filed under: its first letter without accent ("Étam" → E), or OTHER_LETTER ("7 For All" → #). */
export function brandLetter(name: string): string {
  const first = name.trim().normalize("NFD").replace(/\p{M}/gu, "").charAt(0).toLocaleUpperCase("fr");
  return ALPHABET.includes(first) ? first : OTHER_LETTER;
}

/** The anchor of a letter's first brand: "lettre-a", "lettre-autres". */
export function letterAnchor(letter: string): string {
  return letter === OTHER_LETTER ? "lettre-autres" : `lettre-${letter.toLowerCase()}`;
}
