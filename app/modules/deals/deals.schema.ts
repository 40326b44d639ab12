import { z } from "zod";

export * from "./deals.constants";
import { DEAL_SOURCES, type DealSource } from "./deals.constants";

/** URL search params of the deals page; anything invalid falls back to "no filter". */
export const dealSearchSchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((v) => v.trim().slice(0, 100)),
  source: z
    .string()
    .catch("all")
    .transform((v) => v.trim().toLowerCase())
    .transform((v): DealSource | "all" => ((DEAL_SOURCES as readonly string[]).includes(v) ? (v as DealSource) : "all")),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type DealSearch = z.output<typeof dealSearchSchema>;

export function parseDealSearch(params: URLSearchParams): DealSearch {
  return dealSearchSchema.parse({
    q: params.get("q") ?? "",
    source: params.get("source") ?? "all",
    page: params.get("page") ?? "1",
  });
}

/** Escape LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
