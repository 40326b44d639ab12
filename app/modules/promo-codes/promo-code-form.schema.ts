import { z } from "zod";
import { countOf, pluralForm } from "#app/lib/plural";
import { parisEndOfDay } from "#app/modules/settings/paris-time";
import { checkbox, optionalText, optionalUrl, requiredText, uuidField } from "#app/modules/admin/form-helpers";

import { scheduleFields, scheduleOrder } from "#app/modules/schedule/schedule";
import { draftStatusField } from "#app/modules/admin/publication";
import { PROMO_EXTEND_DAYS } from "./promo-code-list";
import { BIN_NOTICE } from "#app/modules/admin/history";
import { bulkPublishedTitle } from "#app/modules/pages/page-form.schema";

export const PROMO_MESSAGES = {
  brand: "La marque est obligatoire.",
  code: "Le code est obligatoire.",
  discount: "Le montant de réduction est obligatoire.",
  date: "La date d'expiration n'est pas valide.",
  saveError: "Une erreur est survenue lors de la sauvegarde du code promo.",
  deleteError: "Une erreur est survenue lors de la suppression du code promo.",
  confirmDelete: (code: string) => `Supprimer le code promo "${code}" ? ${BIN_NOTICE}`,
  bulk: {
    error: "Une erreur est survenue lors de l'action groupée sur les codes promo.",
    none: "Aucun des codes promo sélectionnés n'existe encore.",
    done: {
      "bulk-delete": (n: number) => countOf(n, { one: "code promo supprimé", other: "codes promo supprimés" }),
      "bulk-feature": (n: number) => countOf(n, { one: "code promo mis en avant", other: "codes promo mis en avant" }),
      "bulk-unfeature": (n: number) => countOf(n, { one: "code promo retiré de la une", other: "codes promo retirés de la une" }),
      "bulk-extend": (n: number) => countOf(n, { one: "code promo prolongé", other: "codes promo prolongés" }),
      "bulk-publish": (n: number, result: { scheduled?: string[] } = {}) =>
        bulkPublishedTitle(n, result.scheduled ?? [], { published: { one: "code promo publié", other: "codes promo publiés" }, scheduled: { one: "code promo programmé", other: "codes promo programmés" } }),
      "bulk-unpublish": (n: number) => countOf(n, { one: "code promo repassé en brouillon", other: "codes promo repassés en brouillon" }),
    },
  },
  bulkConfirm: {
    "bulk-delete": (n: number) => `Supprimer ${pluralForm(n, { one: "ce code promo", other: `ces ${n} codes promo` })} ? ${BIN_NOTICE}`,
    "bulk-feature": (n: number) => `Mettre ${pluralForm(n, { one: "ce code promo", other: `ces ${n} codes promo` })} en avant sur la page d'accueil ?`,
    "bulk-unfeature": (n: number) => `Retirer ${pluralForm(n, { one: "ce code promo", other: `ces ${n} codes promo` })} de la page d'accueil ?`,
    "bulk-publish": (n: number) => `Publier ${pluralForm(n, { one: "ce code promo", other: `ces ${n} codes promo` })} sur le site ? Un code programmé n'apparaît qu'à partir de sa date « Publier le ».`,
    "bulk-unpublish": (n: number) => `Repasser ${pluralForm(n, { one: "ce code promo", other: `ces ${n} codes promo` })} en brouillon ? ${pluralForm(n, { one: "Il ne sera plus visible", other: "Ils ne seront plus visibles" })} que par l'équipe.`,
    "bulk-extend": (n: number) => `Prolonger de ${PROMO_EXTEND_DAYS} jours ${pluralForm(n, { one: "ce code promo", other: `ces ${n} codes promo` })} ? Les codes sans date d'expiration ne changent pas.`,
  },
} as const;

export const promoCodeFormSchema = z.object({
  id: z.uuid().optional(),
  brandId: uuidField(PROMO_MESSAGES.brand),
  code: requiredText(PROMO_MESSAGES.code, 60),
  discountAmount: requiredText(PROMO_MESSAGES.discount, 40),
  description: optionalText(500),
  category: optionalText(80),
  url: optionalUrl,
  expiresAt: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || !v.trim()) return null;
      // a day typed in the back office is a Paris day: the code lasts until its end in Paris
      const d = parisEndOfDay(v);
      if (!d || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) {
        ctx.addIssue({ code: "custom", message: PROMO_MESSAGES.date });
        return z.NEVER;
      }
      return d;
    }),
  isFeatured: checkbox,
  ...scheduleFields,
  ...draftStatusField,
}).superRefine(scheduleOrder);
