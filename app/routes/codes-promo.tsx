import { ChevronRight, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { requestNow } from "#app/lib/clock.server";
import { data, Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/codes-promo";
import { SharedPromoCodeCard } from "#app/components/catalogue/listing-sections";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonVariants } from "#app/components/ui/button";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { forwardLoaderCacheControl, NO_STORE_HEADERS } from "#app/lib/cache-control";
import { safeRedirect, signInHref } from "#app/lib/safe-redirect.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { answerCodeFeedback, CodeFeedbackError, codeFigures, FEEDBACK_MESSAGES, parseFeedbackForm } from "#app/modules/promo-codes/code-feedback.server";
import { logger } from "#app/lib/logger.server";
import { seo } from "#app/lib/seo";
import { cn } from "#app/lib/utils";
import { listCodeCategories, listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import { useMoi } from "#app/root";
import { SaveButton } from "#app/components/catalogue/save-button";

/** Where a visitor is sent (the product spec: a replace-redirect once the reader is known to be signed out). */
const SIGN_IN_PATH = "/auth?from=codes-promo";

/**
 * « Mes codes promo », a members' page by the product spec, and yet the same bytes for everyone (ADR 048): the
 * page holds the list as a visitor would see it (codes masked), hidden behind « Chargement de ton compte... »;
 * once /api/moi has answered, a member sees it with their full codes, links, saved codes and answers, and a
 * visitor is sent to sign in. No session is read here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const category = new URL(request.url).searchParams.get("categorie")?.slice(0, 100) || null;
  const now = requestNow(request);
  try {
    const [codes, categories] = await Promise.all([listMemberCodes(category, null, now), listCodeCategories(now)]);
    return data({ codes: codes.live, expired: codes.expired, categories, category, failed: false });
  } catch (error) {
    logger.error({ err: error }, "promo codes: load failed");
    // never kept by a cache: the next reader gets a fresh try
    return data({ codes: [], expired: [], categories: [], category, failed: true }, { headers: NO_STORE_HEADERS });
  }
}

export const headers: Route.HeadersFunction = forwardLoaderCacheControl;

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
    return redirect(signInHref(back), { status: 303 });
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
  const { codes, expired, categories, category, failed } = loaderData;
  const moi = useMoi();
  const navigate = useNavigate();
  const member = Boolean(moi?.user);
  // a visitor: sent to sign in, in place of this page in the history
  useEffect(() => {
    if (moi && !moi.user) void navigate(SIGN_IN_PATH, { replace: true });
  }, [moi, navigate]);
  const chip = (active: boolean) =>
    cn(
      "rounded-full border px-4 py-1.5 text-sm font-medium",
      active ? "border-brand-600 bg-brand-600 text-white" : "border-neutral-300 text-neutral-700 hover:border-brand-500",
    );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Mes codes promo</h1>
      <p className="mt-2 text-neutral-600">Les codes valides, triés par date d'expiration : les plus urgents d'abord.</p>
      {member ? null : (
        <p role="status" className="mt-8 flex items-center justify-center gap-2 rounded-2xl bg-neutral-50 p-10 font-semibold text-neutral-700" data-codes-loading="">
          <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Chargement de ton compte...
        </p>
      )}
      <noscript>
        {/* without JavaScript the reader is never known here: no spinner, the list as everyone gets it (its forms post,
            the server authorizes them) and the way to sign in */}
        <style>{"[data-codes-loading]{display:none!important}[data-codes-list]{display:block!important}"}</style>
        <p className="mt-6 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
          Tes codes complets s'affichent une fois ton compte chargé.{" "}
          <a href={SIGN_IN_PATH} className="font-semibold underline">
            Me connecter pour voir mes codes
          </a>
        </p>
      </noscript>
      {/* the cards are in the page for everyone (their ids are what /api/moi is asked about), shown to a member only;
          a class and not the hidden attribute, whose layered !important rule the <noscript> style could not undo */}
      <div
        className={member ? undefined : "hidden"}
        data-codes-list=""
        data-moi-list={`liste=codes-promo${category ? `&categorie=${encodeURIComponent(category)}` : ""}`}
      >
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
                <SharedPromoCodeCard code={c} />
                <SaveButton kind="code" id={c.id} saved={moi?.savedCodes.includes(c.id) ?? false} />
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
                  <SharedPromoCodeCard code={c} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
