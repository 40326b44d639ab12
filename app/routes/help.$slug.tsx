import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/help.$slug";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { getSessionUser } from "#app/lib/auth.server";
import { forwardLoaderCacheControl } from "#app/lib/cache-control";
import { can } from "#app/lib/permissions";
import { errorSeo, seo } from "#app/lib/seo";
import { CONTACT_PATH } from "#app/modules/contact/contact.constants";
import { HELP_PATH, helpArticlePath } from "#app/modules/help/help.constants";
import { getHelpArticle } from "#app/modules/help/help.server";
import { formatParis } from "#app/modules/settings/paris-time";

/**
 * One article of the help centre: published for everyone; a draft is 404
 * except for those who edit the help centre ("catalogue"), who see it marked
 * as a draft, never indexed nor cached.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const article = await getHelpArticle(params.slug, { preview: user ? can(user.role, "catalogue") : false });
  if (!article) throw new Response("Not Found", { status: 404 });
  const draft = !article.published;
  // the day is written here: date-fns stays out of the browser (issue #38 item 4, ADR 027)
  return data({ ...article, updatedAt: article.updatedAt.toISOString(), updatedOn: formatParis(article.updatedAt, "d MMMM yyyy"), draft }, draft ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

export const headers: Route.HeadersFunction = forwardLoaderCacheControl;

export const meta: Route.MetaFunction = ({ data, matches, error, location }) => {
  if (!data) return errorSeo({ error, location, matches });
  return seo({ title: `${data.title} · Aide`, description: data.summary, path: helpArticlePath(data.slug), type: "article", noIndex: data.draft }, matches);
};

export default function HelpArticle({ loaderData: a }: Route.ComponentProps) {
  return (
    <>
      {a.draft ? (
        <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm font-semibold text-amber-900">
          Brouillon : cet article n'est visible que par l'équipe.
        </p>
      ) : null}
      <article className="mx-auto max-w-3xl px-4 py-10">
        <nav aria-label="Fil d'Ariane" className="text-sm">
          <Link to={HELP_PATH} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" /> Centre d'aide
          </Link>
          <span className="text-neutral-500"> · {a.sectionLabel}</span>
        </nav>
        <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">{a.title}</h1>
        <p className="mt-3 text-lg text-neutral-700">{a.summary}</p>
        <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: a.body }} />
        <p className="mt-6 text-sm text-neutral-500">Mis à jour le {a.updatedOn}</p>

        <aside aria-labelledby="help-still" className="mt-10 rounded-2xl bg-brand-50 p-5">
          <h2 id="help-still" className="text-lg font-black">
            Il te manque une réponse ?
          </h2>
          <p className="mt-1 text-neutral-700">Écris-nous avec le plus de détails possible : on te répond par e-mail.</p>
          <Button asChild className="mt-3">
            <Link to={CONTACT_PATH}>Nous contacter</Link>
          </Button>
        </aside>

        {a.related.length > 0 ? (
          <section aria-labelledby="help-related" className="mt-10">
            <h2 id="help-related" className="text-xl font-black">
              Dans la même rubrique
            </h2>
            <ul className="mt-3 space-y-2">
              {a.related.map((r) => (
                <li key={r.slug}>
                  <Link to={helpArticlePath(r.slug)} className="font-semibold text-brand-700 hover:underline">
                    {r.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
