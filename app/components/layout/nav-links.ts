import { conceptPath } from "#app/lib/site";
import { EARNINGS_PATH, EARNINGS_TITLE } from "#app/modules/content/earnings";

export interface NavLink {
  to: string;
  label: string;
}

/** Header links in the product spec's order. */
export function headerLinks(siteName: string): NavLink[] {
  return [
    { to: "/marques", label: "Marques" },
    { to: "/blog", label: "Le Blog" },
    { to: "/coup-de-crevarde", label: "Coup de Crevarde" },
    { to: "/codes-promo", label: "Mes codes promo" },
    { to: conceptPath(siteName), label: `Pourquoi ${siteName} ?` },
  ];
}

export const LEGAL_LINKS: NavLink[] = [
  { to: "/legal/mentions-legales", label: "Mentions légales" },
  { to: "/legal/cgv", label: "CGV" },
  { to: "/legal/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/legal/cookies", label: "Cookies" },
  { to: EARNINGS_PATH, label: EARNINGS_TITLE },
  { to: "/signaler-un-contenu", label: "Signaler un contenu illicite" },
];
