import { z } from "zod";
import { checkbox, optionalText, optionalUrl, requiredText, uuidField } from "../admin/form-helpers";

export const OFFER_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde de l'offre.",
  deleteError: "Une erreur est survenue lors de la suppression de l'offre.",
  confirmDelete: (name: string) => `Êtes-vous sûr de vouloir supprimer l'offre "${name}" ? Cette action est irréversible.`,
} as const;

export const offerFormSchema = z.object({
  id: z.uuid().optional(),
  brandId: uuidField("La marque est obligatoire."),
  name: requiredText("Le nom du produit est obligatoire.", 200),
  regularPrice: requiredText("Le prix est obligatoire.", 40),
  cashbackPercent: z.coerce
    .number({ message: "Le cashback doit être un nombre." })
    .min(0, "Le cashback doit être compris entre 0 et 100.")
    .max(100, "Le cashback doit être compris entre 0 et 100."),
  category: optionalText(80),
  tag: optionalText(40),
  imageUrl: optionalUrl,
  url: optionalUrl,
  isFeatured: checkbox,
});
