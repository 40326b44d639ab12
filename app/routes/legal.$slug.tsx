import { redirect } from "react-router";
import { requestNow } from "#app/lib/clock.server";
import type { Route } from "./+types/legal.$slug";
import { PageArticle } from "#app/components/page-article";
import { ManageCookiesButton } from "#app/components/growth/consent-banner";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { EarningsPage } from "#app/components/legal/earnings";
import { LegalNotice } from "#app/components/legal/legal-notice";
import { PrivacyPolicy } from "#app/components/legal/privacy-policy";
import { getPublishedPage, LEGAL_SLUGS } from "#app/modules/content/pages.server";
import { EARNINGS_SLUG, EARNINGS_TITLE } from "#app/modules/content/earnings";
import { CODE_RENDERED_LEGAL_SLUGS } from "#app/modules/content/legal";
import { getLegalIdentity } from "#app/modules/legal/identity.server";
import { DEFAULT_SITE_NAME, LEGAL_UPDATED_AT } from "#app/lib/site";
import { errorSeo, seo } from "#app/lib/seo";
import { useRootData } from "#app/root";

const CODE_RENDERED_TITLES: Record<string, string> = {
  "mentions-legales": "Mentions légales",
  "politique-confidentialite": "Politique de confidentialité",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  // The auth page links to "conditions d'utilisation": these are our terms of sale.
  if (params.slug === "conditions-utilisation") throw redirect("/legal/cgv", 301);
  if (params.slug === EARNINGS_SLUG) {
    return {
      title: EARNINGS_TITLE,
      content: "",
      metaDescription: "Liens affiliés, commissions et ordre d'affichage des deals et des codes promo : comment le site est financé et classe ses bons plans.",
      identity: null,
    };
  }
  if (!(LEGAL_SLUGS as readonly string[]).includes(params.slug)) {
    throw new Response("Not Found", { status: 404 });
  }
  const codeRendered = (CODE_RENDERED_LEGAL_SLUGS as readonly string[]).includes(params.slug);
  const [page, identity] = await Promise.all([getPublishedPage(params.slug, requestNow(request)), codeRendered ? getLegalIdentity() : null]);
  // the required part of the mentions and of the privacy policy needs no stored page (ADR 011)
  if (!page && !codeRendered) throw new Response("Not Found", { status: 404 });
  return {
    title: page?.title ?? CODE_RENDERED_TITLES[params.slug],
    content: page?.content ?? "",
    metaDescription: page?.metaDescription ?? null,
    identity,
  };
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
  const root = useRootData();
  const siteName = root?.siteName ?? DEFAULT_SITE_NAME;
  const { identity } = loaderData;
  return (
    <>
      <PageArticle title={loaderData.title} updatedLabel={LEGAL_UPDATED_AT} html={loaderData.content}>
        {params.slug === EARNINGS_SLUG ? <EarningsPage siteName={siteName} cashbackLaunched={Boolean(root?.cashbackLaunched)} /> : null}
        {params.slug === "mentions-legales" && identity ? <LegalNotice identity={identity} siteName={siteName} /> : null}
        {params.slug === "politique-confidentialite" && identity ? (
          <PrivacyPolicy identity={identity} siteName={siteName} googleAnalytics={Boolean(root?.gaMeasurementId)} cashbackLaunched={Boolean(root?.cashbackLaunched)} />
        ) : null}
      </PageArticle>
      {params.slug === "cookies" ? (
        <div className="mx-auto -mt-4 max-w-3xl px-4 pb-12">
          <ManageCookiesButton className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700" />
        </div>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
