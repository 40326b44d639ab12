import { DEAL_MESSAGES } from "#app/modules/deals/deals.constants";

/** What the home page shows in place of a section whose query failed (ADR 006, Home sections). */
export const HOME_SECTION_ERRORS = {
  title: "Erreur",
  codes: "Impossible de récupérer les codes promo.",
  offers: "Impossible de récupérer les offres.",
  deals: `${DEAL_MESSAGES.errorTitle} ${DEAL_MESSAGES.errorHint}`,
} as const;
