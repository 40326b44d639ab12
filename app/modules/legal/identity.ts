/**
 * The legal identity of the site: what the mentions légales (LCEN art. 6-III)
 * and the privacy policy (RGPD art. 13) must state and the code cannot know.
 * Stored as site settings (key/value), edited in /admin/settings. Client-safe.
 */

export const HOSTING_REGIONS = {
  france: "en France",
  eu: "dans l'Union européenne",
} as const;
type HostingRegion = keyof typeof HOSTING_REGIONS;

export interface LegalField {
  /** site_settings key */
  key:
    | "legal_publisher_name"
    | "legal_company_form"
    | "legal_capital"
    | "legal_address"
    | "legal_registration"
    | "legal_phone"
    | "legal_email"
    | "legal_publication_director"
    | "legal_host_name"
    | "legal_host_address"
    | "legal_host_phone"
    | "legal_hosting_region"
    | "legal_privacy_contact";
  /** form field name */
  name: keyof LegalIdentity;
  label: string;
  hint?: string;
  /** required by law: the dashboard warns while it is empty */
  required: boolean;
  max: number;
}

export interface LegalIdentity {
  publisherName: string;
  companyForm: string;
  capital: string;
  address: string;
  registration: string;
  phone: string;
  email: string;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  hostPhone: string;
  /** "france", "eu" or "" */
  hostingRegion: string;
  privacyContact: string;
}

/** In the order of the settings form and of the dashboard warning. */
export const LEGAL_FIELDS: readonly LegalField[] = [
  { key: "legal_publisher_name", name: "publisherName", label: "Éditeur (dénomination sociale ou nom)", required: true, max: 200, hint: "Ex. Crevarde SAS." },
  { key: "legal_company_form", name: "companyForm", label: "Forme juridique", required: true, max: 100, hint: "Ex. société par actions simplifiée (SAS), entreprise individuelle." },
  { key: "legal_capital", name: "capital", label: "Capital social", required: false, max: 100, hint: "Facultatif (sociétés seulement). Ex. 10 000 €." },
  { key: "legal_address", name: "address", label: "Adresse du siège social", required: true, max: 300 },
  { key: "legal_registration", name: "registration", label: "Immatriculation (RCS ou SIREN)", required: true, max: 100, hint: "Ex. RCS Paris 123 456 789." },
  { key: "legal_phone", name: "phone", label: "Téléphone de l'éditeur", required: true, max: 30 },
  { key: "legal_email", name: "email", label: "E-mail de contact", required: true, max: 254 },
  { key: "legal_publication_director", name: "publicationDirector", label: "Directeur ou directrice de la publication", required: true, max: 200 },
  { key: "legal_host_name", name: "hostName", label: "Hébergeur : nom", required: true, max: 200 },
  { key: "legal_host_address", name: "hostAddress", label: "Hébergeur : adresse", required: true, max: 300 },
  { key: "legal_host_phone", name: "hostPhone", label: "Hébergeur : téléphone", required: true, max: 30 },
  {
    key: "legal_hosting_region",
    name: "hostingRegion",
    label: "Lieu d'hébergement des données",
    required: true,
    max: 10,
    hint: "Repris par les mentions légales, la politique de confidentialité et la page concept.",
  },
  {
    key: "legal_privacy_contact",
    name: "privacyContact",
    label: "Contact pour les données personnelles (DPO)",
    required: false,
    max: 254,
    hint: "Facultatif : e-mail du délégué à la protection des données. Vide : l'e-mail de contact.",
  },
];

/** Labels of the required fields that are empty (the dashboard warning). */
export function missingLegalFields(identity: LegalIdentity): string[] {
  return LEGAL_FIELDS.filter((f) => f.required && !identity[f.name].trim()).map((f) => f.label);
}

/** "en France" / "dans l'Union européenne", or null while the setting is empty. */
export function hostingPhrase(region: string): string | null {
  return region in HOSTING_REGIONS ? HOSTING_REGIONS[region as HostingRegion] : null;
}

/** Shown on public pages in place of a value the admin has not set yet. */
export const NOT_SET = "non renseigné";
