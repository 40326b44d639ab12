import { redirect } from "react-router";
import type { Route } from "./+types/legal.$slug";
import { PageArticle } from "~/components/page-article";
import { ManageCookiesButton } from "~/components/growth/consent-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPublishedPage, LEGAL_SLUGS } from "~/modules/content/pages.server";
import { retentionRows } from "~/modules/content/legal";
import { LEGAL_UPDATED_AT } from "~/lib/site";
import { errorSeo, seo } from "~/lib/seo";

export async function loader({ params }: Route.LoaderArgs) {
  // The auth page links to "conditions d'utilisation": these are our terms of sale.
  if (params.slug === "conditions-utilisation") throw redirect("/legal/cgv", 301);
  if (!(LEGAL_SLUGS as readonly string[]).includes(params.slug)) {
    throw new Response("Not Found", { status: 404 });
  }
  const page = await getPublishedPage(params.slug);
  if (!page) throw new Response("Not Found", { status: 404 });
  return { title: page.title, content: page.content, metaDescription: page.metaDescription };
}

export const meta: Route.MetaFunction = ({ data, matches, params, error, location }) =>
  data
    ? seo(
        {
          title: data.title,
          description: data.metaDescription ?? `${data.title} du site.`,
          path: `/legal/${params.slug}`,
        },
        matches,
      )
    : errorSeo({ error, location, matches });

export default function LegalPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <PageArticle title={loaderData.title} updatedLabel={LEGAL_UPDATED_AT} html={loaderData.content} />
      {params.slug === "cookies" ? (
        <div className="mx-auto -mt-4 max-w-3xl px-4 pb-12">
          <ManageCookiesButton className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700" />
        </div>
      ) : null}
      {params.slug === "politique-confidentialite" ? <RetentionTable /> : null}
    </>
  );
}

/** The durations the purge task applies, from the same constants (ADR 008). */
function RetentionTable() {
  return (
    <section aria-labelledby="retention-title" className="mx-auto -mt-4 max-w-3xl px-4 pb-12">
      <h2 id="retention-title" className="text-2xl font-black">
        Durées de conservation
      </h2>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-neutral-300">
            <th scope="col" className="py-2 pr-4">Données</th>
            <th scope="col" className="py-2">Durée</th>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
