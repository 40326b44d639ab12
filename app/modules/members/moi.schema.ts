import { z } from "zod";

/** At most this many deal ids and code ids in one /api/moi request: a page shows fewer (a deals page: 24 cards). */
export const MOI_MAX_IDS = 60;

export const MOI_MESSAGES = {
  invalid: "Demande invalide : la liste d'identifiants est mal formée ou trop longue.",
} as const;

/** `deals=<id>,<id>` and `codes=<id>,<id>`: comma-separated UUIDs, each list optional and capped; `deal=<id>`: one UUID. */
const idList = z
  .string()
  .max(MOI_MAX_IDS * 37)
  .optional()
  .transform((value) => (value ? [...new Set(value.split(",").filter(Boolean))] : []))
  .pipe(z.array(z.string().uuid()).max(MOI_MAX_IDS));

const moiQuerySchema = z.object({
  deals: idList,
  codes: idList,
  // a deal page (`deal=<id>`): the member's own parts of it (comments, flags, report, author's and moderators' controls)
  deal: z.string().uuid().optional(),
  ...codesListQuery(),
});

export type MoiQuery = z.output<typeof moiQuerySchema>;

/** The query of /api/moi from a URL's search params, or null when it is malformed (400). */
export function parseMoiQuery(params: URLSearchParams): MoiQuery | null {
  const parsed = moiQuerySchema.safeParse({
    deals: params.get("deals") ?? undefined,
    codes: params.get("codes") ?? undefined,
    deal: params.get("deal") ?? undefined,
    liste: params.get("liste") ?? undefined,
    categorie: params.get("categorie") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * `liste=codes-promo` (with its `categorie=`): every code of « Mes codes promo », whose list may hold more than
 * MOI_MAX_IDS cards; the server reads the ids from the same list as the page (ADR 048). The page says so in its
 * `data-moi-list` attribute.
 */
function codesListQuery() {
  return { liste: z.literal("codes-promo").optional(), categorie: z.string().max(100).optional() };
}
