import { z } from "zod";

/**
 * The state of a back-office list (issue #17): search, filters, sort and page,
 * all in the URL so that a list can be shared, bookmarked and reloaded, and
 * works before hydration (a GET form). A value that is not allowed counts as
 * absent: a hand-edited URL never fails.
 */

/** A filter whose value must be one of `values`. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined);

/** A filter on a row id (a brand, a category). */
export const idChoice = z.uuid().optional().catch(undefined);

/** Free text: trimmed, at most 100 characters, never interpreted. */
export const searchText = z
  .string()
  .transform((v) => v.trim().slice(0, 100))
  .optional()
  .catch(undefined)
  .transform((v) => v || undefined);

export type SortDir = "asc" | "desc";

export interface ListSpec<S extends string, F extends z.ZodRawShape> {
  /** the sortable columns, by key */
  sorts: readonly [S, ...S[]];
  defaultSort: S;
  defaultDir: SortDir;
  /** one schema per filter parameter; each must accept undefined and catch bad values */
  filters: F;
}

/** Declare a list (keeps the literal types of its sorts and filters). */
export function defineList<const S extends string, F extends z.ZodRawShape>(spec: ListSpec<S, F>): ListSpec<S, F> {
  return spec;
}

export interface ListQuery<S extends string, F extends z.ZodRawShape> {
  q: string | undefined;
  sort: S;
  dir: SortDir;
  filters: z.infer<z.ZodObject<F>>;
  page: number;
}

/** A list's rows restricted to these ids (what a CSV import's preview compares with, ADR 029). */
export interface OnlyIds {
  ids?: string[];
}

/** A list's default state (no search, filter or sort), restricted to `ids`. */
export function onlyIds<S extends string, F extends z.ZodRawShape>(spec: ListSpec<S, F>, ids: string[]): ListQuery<S, F> & OnlyIds {
  return { ...parseListQuery("http://list.invalid/", spec), ids };
}

/** Read a list's state from its URL. */
export function parseListQuery<S extends string, F extends z.ZodRawShape>(url: URL | string, spec: ListSpec<S, F>): ListQuery<S, F> {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  const raw: Record<string, string> = {};
  for (const key of Object.keys(spec.filters)) {
    const v = params.get(key);
    if (v) raw[key] = v;
  }
  const sortParam = params.get("sort");
  const sort = (spec.sorts as readonly string[]).includes(sortParam ?? "") ? (sortParam as S) : spec.defaultSort;
  const dirParam = params.get("dir");
  const dir: SortDir = dirParam === "asc" || dirParam === "desc" ? dirParam : sortParam === sort ? "asc" : spec.defaultDir;
  const pageRaw = params.get("page")?.trim() ?? "";
  const page = /^\d{1,9}$/.test(pageRaw) ? Math.max(1, Number(pageRaw)) : /^\d+$/.test(pageRaw) ? Number.MAX_SAFE_INTEGER : 1;
  return {
    q: searchText.parse(params.get("q") ?? undefined),
    sort,
    dir,
    filters: z.object(spec.filters).parse(raw) as z.infer<z.ZodObject<F>>,
    page,
  };
}

/** The same list with some parameters changed (null removes one). Any change but the page goes back to page 1. */
export function listHref(pathname: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, value);
  }
  if (!("page" in changes)) params.delete("page");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Where a click on a column header leads: sort by it ascending, or flip its direction when it is the current sort. */
export function sortHref(pathname: string, search: string, key: string, current: { sort: string; dir: SortDir }): string {
  const dir: SortDir = current.sort === key && current.dir === "asc" ? "desc" : "asc";
  return listHref(pathname, search, { sort: key, dir });
}

/** Whether the URL narrows the list (a search or a filter): the « Réinitialiser » link and the empty message depend on it. */
export function isNarrowed(query: { q: string | undefined; filters: Record<string, unknown> }): boolean {
  return Boolean(query.q) || Object.values(query.filters).some((v) => v !== undefined);
}

/** The keys a bulk action was posted with (checkboxes named `ids`), at most one page of them, each read by `key`. */
export const bulkKeysSchema = (key: z.ZodType<string>) =>
  z.array(key, { message: "Sélectionnez au moins un élément." }).min(1, "Sélectionnez au moins un élément.").max(100, "Sélectionnez au plus 100 éléments à la fois.");

/** The ids a bulk action was posted with, each a uuid. */
export const bulkIdsSchema = bulkKeysSchema(z.uuid({ message: "La sélection contient un élément inconnu." }));

/** The expiry filter of lists whose rows expire (codes, deals). */
export const EXPIRY_FILTERS = ["live", "soon", "expired", "never"] as const;
export type ExpiryFilter = (typeof EXPIRY_FILTERS)[number];
/** « soon »: expires within this many days (the dashboard's « Codes qui expirent bientôt » uses the same window). */
export const EXPIRING_SOON_DAYS = 3;
const EXPIRY_FILTER_LABELS: Record<ExpiryFilter, string> = {
  live: "En cours",
  soon: `Expire sous ${EXPIRING_SOON_DAYS} jours`,
  expired: "Expirés",
  never: "Sans limite",
};
export const expiryFilterOptions = EXPIRY_FILTERS.map((value) => ({ value, label: EXPIRY_FILTER_LABELS[value] }));

/** A yes/no filter (featured, published). */
export const YES_NO = ["oui", "non"] as const;
export const yesNoOptions = [
  { value: "oui", label: "Oui" },
  { value: "non", label: "Non" },
] as const;

/** The schedule filter of the scheduled lists (ADR 030): before « Publier le », after « Dépublier le ». */
export const SCHEDULE_FILTERS = ["scheduled", "ended"] as const;
export type ScheduleFilter = (typeof SCHEDULE_FILTERS)[number];
export const scheduleFilterOptions = [
  { value: "scheduled", label: "Programmé" },
  { value: "ended", label: "Dépublié" },
] satisfies Array<{ value: ScheduleFilter; label: string }>;
