import { Link } from "react-router";
import { NewsletterForm } from "#app/components/newsletter-form";

export function NewsletterBlock({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="newsletter-title">
      <div className="rounded-3xl bg-brand-700 px-6 py-10 text-center text-white">
        {signedIn ? (
          <>
            <h2 id="newsletter-title" className="text-2xl font-black">
              Tu fais déjà partie du club !
            </h2>
            <p className="mt-2 text-brand-100">Retrouve tes bons plans sauvegardés ou fais-en profiter tes proches.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/mes-deals" className="rounded-full bg-white px-5 py-2 font-semibold text-brand-800">
                Mes deals sauvegardés
              </Link>
              <Link to="/invite" className="rounded-full border border-white px-5 py-2 font-semibold text-white">
                Inviter tes proches
              </Link>
            </div>
          </>
        ) : (
          <>
            <h2 id="newsletter-title" className="text-2xl font-black">
              Les meilleurs bons plans, directement dans ta boîte mail
            </h2>
            <p className="mt-2 text-brand-100">Un e-mail par semaine, zéro spam, désinscription en un clic.</p>
            <NewsletterForm source="home" className="mx-auto mt-6 max-w-md" />
            <p className="mt-4 text-sm text-brand-100">
              Tu veux les codes complets et le cashback ?{" "}
              <Link to="/auth?tab=signup" className="font-semibold text-white underline">
                Crée ton compte complet
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
