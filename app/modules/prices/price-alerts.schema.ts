import { z } from "zod";
import { parsePriceCents } from "#app/modules/deals/posting.schema";
import { MAX_PRICE_ALERT_THRESHOLD_CENTS, MAX_PRICE_ALERTS_PER_MEMBER, PRICE_ALERT_INTENT } from "./price-alerts";

/** Price alerts (issue #39 item 5): copy and the server's schemas (the forms are plain HTML: no zod in the browser). */

export const PRICE_ALERT_MESSAGES = {
  thresholdInvalid: "Indique un prix en euros, par exemple 40 ou 39,99.",
  thresholdRange: "Le prix doit être compris entre 0,01 € et 100 000 €.",
  noProduct: "Ce lien ne mène à aucun produit dont on peut suivre le prix.",
  limitReached: `Tu suis déjà ${MAX_PRICE_ALERTS_PER_MEMBER} produits : supprime une alerte de prix pour en suivre un autre.`,
  rateLimited: "Tu as enregistré beaucoup d'alertes de prix en peu de temps. Réessaie dans une heure.",
  alertMissing: "Cette alerte de prix n'existe pas (ou plus).",
  invalid: "Demande invalide.",
  updated: "Seuil modifié.",
  paused: "Alerte de prix mise en pause.",
  resumed: "Alerte de prix réactivée.",
  deleted: "Alerte de prix supprimée.",
} as const;

/** « C'est noté : on te prévient dès que le prix passe sous 40 €. » */
export const followedMessage = (threshold: string) => `C'est noté : on te prévient dès que le prix passe sous ${threshold}.`;

/** A threshold typed in euros (« 40 », « 39,99 », « 40 € ») → cents. */
const thresholdSchema = z
  .string({ message: PRICE_ALERT_MESSAGES.thresholdInvalid })
  .transform((v, ctx) => {
    const cents = parsePriceCents(v.trim());
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: PRICE_ALERT_MESSAGES.thresholdInvalid });
      return z.NEVER;
    }
    if (cents <= 0 || cents > MAX_PRICE_ALERT_THRESHOLD_CENTS) {
      ctx.addIssue({ code: "custom", message: PRICE_ALERT_MESSAGES.thresholdRange });
      return z.NEVER;
    }
    return cents;
  });

/** The deal page's « Préviens-moi sous … € ». */
export const followPriceSchema = z.object({
  intent: z.literal(PRICE_ALERT_INTENT),
  threshold: thresholdSchema,
});

/** /mes-alertes: a price alert's new threshold, pause, resume or delete. */
export const priceAlertCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("price-threshold"), id: z.uuid(PRICE_ALERT_MESSAGES.alertMissing), threshold: thresholdSchema }),
  z.object({ intent: z.enum(["price-pause", "price-resume", "price-delete"]), id: z.uuid(PRICE_ALERT_MESSAGES.alertMissing) }),
]);
export type PriceAlertCommand = z.output<typeof priceAlertCommandSchema>;
