import { MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { autolink, COMMENT_LOOK, COMMENT_MAX, COMMENT_MESSAGES, commentHref, COMMENTS_PARAM, REPORT_DETAILS_MAX, REPORT_REASONS, type CommentStatus } from "#app/modules/deals/deal-comments";
import { useToastFetcher } from "./use-toast-fetcher";
import { pluralForm } from "#app/lib/plural";

/** What the deal page's loader sends for one comment (listDealComments). */
export interface DealComment {
  id: string;
  authorName: string;
  body: string | null;
  status: CommentStatus;
  createdAt: string;
  /** written on the server (the deal page's JS budget: no date formatting here) */
  date: string;
  edited: boolean;
  mine: boolean;
  editableUntil: string | null;
  reported: boolean;
  replies: DealComment[];
}

/** The action's answer; `commentId` names the comment posted, edited or reported. */
type Reply = { ok: boolean; message: string; commentId?: string };

/** A field's label (a plain <label>: the Radix one would weigh on the deal page's JavaScript budget). */
const Label = ({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) => (
  <label htmlFor={htmlFor} className="text-sm font-medium text-neutral-800">
    {children}
  </label>
);

/** A comment's text: plain text, http(s) addresses as links that leave the site (never through /kpi: members' links are not allow-listed hosts). */
function CommentBody({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-line break-words text-neutral-800">
      {autolink(text).map((part, i) =>
        part.kind === "link" ? (
          <a key={i} href={part.href} rel="nofollow ugc noopener noreferrer" target="_blank" className="text-brand-700 underline">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/**
 * A small form of the comments (post, reply, edit, report): a fetcher with a
 * toast once hydrated, a plain POST redirected back without JavaScript (to
 * `?commentaire=<id>#commentaire-<id>`). On success the form empties and its
 * <details> closes; a comment the refreshed page does not show (a new
 * comment is the last one, past the shown ones) is shown and scrolled to.
 */
function CommentForm({ dealId, intent, children, submit, testId }: { dealId: string; intent: string; children: React.ReactNode; submit: string; testId: string }) {
  const { fetcher, back, hydrated } = useToastFetcher<Reply>();
  const navigate = useNavigate();
  const ref = useRef<HTMLFormElement>(null);
  // each answer once
  const done = useRef<Reply | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || !ref.current || done.current === fetcher.data) return;
    done.current = fetcher.data;
    ref.current.reset();
    ref.current.closest("details")?.removeAttribute("open");
    const id = fetcher.data.commentId;
    if (id && !document.getElementById(`commentaire-${id}`)) void navigate(commentHref(back, id), { replace: true });
  }, [fetcher.state, fetcher.data, back, navigate]);
  return (
    <fetcher.Form ref={ref} method="post" action={`/coup-de-crevarde/${dealId}`} className="mt-2 grid gap-2" data-testid={testId}>
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <input type="hidden" name="redirectTo" value={back} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" size="sm" className="justify-self-start" disabled={fetcher.state !== "idle"}>
        {submit}
      </Button>
    </fetcher.Form>
  );
}

function BodyField({ id, label, defaultValue }: { id: string; label: string; defaultValue?: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} name="body" rows={3} maxLength={COMMENT_MAX} required defaultValue={defaultValue} className="mt-1" />
    </div>
  );
}

/** « Signaler » a comment or the deal: a reason and optional details. */
function ReportForm({ dealId, targetType, targetId }: { dealId: string; targetType: "comment" | "deal"; targetId: string }) {
  return (
    <CommentForm dealId={dealId} intent="report" submit="Envoyer le signalement" testId="report-form">
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <div>
        <Label htmlFor={`report-reason-${targetId}`}>Raison</Label>
        <NativeSelect id={`report-reason-${targetId}`} name="reason" placeholder="Choisir une raison" options={REPORT_REASONS} />
      </div>
      <div>
        <Label htmlFor={`report-details-${targetId}`}>Précisions (facultatif)</Label>
        <Textarea id={`report-details-${targetId}`} name="details" rows={2} maxLength={REPORT_DETAILS_MAX} className="mt-1" />
      </div>
    </CommentForm>
  );
}

/** A disclosure that works without JavaScript. */
function Disclosure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <details className="group">
      <summary className="cursor-pointer list-none text-xs font-semibold text-brand-700 hover:underline">{label}</summary>
      {children}
    </details>
  );
}

/** « Signaler ce deal » under the deal's description (members, not its author). */
export function DealReport({ dealId, reported }: { dealId: string; reported: boolean }) {
  if (reported) return <p className="mt-3 text-xs text-neutral-600">Tu as signalé ce deal : un modérateur va l'examiner.</p>;
  return (
    <div className="mt-3" data-testid="deal-report">
      <Disclosure label="Signaler ce deal">
        <ReportForm dealId={dealId} targetType="deal" targetId={dealId} />
      </Disclosure>
    </div>
  );
}

function CommentItem({ c, dealId, signedIn, topId }: { c: DealComment; dealId: string; signedIn: boolean; topId: string }) {
  if (!COMMENT_LOOK[c.status].shown || c.body === null) {
    return (
      <p id={`commentaire-${c.id}`} className="scroll-mt-24 text-sm italic text-neutral-500" data-testid="comment-removed">
        {COMMENT_MESSAGES.removedPlaceholder}
      </p>
    );
  }
  return (
    <div id={`commentaire-${c.id}`} className="grid scroll-mt-24 gap-1 text-sm" data-testid="comment">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-neutral-600">
        <span className="font-semibold text-neutral-900" data-testid="comment-author">
          {c.authorName}
        </span>
        <time dateTime={c.createdAt}>{c.date}</time>
        {c.edited ? <span>(modifié)</span> : null}
        {COMMENT_LOOK[c.status].held ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900" data-testid="comment-pending">
            {COMMENT_MESSAGES.pendingLabel}
          </span>
        ) : null}
      </p>
      <CommentBody text={c.body} />
      {signedIn ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {COMMENT_LOOK[c.status].open ? (
            <Disclosure label="Répondre">
              <CommentForm dealId={dealId} intent="comment" submit="Envoyer la réponse" testId="reply-form">
                <input type="hidden" name="parentId" value={topId} />
                <BodyField id={`reply-${c.id}`} label={`Ta réponse à ${c.authorName}`} />
              </CommentForm>
            </Disclosure>
          ) : null}
          {c.editableUntil ? (
            <Disclosure label="Modifier">
              <CommentForm dealId={dealId} intent="edit-comment" submit="Enregistrer" testId="edit-form">
                <input type="hidden" name="commentId" value={c.id} />
                <BodyField id={`edit-${c.id}`} label="Ton commentaire (modifiable 10 minutes)" defaultValue={c.body} />
              </CommentForm>
            </Disclosure>
          ) : null}
          {!c.mine && COMMENT_LOOK[c.status].open ? (
            c.reported ? (
              <span className="text-xs text-neutral-500">Signalé</span>
            ) : (
              <Disclosure label="Signaler">
                <ReportForm dealId={dealId} targetType="comment" targetId={c.id} />
              </Disclosure>
            )
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const commentsWord = (n: number) => pluralForm(n, { one: "commentaire", other: "commentaires" });

/**
 * The deal page's comments (issue #15 item 4): the threads, then « Afficher
 * plus de commentaires » when more top-level comments follow (`next`: a plain
 * link to `?commentaires=<next>`, no JavaScript needed) with how many of the
 * `count` public comments are shown, then the new comment's form or the
 * sign-in link.
 */
export function DealComments({
  dealId,
  count,
  comments,
  signedIn,
  next = null,
  shown = 0,
}: {
  dealId: string;
  count: number;
  comments: DealComment[];
  signedIn: boolean;
  next?: number | null;
  /** the public comments shown, replies included */
  shown?: number;
}) {
  const signIn = `/auth?redirect=${encodeURIComponent(`/coup-de-crevarde/${dealId}#commentaires`)}`;
  return (
    <section id="commentaires" aria-labelledby="deal-comments" className="mt-10">
      <h2 id="deal-comments" className="flex items-center gap-2 text-xl font-bold">
        <MessageSquare className="size-5" aria-hidden="true" /> Commentaires <span data-testid="comments-count">({count})</span>
      </h2>
      {comments.length ? (
        <ol className="mt-4 grid gap-4">
          {comments.map((c) => (
            <li key={c.id} className="rounded-xl border border-neutral-200 p-4" data-testid="comment-thread">
              <CommentItem c={c} dealId={dealId} signedIn={signedIn} topId={c.id} />
              {c.replies.length ? (
                <ol className="mt-3 grid gap-3 border-l-2 border-neutral-200 pl-4">
                  {c.replies.map((r) => (
                    <li key={r.id}>
                      <CommentItem c={r} dealId={dealId} signedIn={signedIn} topId={c.id} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-neutral-600">Aucun commentaire pour l'instant.</p>
      )}
      {next !== null ? (
        <nav aria-label="Plus de commentaires" className="mt-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm" data-testid="comments-more">
          <p className="text-neutral-600" data-testid="comments-shown">
            {Math.min(shown, count)} sur {count} {commentsWord(count)}
          </p>
          {/* back at the last comment read, the next ones right below it */}
          <Link
            to={`/coup-de-crevarde/${dealId}?${COMMENTS_PARAM}=${next}#${comments.length > 0 ? `commentaire-${comments[comments.length - 1]!.id}` : "commentaires"}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            Afficher plus de commentaires
          </Link>
        </nav>
      ) : null}
      {signedIn ? (
        <CommentForm dealId={dealId} intent="comment" submit="Publier le commentaire" testId="comment-form">
          <BodyField id="new-comment" label="Ton commentaire" />
        </CommentForm>
      ) : (
        <p className="mt-4 text-sm">
          <Link to={signIn} className="font-semibold text-brand-700 underline">
            Connecte-toi pour commenter
          </Link>
        </p>
      )}
    </section>
  );
}
