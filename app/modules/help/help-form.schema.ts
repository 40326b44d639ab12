import { z } from "zod";
import { foreignImageSources, HTML_IMAGE_MESSAGE } from "#app/modules/admin/image-url";
import { requiredText } from "#app/modules/admin/form-helpers";
import { slugField } from "#app/modules/categories/category-form.schema";
import { HELP_SECTIONS } from "./help.constants";

export const HELP_MESSAGES = {
  title: "Le titre de l'article est obligatoire.",
  slug: "Le slug de l'article est obligatoire.",
  section: "Choisissez une rubrique.",
  summary: "Le résumé de l'article est obligatoire.",
  body: "Le contenu de l'article est obligatoire.",
  position: "L'ordre doit être un nombre entier entre 0 et 999.",
  saveFailed: "L'article n'a pas pu être enregistré.",
  deleteFailed: "Impossible de supprimer l'article.",
  missing: "Cet article n'existe plus.",
} as const;

/** An article of the help centre as /admin/aide saves it (checked in the form's order). */
export const helpArticleFormSchema = z.object({
  id: z.uuid().optional(),
  title: requiredText(HELP_MESSAGES.title, 200),
  slug: slugField(HELP_MESSAGES.slug),
  section: z.enum(HELP_SECTIONS, { message: HELP_MESSAGES.section }),
  summary: requiredText(HELP_MESSAGES.summary, 300),
  body: z
    .string({ message: HELP_MESSAGES.body })
    .trim()
    .min(1, HELP_MESSAGES.body)
    .max(100_000)
    .refine((html) => foreignImageSources(html).length === 0, HTML_IMAGE_MESSAGE),
  position: z.coerce.number({ message: HELP_MESSAGES.position }).int(HELP_MESSAGES.position).min(0, HELP_MESSAGES.position).max(999, HELP_MESSAGES.position),
  status: z.enum(["published", "draft"]).catch("published"),
});

export type HelpArticleInput = z.output<typeof helpArticleFormSchema>;

/** The first field in error, in the form's order. */
export function firstHelpError(errors: Record<string, string[] | null | undefined> | undefined): string | null {
  for (const field of ["title", "slug", "section", "summary", "body", "position"]) {
    const e = errors?.[field]?.[0];
    if (e) return e;
  }
  return null;
}
