// Copy of the newsletter block, free of zod so public pages do not ship it.
export const NEWSLETTER_MESSAGES = {
  // double opt-in (issue 10, item 15): nothing is subscribed before the owner confirms
  successTitle: "Plus qu'une étape !",
  successText: "Vérifie ta boîte mail : clique sur le lien que nous venons de t'envoyer pour confirmer ton inscription.",
  confirmedTitle: "Inscription réussie !",
  confirmedText: "Tu recevras désormais tous nos bons plans directement dans ta boîte mail.",
  errorTitle: "Erreur",
  errorText: "Une erreur est survenue lors de l'inscription à la newsletter.",
  emptyText: "Merci d'indiquer ton email pour t'inscrire.",
  invalidText: "L'adresse email n'est pas valide.",
} as const;

export const NEWSLETTER_SOURCES = ["home", "temu"] as const;
