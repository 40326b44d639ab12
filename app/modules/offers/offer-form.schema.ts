import { z } from "zod";
import { countOf, pluralForm } from "#app/lib/plural";
import { scheduleFields, scheduleOrder } from "#app/modules/schedule/schedule";
import { draftStatusField } from "#app/modules/admin/publication";
import { checkbox, optionalText, optionalUrl, requiredText, uuidField } from "#app/modules/admin/form-helpers";
import { optionalImageUrl } from "#app/modules/admin/image-url";
import { BIN_NOTICE } from "#app/modules/admin/history";
import { bulkPublishedTitle } from "#app/modules/pages/page-form.schema";

export const OFFER_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde de l'offre.",
  deleteError: "Une erreur est survenue lors de la suppression de l'offre.",
  confirmDelete: (name: string) => `Supprimer l'offre "${name}" ? ${BIN_NOTICE}`,
  bulk: {
    error: "Une erreur est survenue lors de l'action groupée sur les offres.",
    none: "Aucune des offres sélectionnées n'existe encore.",
    done: {
      "bulk-delete": (n: number) => countOf(n, { one: "offre supprimée", other: "offres supprimées" }),
      "bulk-feature": (n: number) => countOf(n, { one: "offre mise en avant", other: "offres mises en avant" }),
      "bulk-unfeature": (n: number) => countOf(n, { one: "offre retirée de la une", other: "offres retirées de la une" }),
      "bulk-publish": (n: number, result: { scheduled?: string[] } = {}) =>
        bulkPublishedTitle(n, result.scheduled ?? [], { published: { one: "offre publiée", other: "offres publiées" }, scheduled: { one: "offre programmée", other: "offres programmées" } }),
      "bulk-unpublish": (n: number) => countOf(n, { one: "offre repassée en brouillon", other: "offres repassées en brouillon" }),
    },
  },
  bulkConfirm: {
    "bulk-delete": (n: number) => `Supprimer ${pluralForm(n, { one: "cette offre", other: `ces ${n} offres` })} ? ${BIN_NOTICE}`,
    "bulk-feature": (n: number) => `Mettre ${pluralForm(n, { one: "cette offre", other: `ces ${n} offres` })} en avant sur la page d'accueil ?`,
    "bulk-unfeature": (n: number) => `Retirer ${pluralForm(n, { one: "cette offre", other: `ces ${n} offres` })} de la page d'accueil ?`,
    "bulk-publish": (n: number) => `Publier ${pluralForm(n, { one: "cette offre", other: `ces ${n} offres` })} sur le site ? Une offre programmée n'apparaît qu'à partir de sa date « Publier le ».`,
    "bulk-unpublish": (n: number) => `Repasser ${pluralForm(n, { one: "cette offre", other: `ces ${n} offres` })} en brouillon ? ${pluralForm(n, { one: "Elle ne sera plus visible", other: "Elles ne seront plus visibles" })} que par l'équipe.`,
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
  ...draftStatusField,
}).superRefine(scheduleOrder);
