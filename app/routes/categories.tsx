import { Link } from "react-router";
import { requestNow } from "#app/lib/clock.server";
import type { Route } from "./+types/categories";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { seo } from "#app/lib/seo";
import { listNonEmptyCategories } from "#app/modules/categories/categories.server";

export async function loader({ request }: Route.LoaderArgs) {
  const categories = await listNonEmptyCategories(requestNow(request));
  return { categories: categories.map((c) => ({ id: c.id, name: c.name, slug: c.slug, description: c.description })) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Catégories", description: "Soin, maquillage, parfum, mode, sport : trouve les bons plans par catégorie.", path: "/categories" }, matches);

export default function Categories({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Catégories</h1>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.categories.map((c) => (
          <li key={c.id} id={c.slug} className="rounded-2xl border border-neutral-200 p-5">
            <h2 className="text-lg font-bold">
              <Link to={`/categories/${c.slug}`} className="hover:underline">
                {c.name}
              </Link>
            </h2>
            {c.description ? <p className="mt-1 text-sm text-neutral-600">{c.description}</p> : null}
            <Link to={`/categories/${c.slug}`} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
              Voir les marques et les codes<span className="sr-only"> {c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
