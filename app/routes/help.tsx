import { ChevronRight, LifeBuoy, Mail } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/help";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { seo } from "#app/lib/seo";
import { CONTACT_PATH } from "#app/modules/contact/contact.constants";
import { HELP_PATH, helpArticlePath } from "#app/modules/help/help.constants";
import { listHelpSections } from "#app/modules/help/help.server";

/** The help centre (issue #34 item 7): its published articles, section by section. */
export async function loader() {
  return { sections: await listHelpSections() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Centre d'aide",
      description: "Cashback, codes promo, deals, compte, paiements : les réponses aux questions qu'on nous pose le plus, et comment nous écrire.",
      path: HELP_PATH,
    },
    matches,
  );

export default function HelpCentre({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex items-center gap-3">
        <LifeBuoy className="size-9 text-brand-600" aria-hidden="true" />
        <h1 className="text-4xl font-black">Centre d'aide</h1>
      </div>
      <p className="mt-3 max-w-2xl text-neutral-700">Une question sur ton cashback, un code promo ou ton compte ? La réponse est sûrement ici.</p>
      <Form method="get" action="/recherche" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="help-search" className="sr-only">
          Rechercher dans l'aide et sur le site
        </label>
        <Input id="help-search" name="q" type="search" placeholder="Ex. : paiement, code promo, achat manquant" className="flex-1" />
        <Button type="submit">Rechercher</Button>
      </Form>

      {sections.length === 0 ? (
        <p className="mt-10 text-neutral-600">Aucun article pour l'instant.</p>
      ) : (
        <nav aria-label="Rubriques de l'aide" className="mt-6 flex flex-wrap gap-2">
          {sections.map((s) => (
            <a key={s.section} href={`#${s.section}`} className="rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:border-brand-500 hover:text-brand-700">
              {s.label}
            </a>
          ))}
        </nav>
      )}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {sections.map((s) => (
          <section key={s.section} id={s.section} aria-labelledby={`help-${s.section}`} className="scroll-mt-24 rounded-2xl border border-neutral-200 bg-white p-5">
            <h2 id={`help-${s.section}`} className="text-xl font-black">
              {s.label}
            </h2>
            <ul className="mt-3 divide-y divide-neutral-100">
              {s.articles.map((a) => (
                <li key={a.slug}>
                  <Link to={helpArticlePath(a.slug)} className="group flex items-start justify-between gap-3 py-3">
                    <span>
                      <span className="font-semibold group-hover:text-brand-700 group-hover:underline">{a.title}</span>
                      <span className="mt-0.5 block text-sm text-neutral-600">{a.summary}</span>
                    </span>
                    <ChevronRight className="mt-1 size-4 shrink-0 text-neutral-400" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section aria-labelledby="help-contact" className="mt-10 rounded-2xl bg-brand-50 p-6">
        <h2 id="help-contact" className="text-xl font-black">
          Tu ne trouves pas ta réponse ?
        </h2>
        <p className="mt-1 text-neutral-700">Écris-nous : une personne de l'équipe te répond par e-mail, en général sous 48 heures ouvrées.</p>
        <Button asChild className="mt-4">
          <Link to={CONTACT_PATH}>
            <Mail aria-hidden="true" /> Nous contacter
          </Link>
        </Button>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
