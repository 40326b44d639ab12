import { z } from "zod";
import { NETWORKS } from "#db/constants-cashback";
import { choice, searchText } from "#app/modules/admin/list-query";
import { CONVERSION_REVIEW_STATUSES } from "./review";

/** Largest network file an admin may upload on /admin/conversions. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const CONVERSION_ADMIN_MESSAGES = {
  network: "Choisissez un réseau.",
  file: "Choisissez un fichier à importer.",
  tooBig: "Le fichier dépasse 5 Mo : découpez l'export en plusieurs fichiers.",
  notText: "Ce fichier n'est pas un texte UTF-8 : importez l'export CSV, JSON ou XML du réseau tel quel.",
  nothingValid: "Aucune ligne du fichier n'a pu être importée.",
  importError: "L'import du fichier a échoué. Réessayez plus tard.",
  email: "Saisissez l'adresse e-mail du membre.",
  unknownMember: (email: string) => `Aucun membre n'a l'adresse « ${email} ».`,
  missing: "Cette conversion n'existe plus.",
  alreadyAttributed: "Cette conversion est déjà attribuée à un membre.",
  attributeError: "L'attribution a échoué. Réessayez plus tard.",
  commission: "Saisissez la commission en euros, par exemple 12,34.",
  alreadyEur: "Cette conversion est déjà en euros : aucune décision de change n'est nécessaire.",
  alreadyDecided: "La commission en euros de cette conversion a déjà été décidée.",
  fxError: "La décision n'a pas pu être enregistrée. Réessayez plus tard.",
  notHeld: "Cette conversion n'est pas en vérification.",
  reviewError: "L'approbation n'a pas pu être enregistrée. Réessayez plus tard.",
  unknownIntent: "Action inconnue.",
} as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

const conversionFiltersSchema = z.object({
  network: choice(NETWORKS),
  status: choice(["pending", "approved", "declined"] as const),
  attribution: choice(["attributed", "unattributed"] as const),
  currency: choice(["eur", "other"] as const),
  /** finance's review state (ADR 039) */
  review: choice(CONVERSION_REVIEW_STATUSES),
  /** transaction date, first and last day included (Paris days) */
  from: day,
  to: day,
  /** an order reference or a click id */
  q: searchText,
});

export type ConversionFilters = z.infer<typeof conversionFiltersSchema>;

/** The filters of a /admin/conversions URL. */
export function conversionFilters(url: URL | string): ConversionFilters {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  const raw: Record<string, string> = {};
  for (const key of ["network", "status", "attribution", "currency", "review", "from", "to", "q"]) {
    const v = params.get(key);
    if (v) raw[key] = v;
  }
  return conversionFiltersSchema.parse(raw);
}

export const networkSchema = z.enum(NETWORKS, { message: CONVERSION_ADMIN_MESSAGES.network });

export const attributeSchema = z.object({
  conversionId: z.uuid(CONVERSION_ADMIN_MESSAGES.missing),
  email: z.string({ message: CONVERSION_ADMIN_MESSAGES.email }).trim().min(3, CONVERSION_ADMIN_MESSAGES.email).max(254, CONVERSION_ADMIN_MESSAGES.email),
});

/** A EUR amount typed by an admin: "12,34", "12.34", "0.123456" → exact decimal text with a dot. */
const commissionEurSchema = z
  .string({ message: CONVERSION_ADMIN_MESSAGES.commission })
  .transform((v) => v.trim().replace(/\s/g, "").replace(",", "."))
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, CONVERSION_ADMIN_MESSAGES.commission));

export const fxSchema = z.object({
  conversionId: z.uuid(CONVERSION_ADMIN_MESSAGES.missing),
  commissionEur: commissionEurSchema,
});

export const reviewSchema = z.object({
  conversionId: z.uuid(CONVERSION_ADMIN_MESSAGES.missing),
});
