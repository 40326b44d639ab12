import { z } from "zod";

export * from "./deals.constants";
import { DEAL_SOURCES, DEAL_TABS, type DealSource } from "./deals.constants";
import { normalizeQuery, parseDealSort } from "#app/modules/search/search.schema";
import { SLUG_SHAPE } from "#app/lib/site";

/** URL search params of the deals page; anything invalid falls back to "no filter". */
export const dealSearchSchema = z
  .object({
    q: z.string().catch("").transform(normalizeQuery),
    source: z
      .string()
      .catch("all")
      .transform((v) => v.trim().toLowerCase())
      .transform((v): DealSource | "all" => ((DEAL_SOURCES as readonly string[]).includes(v) ? (v as DealSource) : "all")),
    /** a brand's slug, or "" for every brand */
    marque: z
      .string()
      .catch("")
      .transform((v) => (SLUG_SHAPE.test(v.trim().toLowerCase()) ? v.trim().toLowerCase() : "")),
    tri: z.string().nullable().catch(null),
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
    /** « Les plus hot » / « Nouveaux » (issue #15), else the default list */
    tab: z.enum(DEAL_TABS).catch("tous"),
  })
  .transform(({ q, source, marque, tri, page, tab }) => ({ q, source, brand: marque, sort: parseDealSort(tri, q !== ""), page, tab }));

export type DealSearch = z.output<typeof dealSearchSchema>;

export function parseDealSearch(params: URLSearchParams): DealSearch {
  return dealSearchSchema.parse({
    q: params.get("q") ?? "",
    source: params.get("source") ?? "all",
    marque: params.get("marque") ?? "",
    tri: params.get("tri"),
    page: params.get("page") ?? "1",
    tab: params.get("tab") ?? "tous",
  });
}
