import { z } from "zod";
import { optionalText, requiredText } from "#app/modules/admin/form-helpers";
import { optionalImageUrl } from "#app/modules/admin/image-url";
import { countOf, pluralForm } from "#app/lib/plural";
import { BIN_NOTICE } from "#app/modules/admin/history";

export const CATEGORY_MESSAGES = {
  name: "Le nom de la catégorie est obligatoire.",
  slug: "Le slug de la catégorie est obligatoire.",
  required: "Champ requis",
  bulk: {
    error: "Une erreur est survenue lors de la suppression des catégories.",
    none: "Aucune des catégories sélectionnées n'existe encore.",
    done: { "bulk-delete": (n: number) => countOf(n, { one: "catégorie supprimée", other: "catégories supprimées" }) },
  },
  bulkConfirm: (n: number) =>
    `Supprimer ${pluralForm(n, { one: "cette catégorie", other: `ces ${n} catégories` })} ? Leurs marques restent, sans catégorie, et la retrouvent si elles sont restaurées. ${BIN_NOTICE}`,
} as const;

const slug = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets.");

export const categoryFormSchema = z.object({
  id: z.uuid().optional(),
  name: requiredText(CATEGORY_MESSAGES.name, 80),
  slug: slug(CATEGORY_MESSAGES.slug),
  description: optionalText(1000),
  imageUrl: optionalImageUrl,
});

export { slug as slugField };
