import { z } from "zod";
import { parisEndOfDay } from "../settings/paris-time";
import { checkbox, optionalText, optionalUrl, requiredText, uuidField } from "../admin/form-helpers";

export const PROMO_MESSAGES = {
  brand: "La marque est obligatoire.",
  code: "Le code est obligatoire.",
  discount: "Le montant de réduction est obligatoire.",
  date: "La date d'expiration n'est pas valide.",
  saveError: "Une erreur est survenue lors de la sauvegarde du code promo.",
  deleteError: "Une erreur est survenue lors de la suppression du code promo.",
  confirmDelete: (code: string) => `Êtes-vous sûr de vouloir supprimer le code promo "${code}" ? Cette action est irréversible.`,
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
});
