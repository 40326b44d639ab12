import { z } from "zod";

export const DEAL_SOURCES = ["temu", "shein", "aliexpress"] as const;
export type DealSource = (typeof DEAL_SOURCES)[number];
export const DEALS_PAGE_SIZE = 24;
export const DEALS_SKELETON_COUNT = 6;
export const FEATURED_DEALS_LIMIT = 3;

export const DEAL_MESSAGES = {
  errorTitle: "Oups, une erreur s'est produite lors du chargement des deals.",
  errorHint: "Essaie de rafraîchir la page ou reviens plus tard.",
  emptyTitle: "Aucun deal ne correspond à ta recherche.",
  emptyHint: "Essaie avec d'autres termes ou filtre.",
  homeEmpty: "Aucun deal disponible pour le moment.",
  searchPlaceholder: "Recherche par nom ou description...",
} as const;

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
