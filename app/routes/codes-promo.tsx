import { ChevronRight } from "lucide-react";
import { requestNow } from "#app/lib/clock.server";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/codes-promo";
import { PromoCodeCard } from "#app/components/catalogue/promo-code-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonVariants } from "#app/components/ui/button";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { answerCodeFeedback, CodeFeedbackError, codeFigures, FEEDBACK_MESSAGES, parseFeedbackForm } from "#app/modules/promo-codes/code-feedback.server";
import { logger } from "#app/lib/logger.server";
import { seo } from "#app/lib/seo";
import { cn } from "#app/lib/utils";
import { listCodeCategories, listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import { savedCodeIds } from "#app/modules/saved/saved.server";
import { withCashbackLinks } from "#app/modules/cashback/click-out.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { SaveButton } from "#app/components/catalogue/save-button";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth?from=codes-promo");
  const category = new URL(request.url).searchParams.get("categorie")?.slice(0, 100) || null;
  try {
    const [codes, categories, saved, launched] = await Promise.all([listMemberCodes(category, user.id, requestNow(request)), listCodeCategories(requestNow(request)), savedCodeIds(user.id), getSetting("cashback_launched")]);
    return { codes: await withCashbackLinks(codes.live, "code", launched), expired: codes.expired, categories, category, failed: false, saved };
  } catch (error) {
    logger.error({ err: error }, "promo codes: load failed");
    return { codes: [], expired: [], categories: [], category, failed: true, saved: [] as string[] };
  }
}

/**
 * « Ça a marché ? » (issue #15 item 6): a member answers « Oui » / « Non » about
 * a code, changes or undoes the answer. Posted by every code card (home, brand,
 * category, saved and this page): with JS through a fetcher (`_js`, JSON back),
 * without JS as a plain form, redirected back to the validated `redirectTo`.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readBoundedForm(request, 2048);
  const js = form.get("_js") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/codes-promo");
  const user = await getSessionUser(request);
  if (!user) {
    if (js) return data({ ok: false as const, message: FEEDBACK_MESSAGES.signIn }, { status: 401 });
    return redirect(`/auth?redirect=${encodeURIComponent(back)}`, { status: 303 });
  }
  const input = parseFeedbackForm(form);
  if (!input) return data({ ok: false as const, message: FEEDBACK_MESSAGES.invalid }, { status: 400 });
  try {
    const mine = await answerCodeFeedback(user.id, input.promoCodeId, input.answer, input.reason ?? null);
    const message = mine === null ? FEEDBACK_MESSAGES.undone : FEEDBACK_MESSAGES.thanks;
    // the code's figures with this answer counted: the card may come from a page every member shares (ADR 048)
    if (js) return { ok: true as const, mine, reason: mine === false ? (input.reason ?? null) : null, message, figures: await codeFigures(input.promoCodeId) };
    return redirectWithToast(back, { title: message, type: "success" }, { status: 303 });
  } catch (error) {
    if (!(error instanceof CodeFeedbackError)) throw error;
    if (js) return data({ ok: false as const, message: error.message }, { status: error.status });
    return redirectWithToast(back, { title: error.message, type: "error" }, { status: 303 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Mes codes promo", description: "Tous tes codes promo vérifiés, triés par date d'expiration.", path: "/codes-promo", noIndex: true }, matches);

export default function CodesPromo({ loaderData }: Route.ComponentProps) {
  const { codes, expired, categories, category, failed, saved } = loaderData;
  const chip = (active: boolean) =>
    cn(
      "rounded-full border px-4 py-1.5 text-sm font-medium",
      active ? "border-brand-600 bg-brand-600 text-white" : "border-neutral-300 text-neutral-700 hover:border-brand-500",
    );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Mes codes promo</h1>
      <p className="mt-2 text-neutral-600">Les codes valides, triés par date d'expiration : les plus urgents d'abord.</p>
      {categories.length > 0 ? (
        <nav aria-label="Catégories" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/codes-promo" className={chip(!category)} aria-current={!category ? "page" : undefined} preventScrollReset>
                Tous
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c}>
                <Link
                  to={`/codes-promo?categorie=${encodeURIComponent(c)}`}
                  className={chip(category === c)}
                  aria-current={category === c ? "page" : undefined}
                  preventScrollReset
                >
                  {c}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {failed ? (
        <p className="mt-8 rounded-2xl bg-red-50 p-6 text-center text-red-900" role="alert">
          Impossible de récupérer tes codes promo.
        </p>
      ) : codes.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-neutral-50 p-10 text-center">
          <p className="text-lg font-semibold">Aucun code promo disponible</p>
          <Link to="/coup-de-crevarde" className={cn(buttonVariants(), "mt-4")}>
            Voir les deals
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {codes.map((c) => (
            <li key={c.id} className="flex flex-col gap-2">
              <PromoCodeCard code={c} />
              <SaveButton kind="code" id={c.id} saved={saved.includes(c.id)} />
            </li>
          ))}
        </ul>
      )}
      {expired.length > 0 ? (
        <details className="group mt-10 rounded-2xl border border-neutral-200" data-testid="expired-codes">
          <summary className="cursor-pointer list-none p-5 font-bold [&::-webkit-details-marker]:hidden">
            <span className="flex items-center gap-2">
              <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
              Codes expirés ({expired.length})
            </span>
          </summary>
          <ul className="grid gap-4 px-5 pb-5 sm:grid-cols-2 lg:grid-cols-3">
            {expired.map((c) => (
              <li key={c.id}>
                <PromoCodeCard code={c} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
