import { useState } from "react";
import { CodeSignUpPrompt } from "./code-sign-up-prompt";
import { Badge } from "#app/components/ui/badge";
import { cn } from "#app/lib/utils";
import type { PublicPromoCode } from "#app/modules/promo-codes/promo-codes.server";
import type { CodeFeedbackView } from "#app/modules/promo-codes/code-feedback.server";
import { CodeFeedbackQuestion, CodeFeedbackRate } from "./code-feedback";
import { AffiliateLink } from "./affiliate-link";
import { BrandLogo } from "./brand-logo";
import { CopyButton } from "./copy-button";

/**
 * `visitor`: whether « Ça a marché ? » is the sign-in prompt; by default when the code is masked. A shared page that
 * keeps the question a plain form until /api/moi has named a visitor (ADR 048) says so itself: without JavaScript
 * a member's answer still posts, and the server authorizes it.
 */
export function PromoCodeCard({ code, visitor = code.masked }: { code: PublicPromoCode & { cashbackHref?: string | null; feedback?: CodeFeedbackView }; visitor?: boolean }) {
  const expired = code.status === "expired";
  // « Ça a marché ? » stands out once the member has copied the code
  const [copied, setCopied] = useState(false);
  // the figures with the member's own answer counted, once they have answered here
  const [figures, setFigures] = useState<Pick<CodeFeedbackView, "rate" | "verified"> | null>(null);
  const feedback = code.feedback && figures ? { ...code.feedback, ...figures } : code.feedback;
  return (
    <article
      className={cn("flex min-w-0 flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm", expired && "opacity-60")}
      aria-label={`Code promo ${code.brandName}`}
      data-moi-code={code.id}
    >
      <div className="flex flex-wrap items-center gap-3">
        <BrandLogo src={code.brandImage} name={code.brandName} />
        {/* at least 8rem for the name and discount: on a narrow card the badge moves below */}
        <div className="min-w-0 flex-1 basis-32">
          <h3 className="truncate font-bold">{code.brandName}</h3>
          <p className="text-2xl font-black text-brand-700">{code.discount}</p>
        </div>
        {code.status === "expired" ? <Badge variant="neutral">Expiré</Badge> : null}
        {code.status === "soon" ? <Badge variant="risky">Expire bientôt</Badge> : null}
      </div>
      {code.description ? <p className="text-sm text-neutral-600">{code.description}</p> : null}
      {code.expiresOn ? (
        <p className="text-xs text-neutral-500">
          {expired ? "A expiré le" : "Valable jusqu'au"} {code.expiresOn}
        </p>
      ) : (
        <p className="text-xs text-neutral-500">Sans date limite</p>
      )}
      <div className="mt-auto flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-xl border border-dashed border-brand-300 bg-brand-50 px-3 py-2 text-center font-mono text-sm font-bold tracking-wider">
          {code.code}
        </code>
        {code.masked || expired ? null : <CopyButton code={code.code} onCopied={() => setCopied(true)} />}
      </div>
      {feedback ? <CodeFeedbackRate feedback={feedback} /> : null}
      {feedback && !expired ? <CodeFeedbackQuestion codeId={code.id} feedback={feedback} visitor={visitor} highlight={copied} onFigures={setFigures} /> : null}
      {code.masked ? (
        <CodeSignUpPrompt />
      ) : code.url && !expired ? (
        <AffiliateLink
          link={{ destination: code.url, action: "promo_code_click", label: code.brandName, promoCodeId: code.id }}
          href={code.cashbackHref}
          className="text-sm font-semibold text-brand-700 hover:underline"
          inline
        >
          Aller sur le site de {code.brandName}
        </AffiliateLink>
      ) : null}
    </article>
  );
}
