import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/utils";
import { NO_REASONS, type NoReason } from "#app/modules/promo-codes/code-feedback";
import type { CodeFeedbackView } from "#app/modules/promo-codes/code-feedback.server";
import { useToastFetcher } from "./use-toast-fetcher";

/** « 92 % de réussite · vérifié il y a 2 heures » (nothing under the minimum number of answers). */
export function CodeFeedbackRate({ feedback }: { feedback: CodeFeedbackView }) {
  if (!feedback.rate) return null;
  return (
    <p className="text-xs font-semibold text-neutral-700" data-testid="code-feedback-rate">
      {feedback.rate}
      {feedback.verified ? ` · ${feedback.verified}` : ""}
    </p>
  );
}

type Figures = Pick<CodeFeedbackView, "rate" | "verified">;
type FeedbackReply = { ok: true; mine: boolean | null; reason: NoReason | null; message: string; figures: Figures } | { ok: false; message: string };

/**
 * « Ça a marché ? » under a code: « Oui » / « Non » for a member (click the
 * chosen answer's « Annuler » to undo), a sign-in link for a visitor. A plain
 * form POST to /codes-promo before hydration, a fetcher with a toast after.
 * `highlight`: the member has just copied the code.
 */
export function CodeFeedbackQuestion({
  codeId,
  feedback,
  visitor,
  highlight,
  onFigures,
}: {
  codeId: string;
  feedback: CodeFeedbackView;
  visitor: boolean;
  highlight: boolean;
  /** the code's figures once the member's answer is counted (the rate beside the question shows them) */
  onFigures?: (figures: Figures) => void;
}) {
  const { fetcher, back, hydrated } = useToastFetcher<FeedbackReply>();
  const reply = fetcher.data;
  useEffect(() => {
    if (reply?.ok) onFigures?.(reply.figures);
  }, [reply, onFigures]);

  if (visitor) {
    return (
      <p className="text-xs text-neutral-600">
        Ça a marché ?{" "}
        <Link to={`/auth?redirect=${encodeURIComponent(back)}`} className="font-semibold text-brand-700 underline">
          Connecte-toi
        </Link>{" "}
        pour répondre.
      </p>
    );
  }

  const pending = fetcher.formData?.get("answer");
  const mine = pending ? (pending === "annuler" ? null : pending === "oui") : fetcher.data?.ok ? fetcher.data.mine : feedback.mine;
  const pendingReason = fetcher.formData?.get("reason");
  const mineReason =
    mine !== false ? null : typeof pendingReason === "string" ? (pendingReason as NoReason) : fetcher.data?.ok ? fetcher.data.reason : feedback.mineReason;
  return (
    <div className="space-y-2">
      <fetcher.Form
        method="post"
        action="/codes-promo"
        className={cn("flex flex-wrap items-center gap-2 rounded-xl text-sm", highlight && "bg-brand-50 p-2 ring-2 ring-brand-300")}
        aria-label="Ça a marché ?"
      >
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
        <input type="hidden" name="promoCodeId" value={codeId} />
        <input type="hidden" name="redirectTo" value={back} />
        <span className="font-semibold" aria-live="polite">
          {mine === null ? "Ça a marché ?" : mine ? "Ta réponse : ça a marché" : "Ta réponse : ça n'a pas marché"}
        </span>
        <Button type="submit" name="answer" value="oui" size="sm" variant={mine === true ? "default" : "outline"} aria-pressed={mine === true}>
          Oui
        </Button>
        <Button type="submit" name="answer" value="non" size="sm" variant={mine === false ? "default" : "outline"} aria-pressed={mine === false}>
          Non
        </Button>
        {mine !== null ? (
          <Button type="submit" name="answer" value="annuler" size="sm" variant="ghost">
            Annuler
          </Button>
        ) : null}
      </fetcher.Form>
      {mine === false ? (
        <fetcher.Form
          method="post"
          action="/codes-promo"
          className="flex flex-wrap items-center gap-1.5 text-xs"
          aria-label="Pourquoi le code n'a pas marché ?"
        >
          {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
          <input type="hidden" name="promoCodeId" value={codeId} />
          <input type="hidden" name="redirectTo" value={back} />
          <input type="hidden" name="answer" value="non" />
          <span className="font-semibold text-neutral-700">Pourquoi ? (facultatif)</span>
          {(Object.entries(NO_REASONS) as [NoReason, string][]).map(([value, label]) => (
            <Button
              key={value}
              type="submit"
              name="reason"
              value={value}
              size="xs"
              variant={mineReason === value ? "default" : "outline"}
              aria-pressed={mineReason === value}
            >
              {label}
            </Button>
          ))}
        </fetcher.Form>
      ) : null}
    </div>
  );
}
