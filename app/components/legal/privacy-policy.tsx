import { Link } from "react-router";
import { EARNINGS_PATH } from "#app/modules/content/earnings";
import { retentionRows } from "#app/modules/content/legal";
import { hostingPhrase, type LegalIdentity } from "#app/modules/legal/identity";
import { LegalValue } from "./legal-notice";

type Purpose = { purpose: string; data: string; basis: string };

/**
 * The cashback purpose (issue #34 item 4): described once cashback is launched; before, the account purpose says it
 * is not open yet, and no cashback data is processed.
 */
const CASHBACK_PURPOSE: Purpose = {
  purpose: "Te verser ton cashback : suivre tes clics vers les marchands partenaires, recevoir de leurs plateformes d'affiliation les achats qui en découlent, valider et verser ton cashback, traiter tes réclamations",
  data: "Identifiant de clic, marchand, montant et date de l'achat transmis par la plateforme d'affiliation, statut de ton cashback, coordonnées bancaires (IBAN chiffré et nom du titulaire), virements, justificatifs joints à une réclamation",
  basis: "Exécution du contrat (nos CGV), art. 6.1.b ; conservation des pièces comptables : obligation légale, art. 6.1.c",
};

/** Purposes and their legal bases (RGPD art. 13(1)(c)): what the code does, see ADR 011. */
const purposes = (cashbackLaunched: boolean): Purpose[] => [
  {
    purpose: `Créer et gérer ton compte membre : connexion, codes promo complets, deals et codes sauvegardés, « Ça a marché ? » sur les codes promo, parrainage${cashbackLaunched ? ", suivi de ton cashback" : " (le cashback n'est pas encore ouvert)"}`,
    data: "Adresse e-mail, pseudo, mot de passe (haché, jamais en clair), photo de profil, tes sauvegardes, tes réponses « Ça a marché ? » et leur raison si tu en donnes une (seul le taux de réussite de chaque code est publié, jamais qui a répondu), ton lien de parrainage",
    basis: "Exécution du contrat (nos CGV), art. 6.1.b RGPD",
  },
  {
    purpose: "T'envoyer les e-mails du service : confirmation de ton adresse, mot de passe oublié, confirmation de suppression",
    data: "Adresse e-mail, contenu de l'e-mail (journal d'envoi)",
    basis: "Exécution du contrat, art. 6.1.b",
  },
  {
    purpose: "T'envoyer la newsletter, si tu la demandes et confirmes ton inscription (double validation)",
    data: "Adresse e-mail, origine et date de ton consentement",
    basis: "Ton consentement, art. 6.1.a ; tu le retires en un clic (lien de désinscription de chaque e-mail)",
  },
  {
    purpose: "Garder la preuve de ton consentement à la newsletter et de ton retrait",
    data: "Adresse e-mail, dates d'inscription et de désinscription",
    basis: "Obligation légale de prouver le consentement, art. 6.1.c et 7.1",
  },
  {
    purpose: "Mesure d'audience interne : compter les pages vues et les clics, sans cookie",
    data: "Page visitée, identifiant de visiteur haché (calculé à partir de ton adresse IP et de ton navigateur, qui ne sont pas conservés), ton compte si ta session est ouverte",
    basis: "Intérêt légitime à connaître la fréquentation du site, art. 6.1.f (mesure exemptée de consentement selon la CNIL)",
  },
  {
    purpose: "Compter les clics vers les marchands (liens affiliés) pour savoir quels deals et codes t'intéressent",
    data: "Marchand de destination, deal ou code cliqué, identifiant de visiteur haché, ton compte si ta session est ouverte",
    basis: "Intérêt légitime, art. 6.1.f",
  },
  {
    purpose: "Mesure d'audience Google Analytics, et mesure des conversions publicitaires",
    data: "Pages vues, événements (clics, copies de codes), identifiant Google Analytics (cookie) ; Google Analytics ne conserve pas ton adresse IP",
    basis: "Ton consentement, art. 6.1.a (bandeau cookies) ; rien n'est chargé avant ton accord",
  },
  {
    purpose: "Sécuriser le site : sessions de connexion, limites anti-abus (tentatives de connexion, envois d'e-mails), journal des actions des administrateurs",
    data: "Adresse IP tronquée et navigateur de tes sessions, adresse IP ou e-mail dans les compteurs anti-abus",
    basis: "Intérêt légitime à protéger ton compte et le service, art. 6.1.f",
  },
  {
    purpose: "Empêcher le parrainage de soi-même : repérer deux comptes d'une même personne, pour qu'une personne de notre équipe vérifie le parrainage avant tout bonus",
    data: "Réseau de ton adresse IP et identifiant aléatoire de ton navigateur (cookie d'appareil déposé à l'inscription et à la connexion), conservés hachés ; empreinte de ton IBAN ; ton adresse e-mail",
    basis: "Intérêt légitime à protéger le programme de parrainage contre la fraude, art. 6.1.f",
  },
  ...(cashbackLaunched ? [CASHBACK_PURPOSE] : []),
];

/** RGPD art. 13: the privacy policy, from the legal identity (settings) and the retention constants. */
export function PrivacyPolicy({
  identity,
  siteName,
  googleAnalytics,
  cashbackLaunched,
}: {
  identity: LegalIdentity;
  siteName: string;
  googleAnalytics: boolean;
  cashbackLaunched: boolean;
}) {
  const hosting = hostingPhrase(identity.hostingRegion);
  const contact = identity.privacyContact || identity.email;
  return (
    <>
      <h2>Responsable du traitement</h2>
      <p>
        Le responsable du traitement de tes données est l'éditeur du site {siteName} : <LegalValue value={identity.publisherName} field="publisherName" />,{" "}
        <LegalValue value={identity.address} field="address" />. Ses coordonnées complètes figurent dans les <Link to="/legal/mentions-legales">mentions légales</Link>.
      </p>
      <p>
        {identity.privacyContact ? "Délégué à la protection des données : " : "Pour toute question sur tes données : "}
        {contact ? <a href={`mailto:${contact}`}>{contact}</a> : <LegalValue value="" field="privacyContact" />}.
      </p>

      <h2>Ce que nous faisons de tes données, et pourquoi</h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm" aria-label="Finalités et bases légales">
          <thead>
            <tr className="border-b border-neutral-300">
              <th scope="col" className="py-2 pr-4">
                Finalité
              </th>
              <th scope="col" className="py-2 pr-4">
                Données
              </th>
              <th scope="col" className="py-2">
                Base légale
              </th>
            </tr>
          </thead>
          <tbody>
            {purposes(cashbackLaunched).map((p) => (
              <tr key={p.purpose} className="border-b border-neutral-200 align-top">
                <td className="py-2 pr-4">{p.purpose}</td>
                <td className="py-2 pr-4">{p.data}</td>
                <td className="py-2">{p.basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Pour créer un compte, ton adresse e-mail et un mot de passe sont obligatoires : sans eux, nous ne pouvons pas t'ouvrir de compte. Tout le reste est
        facultatif. Aucune décision automatisée ni aucun profilage n'est fait à partir de tes données. Nous ne vendons ni ne louons jamais tes données.
      </p>

      <h2>Qui reçoit tes données</h2>
      <ul>
        <li>Notre équipe, pour les besoins du service (les administrateurs du site).</li>
        <li>
          Notre hébergeur, <LegalValue value={identity.hostName} field="hostName" />, qui stocke la base de données du site
          {hosting ? ` ${hosting}` : ""}.
        </li>
        <li>Le prestataire qui achemine nos e-mails (confirmation, mot de passe, newsletter), uniquement pour les envoyer.</li>
        {googleAnalytics ? <li>Google (Google Ireland Ltd), si tu acceptes Google Analytics ou la mesure des conversions dans le bandeau cookies.</li> : null}
        <li>
          Les marchands et plateformes d'affiliation : quand tu cliques sur un lien affilié, ils reçoivent ta visite comme celle de n'importe quel visiteur (leurs
          propres cookies, sous leur responsabilité). Nous ne leur transmettons ni ton nom ni ton adresse e-mail.{" "}
          <Link to={EARNINGS_PATH}>Comment nous gagnons de l'argent</Link>.
        </li>
        {cashbackLaunched ? (
          <li>
            Pour ton cashback : les plateformes d'affiliation reçoivent un identifiant de clic (sans ton nom ni ton e-mail) et nous transmettent les achats qui
            en découlent ; notre banque reçoit le nom du titulaire et l'IBAN de chaque virement, pour l'exécuter.
          </li>
        ) : null}
        <li>Les autorités, uniquement sur demande légale.</li>
      </ul>

      <h2>Transferts hors de l'Union européenne</h2>
      <p>
        {hosting ? `Tes données sont hébergées ${hosting}. ` : ""}
        {googleAnalytics
          ? "Seules les données de Google Analytics, si tu l'acceptes, peuvent être transférées aux États-Unis (Google LLC). Ce transfert est encadré par le Data Privacy Framework UE–États-Unis (décision d'adéquation de la Commission européenne du 10 juillet 2023, Google LLC étant certifiée) et par les clauses contractuelles types de la Commission européenne ; Google Analytics ne conserve pas ton adresse IP. Si tu refuses Google Analytics, rien n'est envoyé à Google."
          : "Aucune de tes données n'est transférée hors de l'Union européenne par le site."}
      </p>

      <RetentionTable />

      <h2>Tes droits</h2>
      <ul>
        <li>
          Accès et portabilité : télécharge toutes tes données depuis ton <Link to="/profile">profil</Link> (<a href="/profile/export">« Exporter mes données »</a>,
          un fichier JSON).
        </li>
        <li>Rectification : modifie ton pseudo, ta photo et ton mot de passe depuis ton profil.</li>
        <li>Effacement : supprime ton compte depuis ton profil (« Supprimer mon compte ») ; tes données sont effacées immédiatement.</li>
        <li>Opposition et limitation : tu peux t'opposer aux traitements fondés sur notre intérêt légitime, ou en demander la limitation, en nous écrivant.</li>
        <li>
          Retrait de ton consentement, à tout moment : lien de désinscription dans chaque newsletter, réglage de ton profil, et « Gérer les cookies » en bas de
          chaque page.
        </li>
        <li>Directives post-mortem : tu peux nous dire ce que nous devons faire de tes données après ton décès (art. 85 de la loi Informatique et Libertés).</li>
      </ul>
      <p>
        Pour exercer ces droits, écris-nous à {contact ? <a href={`mailto:${contact}`}>{contact}</a> : <LegalValue value="" field="email" />} : nous répondons dans
        un délai de 30 jours.
      </p>

      <h2>Réclamation auprès de la CNIL</h2>
      <p>
        Si tu estimes que tes droits ne sont pas respectés, tu peux introduire une réclamation auprès de la Commission nationale de l'informatique et des libertés
        (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur <a href="https://www.cnil.fr/fr/plaintes">www.cnil.fr/fr/plaintes</a>.
      </p>
    </>
  );
}

/** The durations the purge task applies, from the same constants (ADR 008). */
function RetentionTable() {
  return (
    <section aria-labelledby="retention-title">
      <h2 id="retention-title">Durées de conservation</h2>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-neutral-300">
            <th scope="col" className="py-2 pr-4">
              Données
            </th>
            <th scope="col" className="py-2">
              Durée
            </th>
          </tr>
        </thead>
        <tbody>
          {retentionRows().map((row) => (
            <tr key={row.data} className="border-b border-neutral-200 align-top">
              <td className="py-2 pr-4">{row.data}</td>
              <td className="py-2">{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
