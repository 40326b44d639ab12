import { z } from "zod";
import { BADGE_TYPES } from "../../../db/constants";
import { checkbox, optionalText, optionalUrl, optionalUuid, plainText, requiredText, requiredUrl } from "../admin/form-helpers";

export const DEAL_FORM_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde du deal.",
  deleteError: "Une erreur est survenue lors de la suppression du deal.",
  confirmDelete: (title: string) => `Êtes-vous sûr de vouloir supprimer le deal "${title}" ? Cette action est irréversible.`,
} as const;

export const dealFormSchema = z.object({
  id: z.uuid().optional(),
  title: requiredText("Le titre est obligatoire.", 200),
  description: requiredText("La description est obligatoire.", 2000),
  price: requiredText("Le prix est obligatoire.", 40),
  originalPrice: optionalText(40),
  imageUrl: optionalUrl,
  source: requiredText("La source est obligatoire.", 60),
  badgeText: requiredText("Le texte du badge est obligatoire.", 40),
  badgeType: z.enum(BADGE_TYPES, { message: "Le type de badge doit être hot, risky ou fun." }).catch("hot"),
  ctaText: z
    .string()
    .max(60)
    .optional()
    .transform((v) => (v ? plainText(v) : "") || "Voir le deal"),
  url: requiredUrl("Le lien est obligatoire."),
  brandId: optionalUuid,
  isFeatured: checkbox,
});
