import { Gift, Heart, ShoppingBag, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/temu";
import { BrandLogo } from "#app/components/catalogue/brand-logo";
import { CopyButton } from "#app/components/catalogue/copy-button";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { CountdownBanner, useCountdown } from "#app/components/growth/countdown-banner";
import { NewsletterForm } from "#app/components/newsletter-form";
import { buttonVariants } from "#app/components/ui/button";
import { getSessionUser } from "#app/lib/auth.server";
import { seo } from "#app/lib/seo";
import { maskCode } from "#app/modules/promo-codes/promo-codes";
import { getSetting } from "#app/modules/settings/settings.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { countdownParts, TEMU_COUPONS, TEMU_DESTINATION } from "#app/modules/temu/countdown";
import { AffiliateLink } from "#app/components/catalogue/affiliate-link";
import { announcedBonus, bonusLabel, offerPeriod, offerValidity } from "#app/modules/temu/offer";

export async function loader({ request }: Route.LoaderArgs) {
  const [startsAt, endsAt, bonusPercent, launched, user] = await Promise.all([
    getSetting("temu_offer_starts_at"),
    getSetting("temu_offer_ends_at"),
    getSetting("temu_cashback_bonus_percent"),
    getSetting("cashback_launched"),
    getSessionUser(request),
  ]);
  const signedIn = Boolean(user);
  return {
    endsAt,
    over: countdownParts(endsAt) === null,
    period: offerPeriod(startsAt, endsAt),
    endDay: formatParis(endsAt, "d MMMM yyyy"),
    validity: offerValidity(startsAt, endsAt),
    // the cashback bonus is announced only once cashback exists (issue #11 item 6)
    bonus: announcedBonus(bonusPercent, launched),
    signedIn,
    // the codes are for members: visitors see them masked (ADR 006)
    coupons: TEMU_COUPONS.map((c) => ({ ...c, code: signedIn ? c.code : maskCode(c.code) })),
  };
}

/** "Jusqu'à 100€ de coupons" plus the cashback bonus when there is one to announce. */
const pitch = (bonus: number | null) => `Jusqu'à 100€ de coupons${bonus ? ` et ${bonusLabel(bonus)}` : ""}.`;

export const meta: Route.MetaFunction = ({ matches, data }) => {
  // an ended offer is no longer sold: no Offer structured data, a title that says it is over
  if (!data || data.over) {
    return seo(
      {
        title: "Offre Fête des Mères Temu terminée",
        description: "L'offre spéciale Fête des Mères sur Temu est terminée. Retrouve nos bons plans du moment dans le Coup de Crevarde.",
        path: "/temu",
      },
      matches,
    );
  }
  return seo(
    {
      title: "Fête des Mères : jusqu'à 100€ de coupons Temu",
      description: `Offre spéciale Fête des Mères, valable ${data.period} : ${pitch(data.bonus).toLowerCase()} Nos codes prêts à l'emploi.`,
      path: "/temu",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Offer",
        name: "Offre spéciale Fête des Mères",
        description: pitch(data.bonus),
        validFrom: data.validity.validFrom,
        validThrough: data.validity.validThrough,
        priceCurrency: "EUR",
        url: TEMU_DESTINATION,
      },
    },
    matches,
  );
};

const STEPS = [
  { icon: Gift, title: "Copie ton code", text: "Choisis ton coupon ci-dessous et copie-le en un clic." },
  { icon: ShoppingBag, title: "Remplis ton panier", text: "Fais ton shopping sur Temu comme d'habitude." },
  { icon: Heart, title: "Colle et économise", text: "Colle le code au paiement et profite de la réduction." },
];

export default function Temu({ loaderData }: Route.ComponentProps) {
  const { endsAt, signedIn, coupons, period, endDay, bonus } = loaderData;
  const parts = useCountdown(endsAt, loaderData.over);
  // once the offer has ended the page says so first and no longer sells it (issue #11 item 6)
  if (parts === null) return <TemuEnded endDay={endDay} />;
  return (
    <div>
      <CountdownBanner parts={parts} />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-12 text-center">
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-1 text-sm font-bold text-white">
            <Sparkles className="size-4" aria-hidden="true" /> Offre spéciale Fête des Mères
          </p>
          <h1 className="mt-4 text-4xl font-black tracking-tight sm:text-5xl">Jusqu'à 100€ de coupons pour gâter ta maman</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-700">
            Nos codes Temu prêts à l'emploi
            {bonus ? (
              <>
                , et <strong>{bonusLabel(bonus)}</strong> pour les membres pendant l'offre
              </>
            ) : null}
            . Valable {period}.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="coupons-title">
        <h2 id="coupons-title" className="text-2xl font-black">
          Nos coupons prêts à l'emploi
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {coupons.map((c) => (
            <li key={c.action} className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm">
              <div className="flex items-center gap-3">
                <BrandLogo src={null} name="Temu" />
                <h3 className="text-lg font-bold">{c.label}</h3>
              </div>
              <p className="text-sm text-neutral-600">{c.description}</p>
              <div className="mt-auto flex items-center gap-2">
                <code className="flex-1 rounded-xl border border-dashed border-brand-300 bg-brand-50 px-3 py-2 text-center font-mono font-bold">{c.code}</code>
                {signedIn ? <CopyButton code={c.code} /> : null}
              </div>
              {signedIn ? (
                <AffiliateLink
                  link={{ destination: TEMU_DESTINATION, action: `temu_${c.action}`, label: c.label }}
                  js
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  wrapperClassName="items-stretch! text-center"
                >
                  J'en profite sur Temu
                </AffiliateLink>
              ) : (
                <Link to="/auth?tab=signup&redirect=/temu" className="text-sm font-semibold text-brand-700 underline">
                  Crée ton compte pour débloquer le code
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-neutral-50">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-black">L'offre en résumé</h2>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-neutral-700">
              <li>Jusqu'à 100€ de coupons sur ta commande Temu</li>
              {bonus ? <li>{bonusLabel(bonus)} pour les membres pendant l'offre</li> : null}
              <li>Valable {period}</li>
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-black">Comment ça marche ?</h2>
            <ol className="mt-4 space-y-3">
              {STEPS.map((s, i) => (
                <li key={s.title} className="flex gap-3">
                  <s.icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                  <p>
                    <strong>
                      {i + 1}. {s.title}
                    </strong>{" "}
                    {s.text}
                  </p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-black">Pourquoi on en parle ?</h2>
          <p className="mt-3 text-neutral-700">
            Parce que la Fête des Mères ne devrait pas vider ton compte. Temu propose des prix très bas : avec ces coupons, ça
            devient vraiment intéressant. Mais comme toujours, on reste honnêtes : la qualité varie d'un produit à l'autre.
          </p>
        </div>
        <div>
          <h2 className="text-2xl font-black">C'est pour qui ?</h2>
          <p className="mt-3 text-neutral-700">
            Pour toi qui veux offrir un joli cadeau sans exploser ton budget : accessoires, déco, beauté ou petits gadgets qui font
            plaisir.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 pb-10">
        <div className="rounded-3xl bg-brand-50 p-6">
          <h2 className="text-2xl font-black">En résumé</h2>
          <p className="mt-2 text-neutral-700">
            Un code, un panier, jusqu'à 100€ d'économies{bonus ? ` et ${bonusLabel(bonus)}` : ""}. Facile.
          </p>
          <h2 className="mt-6 text-xl font-black">Et après ?</h2>
          <p className="mt-2 text-neutral-700">
            Continue à économiser avec nos{" "}
            <Link to="/coup-de-crevarde" className="font-semibold text-brand-700 underline">
              Coups de Crevarde du jour
            </Link>
            .
          </p>
        </div>
      </section>

      <TemuNewsletter />
    </div>
  );
}

/** The ended offer: said first, nothing left to sell, where to go next. */
function TemuEnded({ endDay }: { endDay: string }) {
  return (
    <div>
      <section className="bg-neutral-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center">
          <h1 className="text-4xl font-black tracking-tight">Cette offre est terminée</h1>
          <p className="mt-4 text-lg text-neutral-700">
            L'offre spéciale Fête des Mères sur Temu a pris fin le {endDay} : ses coupons ne sont plus proposés.
          </p>
          <Link to="/coup-de-crevarde" className={buttonVariants({ size: "lg", className: "mt-6" })}>
            Voir les deals du jour
          </Link>
        </div>
      </section>
      <TemuNewsletter />
    </div>
  );
}

function TemuNewsletter() {
  return (
    <section className="mx-auto max-w-5xl px-4 pb-12" aria-labelledby="temu-newsletter">
      <div className="rounded-3xl bg-brand-700 p-6 text-center text-white">
        <h2 id="temu-newsletter" className="text-2xl font-black">
          Ne rate plus aucune offre
        </h2>
        <NewsletterForm source="temu" className="mx-auto mt-4 max-w-md" />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
