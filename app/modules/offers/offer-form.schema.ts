import { z } from "zod";
import { scheduleFields, scheduleOrder } from "../schedule/schedule";
import { checkbox, optionalText, optionalUrl, requiredText, uuidField } from "../admin/form-helpers";
import { optionalImageUrl } from "../admin/image-url";

export const OFFER_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde de l'offre.",
  deleteError: "Une erreur est survenue lors de la suppression de l'offre.",
  confirmDelete: (name: string) => `Supprimer définitivement l'offre "${name}" ? Cette action est irréversible.`,
  bulk: {
    error: "Une erreur est survenue lors de l'action groupée sur les offres.",
    none: "Aucune des offres sélectionnées n'existe encore.",
    done: {
      "bulk-delete": (n: number) => (n > 1 ? `${n} offres supprimées` : "1 offre supprimée"),
      "bulk-feature": (n: number) => (n > 1 ? `${n} offres mises en avant` : "1 offre mise en avant"),
      "bulk-unfeature": (n: number) => (n > 1 ? `${n} offres retirées de la une` : "1 offre retirée de la une"),
    },
  },
  bulkConfirm: {
    "bulk-delete": (n: number) => `Supprimer définitivement ${n > 1 ? `ces ${n} offres` : "cette offre"} ? Cette action est irréversible.`,
    "bulk-feature": (n: number) => `Mettre ${n > 1 ? `ces ${n} offres` : "cette offre"} en avant sur la page d'accueil ?`,
    "bulk-unfeature": (n: number) => `Retirer ${n > 1 ? `ces ${n} offres` : "cette offre"} de la page d'accueil ?`,
  },
} as const;

export const offerFormSchema = z.object({
  id: z.uuid().optional(),
  brandId: uuidField("La marque est obligatoire."),
  name: requiredText("Le nom du produit est obligatoire.", 200),
  regularPrice: requiredText("Le prix est obligatoire.", 40),
  category: optionalText(80),
  tag: optionalText(40),
  imageUrl: optionalImageUrl,
  url: optionalUrl,
  isFeatured: checkbox,
  ...scheduleFields,
}).superRefine(scheduleOrder);
