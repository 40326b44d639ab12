import { z } from "zod";
import { countOf, pluralForm, type PluralForms } from "#app/lib/plural";
import { plainText, requiredText } from "#app/modules/admin/form-helpers";
import { scheduleFields, scheduleOrder } from "#app/modules/schedule/schedule";
import { formatParis } from "#app/modules/settings/paris-time";
import { slugField } from "#app/modules/categories/category-form.schema";
import { foreignImageSources, HTML_IMAGE_MESSAGE } from "#app/modules/admin/image-url";
import { BIN_NOTICE } from "#app/modules/admin/history";

export const PAGE_MESSAGES = {
  title: "Le titre de la page est obligatoire.",
  slug: "Le slug de la page est obligatoire.",
  content: "Le contenu de la page est obligatoire.",
  metaHint: "Recommandé : entre 150 et 160 caractères.",
  bulk: {
    error: "Une erreur est survenue lors de la modification des pages.",
    none: "Aucune des pages sélectionnées n'existe encore.",
    done: {
      "bulk-publish": (n: number, result: { scheduled?: string[] } = {}) => bulkPublishedTitle(n, result.scheduled ?? []),
      "bulk-unpublish": (n: number) => countOf(n, { one: "page repassée en brouillon", other: "pages repassées en brouillon" }),
      "bulk-delete": (n: number) => countOf(n, { one: "page supprimée", other: "pages supprimées" }),
    },
  },
  bulkConfirm: {
    "bulk-publish": (n: number) => `Publier ${pluralForm(n, { one: "cette page", other: `ces ${n} pages` })} sur le site ?`,
    "bulk-unpublish": (n: number) =>
      `Repasser ${pluralForm(n, { one: "cette page", other: `ces ${n} pages` })} en brouillon ? ${pluralForm(n, { one: "Elle ne sera plus visible", other: "Elles ne seront plus visibles" })} que par les administrateurs.`,
    "bulk-delete": (n: number) => `Supprimer ${pluralForm(n, { one: "cette page", other: `ces ${n} pages` })} ? ${BIN_NOTICE}`,
  },
} as const;

const PAGE_PUBLISH_NOUNS = {
  published: { one: "page publiée", other: "pages publiées" },
  scheduled: { one: "page programmée", other: "pages programmées" },
};

/**
 * The title after a bulk publish (issue #37 item 9): the pages whose « Publier le » is still to
 * come are not live, they are scheduled, with their day (« 1 page programmée pour le 1er janvier 2030 »);
 * `scheduled` holds those pages' publish dates.
 */
export function bulkPublishedTitle(written: number, scheduled: readonly string[], nouns: { published: PluralForms; scheduled: PluralForms } = PAGE_PUBLISH_NOUNS): string {
  const parts: string[] = [];
  const live = written - scheduled.length;
  if (live > 0) parts.push(countOf(live, nouns.published));
  if (scheduled.length > 0) {
    const days = [...new Set([...scheduled].sort().map((at) => formatParis(at, "d MMMM yyyy")))];
    const when = days.length === 1 ? `pour le ${days[0]}` : days.length <= 3 ? `pour le ${days.slice(0, -1).join(", le ")} et le ${days.at(-1)}` : `à partir du ${days[0]}`;
    parts.push(`${countOf(scheduled.length, nouns.scheduled)} ${when}`);
  }
  return parts.join(", ");
}

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
