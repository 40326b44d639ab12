import { z } from "zod";
import { countOf, pluralForm } from "~/lib/plural";
import { optionalText, optionalUrl, requiredText } from "../admin/form-helpers";
import { optionalImageUrl } from "../admin/image-url";
import { slugField } from "../categories/category-form.schema";
import { BIN_NOTICE } from "~/modules/admin/history";

export const BRAND_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde de la marque.",
  deleteError: "Une erreur est survenue lors de la suppression de la marque.",
  confirmDelete: (name: string) =>
    `Supprimer la marque "${name}" ? Toutes les offres et tous les codes promo associés seront également supprimés, et restaurés avec elle. ${BIN_NOTICE}`,
  bulk: {
    error: "Une erreur est survenue lors de la suppression des marques.",
    none: "Aucune des marques sélectionnées n'existe encore.",
    done: { "bulk-delete": (n: number) => countOf(n, { one: "marque supprimée", other: "marques supprimées" }) },
  },
  bulkConfirm: (n: number) =>
    `Supprimer ${pluralForm(n, { one: "cette marque", other: `ces ${n} marques` })} ? Toutes leurs offres et tous leurs codes promo seront également supprimés, et restaurés avec elles. ${BIN_NOTICE}`,
} as const;

export const brandFormSchema = z.object({
  id: z.uuid().optional(),
  name: requiredText("Le nom de la marque est obligatoire.", 120),
  slug: slugField("Le slug de la marque est obligatoire."),
  category: optionalText(80),
  description: optionalText(1000),
  imageUrl: optionalImageUrl,
  websiteUrl: optionalUrl,
  // no "max discount" field: the public "Jusqu'à -X %" comes from the brand's live codes and deals (issue #11);
  // no cashback field: the rate comes from the brand's programmes (issue #34)
});
