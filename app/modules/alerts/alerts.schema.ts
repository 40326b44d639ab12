import { z } from "zod";
import { parsePriceCents } from "#app/modules/deals/posting.schema";
import { ALERT_QUERY_MAX_LENGTH, parseAlertQuery } from "./alert-query";

/** Deal alerts (« Mes alertes », issue #15 item 7): copy and the one schema of the browser and the server. */

export const MAX_ALERTS_PER_MEMBER = 20;
export const ALERT_MIN_TEMPERATURES = [0, 50, 100, 200] as const;
export const ALERT_FREQUENCIES = { instant: "Tout de suite (au plus un e-mail toutes les 15 minutes)", daily: "Un résumé par jour, le matin" } as const;
export type AlertFrequency = keyof typeof ALERT_FREQUENCIES;
export { ALERTS_PATH } from "./alerts.constants";

export const ALERT_MESSAGES = {
  queryRequired: "Indique au moins un mot-clé, par exemple « casque sony ».",
  queryTooLong: `Les mots-clés ne doivent pas dépasser ${ALERT_QUERY_MAX_LENGTH} caractères.`,
  queryOnlyExclusions: "Indique au moins un mot que le deal doit contenir (les mots précédés d'un « - » sont exclus).",
  queryEmpty: "Ces mots sont trop courants pour une alerte (« le », « de », « pour »…) : ajoute un mot plus précis, comme une marque ou un produit.",
  maxPriceInvalid: "Le prix maximum doit être un montant en euros, par exemple 150 ou 49,99.",
  temperatureInvalid: "Choisis une température minimale dans la liste.",
  frequencyInvalid: "Choisis quand recevoir les e-mails.",
  brandMissing: "Ce marchand n'existe pas (ou plus) : choisis-en un dans la liste.",
  categoryMissing: "Cette catégorie n'existe pas (ou plus) : choisis-en une dans la liste.",
  limitReached: `Tu as déjà ${MAX_ALERTS_PER_MEMBER} alertes : supprime-en une pour en créer une nouvelle.`,
  rateLimited: "Tu as créé beaucoup d'alertes en peu de temps. Réessaie dans une heure.",
  alertMissing: "Cette alerte n'existe pas (ou plus).",
  invalid: "Demande invalide.",
  created: "Alerte créée : on t'écrit dès qu'un deal correspond.",
  updated: "Alerte modifiée.",
  paused: "Alerte mise en pause.",
  resumed: "Alerte réactivée.",
  deleted: "Alerte supprimée.",
} as const;

/** Conform reads an empty field as missing: none chosen is null. */
const optionalId = (message: string) =>
  z
    .uuid(message)
    .optional()
    .transform((v) => v ?? null);

/** Create (no id) or edit (id) an alert. */
export const alertFormSchema = z.object({
  id: z.uuid(ALERT_MESSAGES.alertMissing).optional(),
  query: z
    .string({ message: ALERT_MESSAGES.queryRequired })
    .trim()
    .min(1, ALERT_MESSAGES.queryRequired)
    .max(ALERT_QUERY_MAX_LENGTH, ALERT_MESSAGES.queryTooLong)
    .superRefine((v, ctx) => {
      const parsed = parseAlertQuery(v);
      if (parsed.include.length === 0) ctx.addIssue({ code: "custom", message: parsed.exclude.length ? ALERT_MESSAGES.queryOnlyExclusions : ALERT_MESSAGES.queryRequired });
    }),
  brandId: optionalId(ALERT_MESSAGES.brandMissing),
  categoryId: optionalId(ALERT_MESSAGES.categoryMissing),
  maxPrice: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || !v.trim()) return null;
      const cents = parsePriceCents(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: ALERT_MESSAGES.maxPriceInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  minTemperature: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : 0))
    .pipe(z.union(ALERT_MIN_TEMPERATURES.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<50>, z.ZodLiteral<100>, z.ZodLiteral<200>], { message: ALERT_MESSAGES.temperatureInvalid })),
  frequency: z.enum(Object.keys(ALERT_FREQUENCIES) as [AlertFrequency, ...AlertFrequency[]], { message: ALERT_MESSAGES.frequencyInvalid }).default("instant"),
});
export type AlertInput = z.output<typeof alertFormSchema>;

/** Pause, resume or delete one of the member's alerts. */
export const alertCommandSchema = z.object({
  intent: z.enum(["pause", "resume", "delete"]),
  id: z.uuid(),
});
