import { hostingPhrase, NOT_SET, type LegalIdentity } from "#app/modules/legal/identity";

/** A value of the legal identity, or "non renseigné" while the admin has not set it. */
export function LegalValue({ value, field }: { value: string; field: keyof LegalIdentity }) {
  return value ? (
    <span data-legal-field={field}>{value}</span>
  ) : (
    <em data-legal-field={field} className="text-neutral-500">
      {NOT_SET}
    </em>
  );
}

/** Mentions légales, LCEN art. 6-III: publisher, publication director, host. Values from the site settings. */
export function LegalNotice({ identity, siteName }: { identity: LegalIdentity; siteName: string }) {
  const hosting = hostingPhrase(identity.hostingRegion);
  return (
    <>
      <h2>Éditeur du site</h2>
      <p>Le site {siteName} est édité par :</p>
      <ul>
        <li>
          Dénomination : <LegalValue value={identity.publisherName} field="publisherName" />
        </li>
        <li>
          Forme juridique : <LegalValue value={identity.companyForm} field="companyForm" />
          {identity.capital ? (
            <>
              , au capital de <span data-legal-field="capital">{identity.capital}</span>
            </>
          ) : null}
        </li>
        <li>
          Siège social : <LegalValue value={identity.address} field="address" />
        </li>
        <li>
          Immatriculation : <LegalValue value={identity.registration} field="registration" />
        </li>
        <li>
          Téléphone : <LegalValue value={identity.phone} field="phone" />
        </li>
        <li>
          E-mail :{" "}
          {identity.email ? (
            <a href={`mailto:${identity.email}`} data-legal-field="email">
              {identity.email}
            </a>
          ) : (
            <LegalValue value="" field="email" />
          )}
        </li>
      </ul>
      <h2>Direction de la publication</h2>
      <p>
        Directeur ou directrice de la publication : <LegalValue value={identity.publicationDirector} field="publicationDirector" />
      </p>
      <h2>Hébergement</h2>
      <ul>
        <li>
          Hébergeur : <LegalValue value={identity.hostName} field="hostName" />
        </li>
        <li>
          Adresse : <LegalValue value={identity.hostAddress} field="hostAddress" />
        </li>
        <li>
          Téléphone : <LegalValue value={identity.hostPhone} field="hostPhone" />
        </li>
        <li>
          Lieu d'hébergement des données : <LegalValue value={hosting ? `${hosting.charAt(0).toUpperCase()}${hosting.slice(1)}` : ""} field="hostingRegion" />
        </li>
      </ul>
    </>
  );
}
