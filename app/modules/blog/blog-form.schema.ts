import { z } from "zod";
import { countOf, pluralForm } from "#app/lib/plural";
import { BIN_NOTICE } from "#app/modules/admin/history";
import { optionalText, requiredText } from "#app/modules/admin/form-helpers";
import { UNKNOWN_PUBLICATION_STATUS } from "#app/modules/admin/publication";
import { foreignImageSources, HTML_IMAGE_MESSAGE, optionalImageUrl } from "#app/modules/admin/image-url";
import { slugField } from "#app/modules/categories/category-form.schema";
import { bulkPublishedTitle } from "#app/modules/pages/page-form.schema";
import { scheduleFields, scheduleOrder } from "#app/modules/schedule/schedule";
import { SLUG_SHAPE } from "#app/lib/site";

/** The blog's categories (public-site spec; the database checks them too). */
export const BLOG_CATEGORIES = ["Décryptage", "Bons plans", "Science", "Témoignage", "Conseils", "Guides"] as const;

/** An article's key as posted by the list (its slug): what the row's id is. */
export const articleKey = z.string().trim().regex(SLUG_SHAPE, "La sélection contient un élément inconnu.");

const these = (n: number) => pluralForm(n, { one: "cet article", other: `ces ${n} articles` });

export const BLOG_MESSAGES = {
  title: "Le titre de l'article est obligatoire.",
  slug: "Le slug de l'article est obligatoire.",
  category: "Choisissez une catégorie de la liste.",
  author: "L'auteur de l'article est obligatoire.",
  excerpt: "L'extrait de l'article est obligatoire.",
  body: "Le contenu de l'article est obligatoire.",
  cover: "L'image de couverture est obligatoire : téléchargez une image.",
  status: UNKNOWN_PUBLICATION_STATUS,
  slugTaken: "Ce slug est déjà celui d'un autre article.",
  seoHint: "Vide : le titre de l'article. Recommandé : 60 caractères au plus.",
  seoDescriptionHint: "Vide : l'extrait. Recommandé : entre 150 et 160 caractères.",
  bulk: {
    error: "Une erreur est survenue lors de la modification des articles.",
    none: "Aucun des articles sélectionnés n'existe encore.",
    done: {
      "bulk-publish": (n: number, result: { scheduled?: string[] } = {}) =>
        bulkPublishedTitle(n, result.scheduled ?? [], {
          published: { one: "article publié", other: "articles publiés" },
          scheduled: { one: "article programmé", other: "articles programmés" },
        }),
      "bulk-unpublish": (n: number) => countOf(n, { one: "article repassé en brouillon", other: "articles repassés en brouillon" }),
      "bulk-delete": (n: number) => countOf(n, { one: "article supprimé", other: "articles supprimés" }),
    },
  },
  bulkConfirm: {
    "bulk-publish": (n: number) => `Publier ${these(n)} sur le blog ?`,
    "bulk-unpublish": (n: number) =>
      `Repasser ${these(n)} en brouillon ? ${pluralForm(n, { one: "Il ne sera plus visible", other: "Ils ne seront plus visibles" })} que par l'équipe.`,
    "bulk-delete": (n: number) => `Supprimer ${these(n)} ? ${BIN_NOTICE}`,
  },
} as const;

/** The article's edit form (and each row of a CSV import, ADR 029): checked in the order of the form. */
export const blogFormSchema = z
  .object({
    /** the article's current slug when editing (its key) */
    id: articleKey.optional(),
    title: requiredText(BLOG_MESSAGES.title, 200),
    slug: slugField(BLOG_MESSAGES.slug),
    category: z.enum(BLOG_CATEGORIES, { message: BLOG_MESSAGES.category }),
    author: requiredText(BLOG_MESSAGES.author, 120),
    excerpt: requiredText(BLOG_MESSAGES.excerpt, 500),
    imageUrl: optionalImageUrl.refine((v) => v !== null, BLOG_MESSAGES.cover).transform((v) => v ?? ""),
    body: z
      .string({ message: BLOG_MESSAGES.body })
      .trim()
      .min(1, BLOG_MESSAGES.body)
      .max(200_000, "Le contenu ne doit pas dépasser 200 000 caractères.")
      .refine((html) => foreignImageSources(html).length === 0, HTML_IMAGE_MESSAGE),
    seoTitle: optionalText(120),
    seoDescription: optionalText(320),
    status: z.enum(["published", "draft"], { message: BLOG_MESSAGES.status }),
    ...scheduleFields,
  })
  .superRefine(scheduleOrder);

export type BlogFormInput = z.output<typeof blogFormSchema>;
