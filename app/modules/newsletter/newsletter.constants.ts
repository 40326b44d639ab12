// Copy of the newsletter block, free of zod so public pages do not ship it.
export const NEWSLETTER_MESSAGES = {
  successTitle: "Inscription réussie !",
  successText: "Tu recevras désormais tous nos bons plans directement dans ta boîte mail.",
  errorTitle: "Erreur",
  errorText: "Une erreur est survenue lors de l'inscription à la newsletter.",
  emptyText: "Merci d'indiquer ton email pour t'inscrire.",
  invalidText: "L'adresse email n'est pas valide.",
} as const;

export const NEWSLETTER_SOURCES = ["home", "temu"] as const;
