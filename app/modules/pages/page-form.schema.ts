import { z } from "zod";
import { plainText, requiredText } from "../admin/form-helpers";
import { scheduleFields, scheduleOrder } from "../schedule/schedule";
import { slugField } from "../categories/category-form.schema";
import { foreignImageSources, HTML_IMAGE_MESSAGE } from "../admin/image-url";

export const PAGE_MESSAGES = {
  title: "Le titre de la page est obligatoire.",
  slug: "Le slug de la page est obligatoire.",
  content: "Le contenu de la page est obligatoire.",
  metaHint: "Recommandé : entre 150 et 160 caractères.",
  bulk: {
    error: "Une erreur est survenue lors de la modification des pages.",
    none: "Aucune des pages sélectionnées n'existe encore.",
    done: {
      "bulk-publish": (n: number) => (n > 1 ? `${n} pages publiées` : "1 page publiée"),
      "bulk-unpublish": (n: number) => (n > 1 ? `${n} pages repassées en brouillon` : "1 page repassée en brouillon"),
      "bulk-delete": (n: number) => (n > 1 ? `${n} pages supprimées` : "1 page supprimée"),
    },
  },
  bulkConfirm: {
    "bulk-publish": (n: number) => `Publier ${n > 1 ? `ces ${n} pages` : "cette page"} sur le site ?`,
    "bulk-unpublish": (n: number) => `Repasser ${n > 1 ? `ces ${n} pages` : "cette page"} en brouillon ? ${n > 1 ? "Elles ne seront" : "Elle ne sera"} plus visible${n > 1 ? "s" : ""} que par les administrateurs.`,
    "bulk-delete": (n: number) => `Supprimer définitivement ${n > 1 ? `ces ${n} pages` : "cette page"} ? Cette action est irréversible.`,
  },
} as const;

/** Checked in the spec's order: title, slug, content. */
export const pageFormSchema = z.object({
  id: z.uuid().optional(),
  title: requiredText(PAGE_MESSAGES.title, 200),
  slug: slugField(PAGE_MESSAGES.slug),
  content: z
    .string({ message: PAGE_MESSAGES.content })
    .trim()
    .min(1, PAGE_MESSAGES.content)
    .max(100_000)
    .refine((html) => foreignImageSources(html).length === 0, HTML_IMAGE_MESSAGE),
  metaDescription: z
    .string()
    .max(320, "La meta description ne doit pas dépasser 320 caractères.")
    .optional()
    .transform((v) => (v ? plainText(v) || null : null)),
  // the product spec has no control for it (every page is published); we add one so a
  // page can be prepared as a draft. Absent means published, as in the spec.
  status: z.enum(["published", "draft"]).catch("published"),
  ...scheduleFields,
}).superRefine(scheduleOrder);

/** First missing field's message, in the spec's order (title, slug, content). */
export function firstPageError(errors: Record<string, string[] | null | undefined> | undefined): string | null {
  for (const field of ["title", "slug", "content"]) {
    const e = errors?.[field]?.[0];
    if (e) return e;
  }
  return null;
}
