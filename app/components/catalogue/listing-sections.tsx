import type { PublicPromoCode } from "#app/modules/promo-codes/promo-codes.server";
import type { CodeFeedbackView } from "#app/modules/promo-codes/code-feedback.server";
import { memberCode, memberDeal } from "#app/modules/members/moi";
import { useMoi } from "#app/root";
import { DealCard, type DealCardData } from "./deal-card";
import { PromoCodeCard } from "./promo-code-card";

/**
 * A titled grid of promo codes (masked for visitors by the loader), with the spec's empty text. On a shared page
 * (ADR 048) the member's codes, links and answers come from /api/moi once it has answered.
 */
export function PromoCodesSection({
  id,
  title,
  codes,
}: {
  id: string;
  title: string;
  codes: (PublicPromoCode & { cashbackHref?: string | null; feedback?: CodeFeedbackView })[];
}) {
  const moi = useMoi();
  return (
    <section className="mt-10" aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-black">
        {title}
      </h2>
      {codes.length === 0 ? (
        <p className="mt-4 text-neutral-600">Aucun code promo disponible</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {codes.map((c) => (
            <li key={c.id}>
              <PromoCodeCard code={moi ? memberCode(c, moi) : c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A titled grid of deals, as their member sees them once /api/moi has answered; nothing at all when there are none. */
export function DealsSection({ id, title, deals }: { id: string; title: string; deals: DealCardData[] }) {
  const moi = useMoi();
  if (deals.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-black">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {deals.map((d) => (
          <li key={d.id}>
            <DealCard deal={moi ? memberDeal(d, moi) : d} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A promo code card on a shared page that keeps « Ça a marché ? » a plain form until /api/moi has named a visitor
 * (ADR 048): the member's code, link and answer from /api/moi once it has answered.
 */
export function SharedPromoCodeCard({ code }: { code: PublicPromoCode & { feedback?: CodeFeedbackView } }) {
  const moi = useMoi();
  return <PromoCodeCard code={moi ? memberCode(code, moi) : code} visitor={moi ? !moi.user : false} />;
}
