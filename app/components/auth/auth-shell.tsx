import { Link } from "react-router";
import { Logo } from "#app/components/layout/header";

/** The auth screens' frame: logo, card, legal links, "Retour au site". */
export function AuthShell({ siteName, children }: { siteName: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <Logo siteName={siteName} />
      <main id="contenu" className="mt-8 w-full max-w-md rounded-3xl bg-white p-6 shadow-lg sm:p-8">
        {children}
      </main>
      <footer className="mt-6 flex flex-col items-center gap-2 text-sm text-neutral-600">
        <p className="flex flex-wrap justify-center gap-x-4">
          <Link to="/legal/conditions-utilisation" className="hover:underline">
            Conditions d'utilisation
          </Link>
          <Link to="/legal/politique-confidentialite" className="hover:underline">
            Politique de confidentialité
          </Link>
        </p>
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          Retour au site
        </Link>
      </footer>
    </div>
  );
}

/** « Retour à la connexion », under the card's content of the screens one reaches from /auth. */
export function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/auth" className="text-brand-700 hover:underline">
        Retour à la connexion
      </Link>
    </p>
  );
}
