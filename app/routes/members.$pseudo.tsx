import { Award, CalendarDays, Flame, Scale } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/members.$pseudo";
import { DealCard } from "#app/components/catalogue/deal-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getSessionUser } from "#app/lib/auth.server";
import { errorSeo, seo } from "#app/lib/seo";
import { memberPath } from "#app/modules/members/member-badges";
import { getMemberProfile } from "#app/modules/members/members.server";
import { requestNow } from "#app/lib/clock.server";
import { countOf } from "#app/lib/plural";

const PUBLISHED = { one: "deal publié", other: "deals publiés" };

/** A member's public page (issue #15 item 9): deals, temperature total, vote weight, badges; no e-mail, no personal data. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1000 ? pageParam : 1;
  const viewer = await getSessionUser(request);
  const profile = await getMemberProfile(params.pseudo, page, Boolean(viewer), requestNow(request));
  if (!profile) throw new Response("Not Found", { status: 404 });
  // one address per member: the pseudo as they spell it
  if (profile.username !== params.pseudo) throw redirect(`${memberPath(profile.username)}${page > 1 ? `?page=${page}` : ""}`, 301);
  return profile;
}

export const meta: Route.MetaFunction = ({ data, matches, error, location }) =>
  data
    ? seo(
        {
          title: `${data.username}, membre de la communauté`,
          description: `Les deals partagés par ${data.username} : ${countOf(data.publishedDeals, PUBLISHED)}, ${data.temperatureTotal}° au total.`,
          path: memberPath(data.username),
          // a page without deals says nothing worth indexing
          noIndex: data.publishedDeals === 0 || data.page > 1,
        },
        matches,
      )
    : errorSeo({ error, location, matches });

export default function MemberPage({ loaderData }: Route.ComponentProps) {
  const p = loaderData;
  const href = (page: number) => `${memberPath(p.username)}${page > 1 ? `?page=${page}` : ""}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-black break-words">{p.username}</h1>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-neutral-700" aria-label="Chiffres du membre">
          <li className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            Membre depuis {p.memberSince}
          </li>
          <li className="flex items-center gap-1.5">
            <Flame aria-hidden="true" className="size-4" />
            Température totale : {p.temperatureTotal}°
          </li>
          <li className="flex items-center gap-1.5">
            <Scale aria-hidden="true" className="size-4" />
            Poids de vote : {p.voteWeight}
          </li>
          <li>
            {countOf(p.publishedDeals, PUBLISHED)}
          </li>
        </ul>
        {p.badges.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Badges">
            {p.badges.map((b) => (
              <li key={b.id} title={b.description} className="flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
                <Award aria-hidden="true" className="size-4" />
                {b.label}
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <section aria-labelledby="member-deals" className="mt-8">
        <h2 id="member-deals" className="text-2xl font-black">
          Ses deals
        </h2>
        {p.deals.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-neutral-50 p-8 text-center text-neutral-700">{p.username} n'a pas encore publié de deal.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {p.deals.map((d) => (
              <li key={d.id}>
                <DealCard deal={d} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {p.page > 1 || p.hasNext ? (
        <nav aria-label="Pagination" className="mt-8 flex justify-between">
          {p.page > 1 ? (
            <Link to={href(p.page - 1)} className="font-semibold text-brand-700 hover:underline">
              Page précédente
            </Link>
          ) : (
            <span />
          )}
          {p.hasNext ? (
            <Link to={href(p.page + 1)} className="font-semibold text-brand-700 hover:underline">
              Page suivante
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
