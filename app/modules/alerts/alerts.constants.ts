/** Paths of the deal alerts, for pages that must not load the form's schema (zod) in the browser. */
export const ALERTS_PATH = "/mes-alertes";
/** The one-click pause link of the alert e-mails. */
export const ALERT_UNSUBSCRIBE_PATH = "/alertes/desactiver";
