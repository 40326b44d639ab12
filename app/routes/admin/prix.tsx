import { Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/prix";
import { Field, PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { requestNow } from "#app/lib/clock.server";
import { adminSeo } from "#app/lib/admin-seo";
import { intentAction, loadOrFail, ok, type AdminActionData } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { PRICE_ADMIN_MESSAGES, PRICE_ADMIN_ROWS } from "#app/modules/prices/price-admin";
import { adminPriceHistory, mergeProductKeys } from "#app/modules/prices/price-admin.server";
import { HISTORY_PARAM, HISTORY_PERIODS, parseHistoryPeriod } from "#app/modules/prices/price-chart";
import { countOf } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Historique des prix", matches);

/**
 * « Historique des prix » (issue #39 item 6, ADR 049): a product's history by its link or key (the public
 * pages' chart and figures, then every observation of the period), and the merge of two keys of one product.
 * The catalogue's (editors and admins), checked here and in the action.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const url = new URL(request.url);
  const days = parseHistoryPeriod(url.searchParams.get(HISTORY_PARAM));
  const found = await loadOrFail(ADMIN_LOAD_ERRORS.prices, adminPriceHistory(url.searchParams.get("q") ?? "", requestNow(request), days));
  // the period links are written here: the screen imports nothing of price-chart.ts, which stays in the deal page's own chunk (its JS budget)
  const periods = HISTORY_PERIODS.map((d) => ({ days: d, href: `?${new URLSearchParams({ q: found.query, [HISTORY_PARAM]: String(d) })}` }));
  return { ...found, periods };
}

const mergeSchema = z.object({
  intent: z.literal("merge", { message: "Action inconnue." }),
  from: z.string({ message: PRICE_ADMIN_MESSAGES.productRequired }).trim().min(1, PRICE_ADMIN_MESSAGES.productRequired).max(2000),
  into: z.string({ message: PRICE_ADMIN_MESSAGES.productRequired }).trim().min(1, PRICE_ADMIN_MESSAGES.productRequired).max(2000),
});

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 8 * 1024);
  return intentAction(form, mergeSchema, "Impossible de fusionner ces produits.", async ({ from, into }) => {
    const done = await mergeProductKeys(actor, from, into);
    return ok("merge", "Produits fusionnés", PRICE_ADMIN_MESSAGES.merged(done.moved, done.from, done.into));
  });
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}

export default function PriceHistoryAdmin({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const busy = useNavigation().state !== "idle";
  const { query, error, product } = loaderData;
  const history = product?.history;
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Historique des prix"
        action={
          <Button asChild variant="outline">
            <Link to="/admin/prix/import">
              <Upload aria-hidden="true" /> Importer des prix (CSV)
            </Link>
          </Button>
        }
      />
      <Form method="get" role="search" className="mb-6 grid grid-cols-[minmax(0,1fr)] items-end gap-3 sm:flex" aria-label="Chercher un produit">
        <Field label="Lien ou clé du produit" htmlFor="price-q">
          <Input id="price-q" name="q" defaultValue={query} placeholder="nuxe.com/huile-prodigieuse" className="sm:w-[32rem]" />
        </Field>
        <Button type="submit">Afficher</Button>
      </Form>
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {product && history ? (
        <section aria-labelledby="price-product" className="mb-8">
          <h2 id="price-product" className="text-lg font-bold break-all">
            {product.key}
          </h2>
          <p className="text-sm text-neutral-700">
            Marchand : {product.merchant} · {countOf(product.total, { one: "observation", other: "observations" })} en tout
            {product.asked !== product.key ? ` · « ${product.asked} » a été fusionnée dans cette clé` : ""}
          </p>
          {product.aliases.length ? (
            <p className="text-sm text-neutral-700" data-testid="price-aliases">
              Clés fusionnées dans celle-ci : {product.aliases.map((a) => `${a.key} (le ${a.at}${a.gtin ? `, même GTIN ${a.gtin}` : ""})`).join(", ")}
            </p>
          ) : null}
          <p className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            {loaderData.periods.map(({ days, href }) => (
              <Link key={days} to={href} aria-current={days === history.days ? "page" : undefined} className={days === history.days ? "font-bold" : "text-brand-700 underline"}>
                {days} jours
              </Link>
            ))}
          </p>
          <p className="text-sm" data-testid="price-summary">
            {history.summary}
          </p>
          {history.chart ? (
            <svg role="img" aria-label={history.chart.label} viewBox="0 0 600 160" preserveAspectRatio="none" className="h-40 w-full">
              <path d={history.chart.path} className="fill-none stroke-brand-700 stroke-2" vectorEffect="non-scaling-stroke" />
            </svg>
          ) : null}
          <table className="mt-4 w-full text-left text-sm" aria-label="Observations de la période">
            <thead>
              <tr className="border-b">
                <th className="py-1 pr-4">Date</th>
                <th className="py-1 pr-4">Prix</th>
                <th className="py-1 pr-4">Source</th>
                <th className="py-1">GTIN</th>
              </tr>
            </thead>
            <tbody>
              {product.rows.length ? (
                product.rows.map((r) => (
                  <tr key={r.id} className="border-b border-neutral-100">
                    <td className="py-1 pr-4">{r.at}</td>
                    <td className="py-1 pr-4">{r.price}</td>
                    <td className="py-1 pr-4">{r.source}</td>
                    <td className="py-1">{r.gtin ?? "—"}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={4} className="py-2 text-neutral-600">
                    Aucune observation sur cette période.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {product.rows.length === PRICE_ADMIN_ROWS ? <p className="mt-1 text-sm text-neutral-600">Les {PRICE_ADMIN_ROWS} plus récentes seulement.</p> : null}
        </section>
      ) : null}
      <section aria-labelledby="price-merge" className="rounded-md border border-neutral-200 p-4">
        <h2 id="price-merge" className="text-lg font-bold">
          Fusionner deux clés d'un même produit
        </h2>
        <p className="mb-3 text-sm text-neutral-700">
          Les observations de la première clé passent sur la seconde, et les prochaines observations de la première y seront enregistrées. Les deux clés doivent être du même
          marchand.
        </p>
        <Form method="post" className="grid grid-cols-[minmax(0,1fr)] items-end gap-3 sm:flex sm:flex-wrap" aria-label="Fusionner deux clés">
          <input type="hidden" name="intent" value="merge" />
          <Field label="Clé à fusionner" htmlFor="merge-from">
            <Input id="merge-from" name="from" required defaultValue={product && product.asked === product.key ? "" : undefined} className="sm:w-80" />
          </Field>
          <Field label="Dans la clé" htmlFor="merge-into">
            <Input id="merge-into" name="into" required defaultValue={product?.key ?? ""} className="sm:w-80" />
          </Field>
          <Button type="submit" disabled={busy}>
            Fusionner
          </Button>
        </Form>
      </section>
    </div>
  );
}
