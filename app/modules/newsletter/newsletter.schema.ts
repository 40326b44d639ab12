import { z } from "zod";

export const NEWSLETTER_MESSAGES = {
  successTitle: "Inscription réussie !",
  successText: "Tu recevras désormais tous nos bons plans directement dans ta boîte mail.",
  errorTitle: "Erreur",
  errorText: "Une erreur est survenue lors de l'inscription à la newsletter.",
  emptyText: "Merci d'indiquer ton email pour t'inscrire.",
  invalidText: "L'adresse email n'est pas valide.",
} as const;

export const NEWSLETTER_SOURCES = ["home", "temu"] as const;

export const newsletterSchema = z.object({
  email: z
    .string({ message: NEWSLETTER_MESSAGES.emptyText })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.emptyText)
    .max(254, NEWSLETTER_MESSAGES.invalidText)
    .pipe(z.email(NEWSLETTER_MESSAGES.invalidText)),
  source: z.enum(NEWSLETTER_SOURCES).catch("home"),
  redirectTo: z.string().max(300).optional(),
});
