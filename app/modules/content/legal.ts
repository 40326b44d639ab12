import { CONSENT_MAX_AGE_SECONDS } from "#app/modules/consent/consent";
import { RETENTION } from "#app/modules/privacy/retention";

/** Slugs of the legal pages stored as editable pages, served under /legal/{slug}. Client-safe. */
export const LEGAL_SLUGS = ["mentions-legales", "cgv", "politique-confidentialite", "cookies"] as const;

/**
 * Legal pages whose required part is rendered by code (site settings, RETENTION): they answer even
 * when their stored page is missing (a production database has no demo seed); the stored page's
 * text, if any, follows as additional information (ADR 011).
 */
export const CODE_RENDERED_LEGAL_SLUGS = ["mentions-legales", "politique-confidentialite"] as const;

/** "Comment nous gagnons de l'argent" (Code de la consommation L111-7): entirely rendered by code. */

export interface RetentionRow {
  data: string;
  duration: string;
}

const months = (n: number) => `${n} mois`;
const days = (n: number) => `${n} jours`;

/** The retention table of the privacy policy, in French (tu), built from RETENTION (the durations the purge task applies). */
export function retentionRows(): RetentionRow[] {
  return [
    { data: "Compte membre (adresse e-mail, pseudo, photo, deals et codes sauvegardés)", duration: "Jusqu'à la suppression de ton compte, effacement immédiat" },
    { data: "Données d'achat (cashback)", duration: `${RETENTION.purchaseYears} ans` },
    { data: "Cookie et sessions de connexion (adresse IP tronquée, navigateur)", duration: `${days(RETENTION.sessionDays)} après ta dernière connexion` },
    { data: "Newsletter (adresse e-mail, date de ton consentement)", duration: "Tant que ton abonnement dure ; une demande non confirmée n'est jamais enregistrée" },
    { data: "Lien de confirmation de la newsletter", duration: `Valable ${days(RETENTION.newsletterConfirmDays)}` },
    { data: "Preuve de ton consentement et de ta désinscription à la newsletter", duration: `${months(RETENTION.newsletterUnsubscribedMonths)} après ta désinscription` },
    { data: "Mesure d'audience et clics vers nos partenaires (identifiant de visiteur haché)", duration: months(RETENTION.analyticsMonths) },
    { data: "E-mails que nous t'envoyons (journal d'envoi)", duration: days(RETENTION.outboxDays) },
    {
      data: "Adresse IP et port depuis lesquels tu publies un deal ou un commentaire (obligation légale, décret n° 2021-1362)",
      duration: `${days(RETENTION.ugcConnectionLogDays)} après la publication, même si tu supprimes ton compte`,
    },
    { data: "Réseau de ton adresse IP (haché), contre le parrainage de soi-même", duration: `${days(RETENTION.accountNetworkDays)} après ta dernière visite depuis ce réseau` },
    { data: "Cookie d'appareil (identifiant aléatoire, haché chez nous), contre le parrainage de soi-même", duration: `${months(Math.round(RETENTION.accountDeviceDays / 30))} après ta dernière connexion depuis ce navigateur` },
    { data: "Compteurs anti-abus (adresse IP ou e-mail)", duration: `La fin de leur fenêtre (${RETENTION.rateLimitMinutes} minutes au plus), puis effacement dans l'heure` },
    { data: "Ton choix de cookies (cookie de consentement)", duration: months(Math.round(CONSENT_MAX_AGE_SECONDS / 86400 / 30)) },
  ];
}
