import { Link } from "react-router";
import { LEGAL_LINKS } from "./nav-links";
import { conceptPath } from "#app/lib/site";
import { ManageCookiesButton } from "#app/components/growth/consent-banner";

const SOCIAL_LINKS = [
  { href: "https://www.instagram.com/crevarde", label: "Instagram" },
  { href: "https://www.tiktok.com/@crevarde", label: "TikTok" },
  { href: "https://www.facebook.com/crevarde", label: "Facebook" },
];

/** The spec's copyright year, the site's first; later years extend it to a range (ADR 006). */
const COPYRIGHT_SINCE = 2025;

export function Footer({ siteName, year, cashbackLaunched = false, children }: { siteName: string; year: number; cashbackLaunched?: boolean; children?: React.ReactNode }) {
  const nav = [
    { to: "/coup-de-crevarde", label: "Coup de Crevarde" },
    { to: "/marques", label: "Marques" },
    { to: "/blog", label: "Le Mag" },
    { to: "/pourquoi", label: "Le manifeste" },
    { to: conceptPath(siteName), label: `Pourquoi ${siteName} ?` },
    { to: "/apropos", label: "À propos" },
    { to: "/aide", label: "Aide" },
    { to: "/contact", label: "Contact" },
  ];
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div className="sm:col-span-2 md:col-span-1">
          <p className="text-xl font-black text-brand-700">{siteName}</p>
          <p className="mt-2 text-sm text-neutral-600">
            Les bons plans beauté, mode et sport, sans complexe : codes promo, deals du jour et{" "}
            {cashbackLaunched ? "du cashback." : "bientôt du cashback."}
          </p>
          <ul className="mt-4 flex gap-3" aria-label="Réseaux sociaux">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  rel="noopener noreferrer me"
                  target="_blank"
                  className="rounded-full border border-neutral-300 px-3 py-1 text-xs font-medium text-neutral-700 hover:border-brand-500 hover:text-brand-700"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Navigation du pied de page">
          <h2 className="text-sm font-semibold text-neutral-900">Navigation</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {nav.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-neutral-600 hover:text-brand-700">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Informations légales">
          <h2 className="text-sm font-semibold text-neutral-900">Légal</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-neutral-600 hover:text-brand-700">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <ManageCookiesButton className="mt-2 text-sm text-neutral-600 underline-offset-2 hover:text-brand-700 hover:underline" />
          {children}
        </nav>
        <div className="text-sm text-neutral-600">
          <h2 className="text-sm font-semibold text-neutral-900">Le cashback</h2>
          <p className="mt-3">Versé dès 10€ cumulés, directement sur ton compte bancaire.{cashbackLaunched ? null : " Bientôt disponible !"}</p>
        </div>
      </div>
      <p className="border-t border-neutral-200 py-4 text-center text-xs text-neutral-500">
        © {year > COPYRIGHT_SINCE ? `${COPYRIGHT_SINCE}–${year}` : COPYRIGHT_SINCE} {siteName}. Tous droits réservés.
      </p>
    </footer>
  );
}
