import { ArrowLeft, ExternalLink } from "lucide-react";
import type { ConnectionSource } from "#app/modules/privacy/ugc-logs.server";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/coup-de-crevarde.$id";
import { AffiliateLink } from "#app/components/catalogue/affiliate-link";
import { CopyButton } from "#app/components/catalogue/copy-button";
import { DealByline, DealPrice } from "#app/components/catalogue/deal-card";
import { DealHeatBadges } from "#app/components/catalogue/deal-heat";
import { DealVote } from "#app/components/catalogue/deal-vote";
import { SaveButton } from "#app/components/catalogue/save-button";
import { CodeSignUpPrompt } from "#app/components/catalogue/code-sign-up-prompt";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Badge } from "#app/components/ui/badge";
import { buttonVariants } from "#app/components/ui/button";
import { getSessionUser, type SessionUser } from "#app/lib/auth.server";
import { forwardLoaderCacheControl } from "#app/lib/cache-control";
import { freshPageCookie, takesSharedPage } from "#app/lib/shared-pages";
import { memberComments, memberDeal } from "#app/modules/members/moi";
import { memberDealPage } from "#app/modules/members/moi.server";
import { useMoi } from "#app/root";
import { requestNow } from "#app/lib/clock.server";
import { readBoundedForm } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { isDomainError } from "#app/lib/errors";
import { clientIp } from "#app/lib/rate-limit.server";
import { safeRedirect, signInHref } from "#app/lib/safe-redirect.server";
import { breadcrumbJsonLd, errorSeo, seo } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { withCashbackLinks } from "#app/modules/cashback/click-out.server";
import { isColdVoteReason, VOTE_MESSAGES } from "#app/modules/deals/deal-votes";
import { castDealVote, dealJsonLd, getDealPage, setColdVoteReason } from "#app/modules/deals/deal-votes.server";
import { isDealCode } from "#app/modules/deals/deals.constants";
import { dealStatus } from "#app/modules/deals/deal-rules";
import { getSetting } from "#app/modules/settings/settings.server";
import { flagDeal, reactivateDeal } from "#app/modules/deals/deal-expiry.server";
import { DealExpiry } from "#app/components/catalogue/deal-expiry";
import { asUuid, visitorHash } from "#app/modules/tracking/tracking.server";
import { COMMENT_MESSAGES, COMMENT_PARAM, commentHref, COMMENTS_PARAM, parseCommentsShown } from "#app/modules/deals/deal-comments";
import { COMMENT_INTENTS, commentActionSchema, type CommentAction } from "#app/modules/deals/deal-comments.schema";
import { editComment, listDealComments, postComment, reportContent } from "#app/modules/deals/deal-comments.server";
import { DealComments, DealReport } from "#app/components/catalogue/deal-comments";
import { PriceAlertForm, PriceHistory } from "#app/components/catalogue/price-history";
import { HISTORY_PARAM, parseHistoryPeriod } from "#app/modules/prices/price-chart";
import { priceHistory } from "#app/modules/prices/price-history.server";
import { PRICE_ALERT_INTENT, suggestedThresholdCents } from "#app/modules/prices/price-alerts";
import { followPriceFromForm } from "#app/modules/prices/price-alerts.server";
import { priceCents } from "#app/modules/prices/observations.server";

/** How the author reads their post's status while it is not public. */
const STATUS_LABELS: Record<string, string> = {
  pending_review: "En attente de modération : seul toi peux voir ce deal pour l'instant.",
  rejected: "Refusé par la modération : ce deal n'est pas public.",
  removed: "Retiré par la modération : ce deal n'est plus public.",
};

/**
 * The deal page (issue #15): published deals, or the author's own post whatever its status; 404 otherwise.
 * A published deal's page is the same for a visitor and a member (ADR 048): no session is read, and the member's
 * own parts (vote, saved, code, comments, flags, report, author's and moderators' controls) come from /api/moi
 * (`viewer` is null). Two cases are rendered for the member alone, private, with their parts in `viewer`: the
 * author's view of their deal while it is not public, and a request that does not take the shared page
 * (takesSharedPage): the page a no-JS form's redirect comes back to (its flash message), and the member's views for
 * one TTL after a write (freshPageCookie), so that they see at once what they did, with or without JavaScript.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = asUuid(params.id);
  if (!id) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  // the request's time (app/lib/clock.server.ts): an end-to-end test lives through the 10 hidden minutes
  const now = requestNow(request);
  let user: SessionUser | null = null;
  let page = takesSharedPage(url.pathname, request.headers.get("cookie")) ? await getDealPage(id, null, now) : null;
  if (!page) {
    user = await getSessionUser(request);
    page = await getDealPage(id, user, now);
  }
  if (!page) throw new Response("Not Found", { status: 404 });
  const published = page.deal.status === dealStatus.is.published;
  // ?commentaires=N top-level comments (bad values: the first page), ?commentaire=<id> one comment's thread among them
  const search = url.searchParams;
  const [launched, commentsPage, history, viewer] = await Promise.all([
    user ? getSetting("cashback_launched") : false,
    published
      ? listDealComments(id, null, { shown: parseCommentsShown(search.get(COMMENTS_PARAM)), commentId: asUuid(search.get(COMMENT_PARAM)), now })
      : { comments: [], next: null, visibleShown: 0 },
    // the price history chart (issue #39 item 4, ADR 049): ?historique=30|90|365, else 90 days
    priceHistory(page.deal.url, now, parseHistoryPeriod(search.get(HISTORY_PARAM))),
    user && published ? memberDealPage(user, id, now) : null,
  ]);
  const [deal] = await withCashbackLinks([page.deal], "deal", Boolean(user) && launched);
  const siteUrl = getEnv().SITE_URL;
  return data(
    {
      deal,
      viewer,
      comments: commentsPage.comments,
      commentsNext: commentsPage.next,
      commentsShown: commentsPage.visibleShown,
      history,
      // « Préviens-moi sous … € » (issue #39 item 5): the same form for everyone, on a deal with a product key
      alertThreshold: history ? String(suggestedThresholdCents(priceCents(deal.price) ?? 100) / 100) : null,
      // the page asks « published? », not the machine: the browser never loads db/states (ADR 045 §In the browser)
      published,
      statusLabel: published ? null : (STATUS_LABELS[deal.status] ?? null),
      jsonLd: dealJsonLd(deal, siteUrl),
      // written here, not in meta(): the page's JS budget
      metaDescription: excerpt(deal.description || `Le bon plan ${deal.title} repéré sur ${deal.source}.`),
      siteUrl,
    },
    // rendered for a member alone: no cache keeps it
    user ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

/** The loader's Cache-Control (a page rendered for a member: "private, no-store") reaches the response. */
export const headers: Route.HeadersFunction = forwardLoaderCacheControl;

/** A write's answer to a fetcher (one type: data() of narrower ones would be merged into the narrowest). */
type Done = { ok: true; message: string; commentId?: string } & Partial<Pick<Awaited<ReturnType<typeof castDealVote>>, "mine" | "reason">>;

/**
 * A temperature vote (🔥 / ❄️, or the cold vote's reason), posted by the deal
 * page and the cards: with JS through a fetcher (`_js`, JSON back), without JS
 * as a plain form redirected back to the validated `redirectTo` with a toast.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  // a comment is up to 4,000 characters (16 KB in UTF-8 at most), URL-encoded
  const form = await readBoundedForm(request, 64 * 1024);
  const js = form.get("_js") === "1";
  const id = asUuid(params.id);
  const back = safeRedirect(form.get("redirectTo"), id ? `/coup-de-crevarde/${id}` : "/coup-de-crevarde");
  const fail = (status: number, message: string) =>
    js ? data({ ok: false as const, message }, { status }) : redirectWithToast(back, { title: message, type: "error" }, { status: 303 });
  // a write done: the member's next views skip the shared copies for one TTL (freshPageCookie), so they see it at once
  const fresh = { headers: { "Set-Cookie": freshPageCookie(getEnv().SITE_URL.startsWith("https://")) } };
  const done = (message: string, to = back) => redirectWithToast(to, { title: message, type: "success" }, { status: 303, ...fresh });
  const user = await getSessionUser(request);
  const intent = form.get("intent");
  const commenting = (COMMENT_INTENTS as readonly unknown[]).includes(intent);
  if (!user) {
    if (js) return data({ ok: false as const, message: commenting ? COMMENT_MESSAGES.signIn : VOTE_MESSAGES.signIn }, { status: 401 });
    return redirect(signInHref(back), { status: 303 });
  }
  if (!id) return fail(404, VOTE_MESSAGES.notFound);
  if (intent === PRICE_ALERT_INTENT) {
    const now = requestNow(request);
    return followPriceFromForm(form, user.id, back, async () => {
      const page = await getDealPage(id, { id: user.id }, now);
      return page && { url: page.deal.url, label: page.deal.title, dealId: page.deal.id };
    }, VOTE_MESSAGES.notFound);
  }
  if (commenting) {
    const parsed = commentActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? COMMENT_MESSAGES.invalid);
    try {
      const { message, commentId } = await commentAction(user.id, id, parsed.data, context as ConnectionSource);
      // the comment's id: the page shows it (?commentaire=), on a later page too (a new comment is the last one)
      if (js) return data<Done>(commentId ? { ok: true, message, commentId } : { ok: true, message }, fresh);
      return done(message, commentId ? commentHref(back, commentId) : back);
    } catch (error) {
      if (isDomainError(error)) return fail(error.status, error.message);
      throw error;
    }
  }
  if (intent === "expire" || intent === "still-valid" || intent === "reactivate") {
    try {
      const { message } =
        intent === "reactivate"
          ? await reactivateDeal(user, id)
          : await flagDeal({ userId: user.id, dealId: id, kind: intent === "expire" ? "expired" : "still_valid" });
      return js ? data<Done>({ ok: true, message }, fresh) : done(message);
    } catch (error) {
      if (isDomainError(error)) return fail(error.status, error.message);
      throw error;
    }
  }
  const vote = form.get("vote");
  const reason = form.get("reason");
  if (vote !== "hot" && vote !== "cold" && vote !== "reason") return fail(400, VOTE_MESSAGES.invalid);
  if (vote === "reason" && reason !== "" && !isColdVoteReason(reason)) return fail(400, VOTE_MESSAGES.invalid);
  try {
    const outcome =
      vote === "reason"
        ? await setColdVoteReason({ userId: user.id, dealId: id, reason: isColdVoteReason(reason) ? reason : null })
        : await castDealVote({
            userId: user.id,
            dealId: id,
            choice: vote,
            visitorHash: visitorHash(clientIp(context as { clientIp?: string }), request.headers.get("user-agent") ?? ""),
          });
    const message = vote === "reason" ? VOTE_MESSAGES.reason : outcome.mine === null ? VOTE_MESSAGES.undone : outcome.mine === 1 ? VOTE_MESSAGES.hot : VOTE_MESSAGES.cold;
    return js ? data<Done>({ ok: true, mine: outcome.mine, reason: outcome.reason, message }, fresh) : done(message);
  } catch (error) {
    if (isDomainError(error)) return fail(error.status, error.message);
    throw error;
  }
}

/** A comment, a reply, an edit or a report (« Signaler »), by a signed-in member; throws DomainError. */
async function commentAction(userId: string, dealId: string, v: CommentAction, connection: ConnectionSource): Promise<{ message: string; commentId: string | null }> {
  if (v.intent === "comment") {
    const posted = await postComment({ userId, dealId, body: v.body, parentId: v.parentId ?? null, connection });
    return { message: posted.message, commentId: posted.id };
  }
  if (v.intent === "edit-comment") {
    const edited = await editComment({ userId, commentId: v.commentId, body: v.body });
    return { message: edited.message, commentId: v.commentId };
  }
  const reported = await reportContent({ userId, targetType: v.targetType, targetId: v.targetId, reason: v.reason, details: v.details });
  return { message: reported.message, commentId: v.targetType === "comment" ? v.targetId : null };
}

const excerpt = (text: string, max = 155) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export const meta: Route.MetaFunction = ({ data: loaded, matches, error, location }) =>
  loaded
    ? seo(
        {
          title: `${loaded.deal.title} à ${loaded.deal.price}`,
          description: loaded.metaDescription,
          path: `/coup-de-crevarde/${loaded.deal.id}`,
          image: loaded.deal.imageUrl ?? undefined,
          noIndex: !loaded.published,
          jsonLd: [
            loaded.jsonLd,
            breadcrumbJsonLd(loaded.siteUrl, [
              { name: "Accueil", path: "/" },
              { name: "Coup de Crevarde", path: "/coup-de-crevarde" },
              { name: loaded.deal.title, path: `/coup-de-crevarde/${loaded.deal.id}` },
            ]),
          ],
        },
        matches,
      )
    : errorSeo({ error, location, matches });

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal: shown, viewer, published, statusLabel, comments, commentsNext, commentsShown, history, alertThreshold } = loaderData;
  const moi = useMoi();
  // the member's own parts: in the page when it was rendered for them, else from /api/moi once it has answered
  const me = viewer ?? (moi?.deal?.id === shown.id ? moi.deal : null);
  // forms for everyone until /api/moi says the reader is a visitor (without JavaScript they post, the server decides)
  const visitor = !viewer && moi !== null && !moi.user;
  const deal = moi && !viewer ? memberDeal(shown, moi) : shown;
  const hasCode = deal.codeMasked || isDealCode(deal.ctaText);
  return (
    <article className="mx-auto max-w-4xl px-4 py-10" data-moi-deal={deal.id} data-moi-deal-page={published ? deal.id : undefined}>
      <Link to="/coup-de-crevarde" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Tous les deals
      </Link>
      {statusLabel ? (
        <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="deal-status">
          {statusLabel}
        </p>
      ) : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-neutral-100">
          {deal.imageUrl ? <img src={deal.imageUrl} alt="" width={640} height={427} fetchPriority="high" className="size-full object-cover" /> : null}
          <Badge variant={deal.badgeType} className="absolute left-3 top-3 shadow">
            {deal.badgeText}
          </Badge>
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <DealHeatBadges heat={me?.heat ?? deal.heat} expired={deal.expired} />
          <p className="text-xs font-semibold uppercase tracking-wide text-neutral-500">
            {deal.source}
            {deal.brandName ? (
              <>
                {" · "}
                {deal.brandSlug ? (
                  <Link to={`/marques/${deal.brandSlug}`} className="text-brand-700 hover:underline">
                    {deal.brandName}
                  </Link>
                ) : (
                  deal.brandName
                )}
              </>
            ) : null}
          </p>
          <h1 className="text-3xl font-black break-words">{deal.title}</h1>
          <DealByline deal={deal} className="text-sm" />
          <DealPrice deal={deal} large />
          {hasCode ? (
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded-lg border border-dashed border-brand-300 bg-brand-50 px-2 py-1 font-mono font-bold" data-testid="deal-code">
                {deal.ctaText}
              </code>
              {deal.codeMasked ? null : <CopyButton code={deal.ctaText} />}
            </div>
          ) : null}
          {deal.codeMasked ? <CodeSignUpPrompt /> : null}
          <AffiliateLink
            link={{ destination: deal.url, action: "deal_click", label: deal.title, dealId: deal.id }}
            href={deal.cashbackHref}
            ugc={deal.memberPosted}
            className={buttonVariants({ size: "lg" })}
            wrapperClassName="self-start"
          >
            {hasCode || !deal.ctaText ? "Voir le deal" : deal.ctaText}
            <ExternalLink aria-hidden="true" />
          </AffiliateLink>
          {published ? <DealVote dealId={deal.id} mine={me?.vote ?? null} visitor={visitor} own={me?.isAuthor} expired={deal.expired} /> : null}
          {published ? <SaveButton kind="deal" id={deal.id} saved={me?.saved ?? false} /> : null}
          {published && alertThreshold ? <PriceAlertForm threshold={alertThreshold} error={(actionData as { priceAlert?: string } | undefined)?.priceAlert} /> : null}
          {published && !visitor ? (
            <DealExpiry dealId={deal.id} expired={deal.expired} isAuthor={me?.isAuthor ?? false} canModerate={me?.canModerate ?? false} flags={me?.flags ?? []} />
          ) : null}
        </div>
      </div>
      <section aria-labelledby="deal-description" className="mt-8">
        <h2 id="deal-description" className="text-xl font-bold">
          Le deal en détail
        </h2>
        <p className="mt-2 whitespace-pre-line text-neutral-700">{deal.description}</p>
        {published && !visitor && !me?.isAuthor ? <DealReport dealId={deal.id} reported={me?.reported ?? false} /> : null}
      </section>
      {history ? <PriceHistory history={history} /> : null}
      {published ? (
        <DealComments
          dealId={deal.id}
          count={deal.commentsCount}
          comments={me ? memberComments(comments, me.comments, commentsNext === null) : comments}
          next={commentsNext}
          shown={commentsShown}
          signedIn={!visitor}
        />
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
