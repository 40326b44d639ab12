import { data, Link, redirect } from "react-router";
import { requestNow } from "#app/lib/clock.server";
import { z } from "zod";
import type { Route } from "./+types/mes-deals";
import { DealCard } from "#app/components/catalogue/deal-card";
import { PromoCodeCard } from "#app/components/catalogue/promo-code-card";
import { SaveButton } from "#app/components/catalogue/save-button";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { requireUser } from "#app/lib/auth.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { readBoundedForm } from "#app/lib/body.server";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { seo } from "#app/lib/seo";
import { listSaved, saveCode, saveDeal, unsaveCode, unsaveDeal } from "#app/modules/saved/saved.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return listSaved(user.id, requestNow(request));
}

const saveSchema = z.object({
  intent: z.enum(["save-deal", "remove-deal", "save-code", "remove-code"]),
  id: z.uuid(),
  redirectTo: z.string().max(300).optional(),
});

/** The toast after a save or an unsave (SaveButton). */
const SAVED_MESSAGES = {
  "save-deal": "Deal sauvegardé : tu le retrouves dans « Mes sauvegardes ».",
  "remove-deal": "Deal retiré de tes sauvegardes.",
  "save-code": "Code sauvegardé : tu le retrouves dans « Mes sauvegardes ».",
  "remove-code": "Code retiré de tes sauvegardes.",
} as const;

/** Save or unsave a deal or a code (members only). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readBoundedForm(request, 2048);
  const parsed = saveSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ ok: false, message: "Demande invalide." }, { status: 400 });
  const { intent, id } = parsed.data;
  try {
    if (intent === "save-deal") await saveDeal(user.id, id);
    if (intent === "remove-deal") await unsaveDeal(user.id, id);
    if (intent === "save-code") await saveCode(user.id, id);
    if (intent === "remove-code") await unsaveCode(user.id, id);
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) {
      return data({ ok: false, message: intent === "save-code" ? "Ce code promo n'existe plus." : "Ce bon plan n'existe plus." }, { status: 404 });
    }
    throw error;
  }
  if (form.get("_js") === "1") return { ok: true, saved: intent.startsWith("save"), message: SAVED_MESSAGES[intent] };
  return redirect(safeRedirect(parsed.data.redirectTo, "/mes-deals"), { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Mes deals sauvegardés", description: "Tes deals et codes promo mis de côté.", path: "/mes-deals", noIndex: true }, matches);

export default function MesDeals({ loaderData }: Route.ComponentProps) {
  const { deals, codes } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Mes deals sauvegardés</h1>
      {deals.length === 0 && codes.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-neutral-50 p-10 text-center">
          <p className="text-lg font-semibold">Tu n'as encore rien sauvegardé.</p>
          <p className="mt-2 text-neutral-600">Appuie sur « Sauvegarder » sur un deal ou un code pour le retrouver ici.</p>
          <Link to="/coup-de-crevarde" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
            Voir les deals du jour
          </Link>
        </div>
      ) : null}
      {codes.length > 0 ? (
        <section className="mt-8" aria-labelledby="saved-codes">
          <h2 id="saved-codes" className="text-2xl font-black">
            Codes promo
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {codes.map((c) => (
              <li key={c.id} className="flex flex-col gap-2">
                <PromoCodeCard code={c} />
                <SaveButton kind="code" id={c.id} saved />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {deals.length > 0 ? (
        <section className="mt-8" aria-labelledby="saved-deals">
          <h2 id="saved-deals" className="text-2xl font-black">
            Deals
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {deals.map((d) => (
              <li key={d.id} className="flex flex-col gap-2">
                <DealCard deal={d} />
                <SaveButton kind="deal" id={d.id} saved />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
