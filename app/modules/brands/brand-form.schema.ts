import { z } from "zod";
import { countOf, pluralForm } from "#app/lib/plural";
import { optionalText, optionalUrl, requiredText } from "#app/modules/admin/form-helpers";
import { optionalImageUrl } from "#app/modules/admin/image-url";
import { slugField } from "#app/modules/categories/category-form.schema";
import { BIN_NOTICE } from "#app/modules/admin/history";
import { checkoutSelectorsSchema } from "#app/modules/extension/extension.schema";

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

/** « Tester les codes » needs the coupon field, the apply button and the total: the three are set together or not at all, and any other field needs them. */
const CHECKOUT_REQUIRED = ["couponInput", "applyButton", "total"] as const;

export const CHECKOUT_SELECTOR_MESSAGES = {
  together: "Le champ du code promo, le bouton Appliquer et le total de la commande vont ensemble : renseignez les trois, ou aucun.",
} as const;

/** The fieldset « Page de paiement (extension) » of the brand form: its fields in order, with their labels and hints. */
export const CHECKOUT_SELECTOR_FIELDS = [
  { key: "couponInput", label: "Champ du code promo", hint: "Le champ où l'on saisit le code (ex. #code-promo)." },
  { key: "applyButton", label: "Bouton Appliquer", hint: "Le bouton qui applique le code saisi (ex. form.coupon button[type=submit])." },
  { key: "total", label: "Total de la commande", hint: "L'élément qui affiche le montant à payer (ex. .order-total)." },
  { key: "couponError", label: "Message de code refusé", hint: "Facultatif : le message affiché quand la boutique refuse un code." },
  { key: "errorPage", label: "Page d'erreur", hint: "Facultatif : un élément que seule la page d'erreur de la boutique affiche ; le test s'y arrête." },
  {
    key: "removeCoupon",
    label: "Bouton Retirer le code",
    hint: "Facultatif, pour une boutique qui cumule les codes : le bouton qui retire un code appliqué ; l'extension retire chaque code testé avant le suivant.",
  },
] as const;

/** Blank fields are no selector (a field of spaces included), so the object holds only the filled ones. */
const filledOnly = (value: unknown) =>
  value && typeof value === "object" ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== "string" || v.trim() !== "")) : value;

/**
 * The « Page de paiement (extension) » fieldset (issue #40 item 6, ADR 050 §Codes at checkout), posted as
 * `checkoutSelectors.couponInput` and so on: `checkoutSelectorsSchema` with every field optional, the three that
 * « Tester les codes » needs set together, and null when none is filled (brands.checkout_selectors holds only the
 * filled fields).
 */
const checkoutSelectorsFormSchema = z
  .preprocess(filledOnly, checkoutSelectorsSchema.partial().optional())
  .superRefine((value, ctx) => {
    const missing = CHECKOUT_REQUIRED.filter((field) => !value?.[field]);
    // an optional selector alone (the coupon error, the error page, the remove button) is no checkout either
    if (value && Object.keys(value).length > 0 && missing.length > 0) {
      for (const field of missing) ctx.addIssue({ code: "custom", path: [field], message: CHECKOUT_SELECTOR_MESSAGES.together });
    }
  })
  .transform((value) => (value && Object.keys(value).length > 0 ? value : null));

export const brandFormSchema = z.object({
  id: z.uuid().optional(),
  name: requiredText("Le nom de la marque est obligatoire.", 120),
  slug: slugField("Le slug de la marque est obligatoire."),
  category: optionalText(80),
  description: optionalText(1000),
  imageUrl: optionalImageUrl,
  websiteUrl: optionalUrl,
  checkoutSelectors: checkoutSelectorsFormSchema,
  // no "max discount" field: the public "Jusqu'à -X %" comes from the brand's live codes and deals (issue #11);
  // no cashback field: the rate comes from the brand's programmes (issue #34)
});
