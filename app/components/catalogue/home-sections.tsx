import { CreditCard, Heart, Mouse, ShoppingCart, Star } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import type { Step, Testimonial, Stat } from "#app/modules/content/home-defaults";

const ICONS = { Mouse, ShoppingCart, Heart, CreditCard } as const;

export function Hero({
  titleHtml,
  subtitle,
  stats,
  signedIn,
  conceptHref,
  cards,
}: {
  /** sanitized on the server */
  titleHtml: string;
  subtitle: string;
  /** counted in the database; empty: no figures */
  stats: Stat[];
  signedIn: boolean;
  conceptHref: string;
  cards: Array<{ id: string; title: string; price: string; imageUrl: string | null }>;
}) {
  // the first picture is the largest element of the first screen: fetched first, at once
  const firstPictured = cards.findIndex((c) => c.imageUrl);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div className="min-w-0">
          <h1
            id="hero-title"
            className="text-4xl font-black leading-tight tracking-tight sm:text-5xl [&_.highlight]:text-brand-600"
            dangerouslySetInnerHTML={{ __html: titleHtml }}
          />
          <p className="mt-4 text-lg text-neutral-700">{subtitle}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            {signedIn ? (
              <>
                <Button asChild size="lg">
                  <Link to="/coup-de-crevarde">Voir les deals du jour</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to="/codes-promo">Mes codes promo</Link>
                </Button>
              </>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to="/auth?tab=signup">Rejoins le club</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to={conceptHref}>Découvrir le concept</Link>
                </Button>
              </>
            )}
          </div>
          {stats.length > 0 ? (
            <dl className="mt-10 grid grid-cols-3 gap-4">
              {stats.map((s) => (
                <div key={s.label}>
                  <dt className="text-xs text-neutral-600 sm:text-sm">{s.label}</dt>
                  <dd className="order-first text-2xl font-black text-brand-700 sm:text-3xl">{s.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        {cards.length > 0 ? (
          <div aria-hidden="true" className="min-w-0">
            <ul className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 md:grid md:grid-cols-2 md:overflow-visible">
              {cards.slice(0, 3).map((c, i) => (
                <li
                  key={c.id}
                  className={`w-[80%] shrink-0 snap-center rounded-2xl bg-white p-3 shadow-lg md:w-auto ${i === 2 ? "md:col-span-2 md:mx-auto md:w-2/3" : ""}`}
                >
                  {c.imageUrl ? (
                    <img
                      src={c.imageUrl}
                      alt=""
                      width={480}
                      height={320}
                      loading={i === firstPictured ? "eager" : "lazy"}
                      fetchPriority={i === firstPictured ? "high" : undefined}
                      className="aspect-[3/2] w-full rounded-xl object-cover"
                    />
                  ) : null}
                  <p className="mt-2 truncate text-sm font-semibold">{c.title}</p>
                  <p className="text-lg font-black text-brand-700">{c.price}</p>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function HowItWorks({
  title,
  description,
  steps,
  disclaimer,
}: {
  title: string;
  description: string;
  steps: Step[];
  disclaimer: string;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="how-title">
      <h2 id="how-title" className="text-center text-3xl font-black">
        {title}
      </h2>
      <p className="mt-2 text-center text-neutral-600">{description}</p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((s, i) => {
          const Icon = ICONS[s.icon];
          return (
            <li key={s.title} className="rounded-2xl border border-neutral-200 p-5">
              <div className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-brand-100 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-bold text-neutral-400">{i + 1}</span>
              </div>
              <h3 className="mt-3 text-lg font-bold">{s.title}</h3>
              <p className="mt-1 text-sm text-neutral-600">{s.description}</p>
            </li>
          );
        })}
      </ol>
      <p className="mt-6 text-center text-xs text-neutral-500">{disclaimer}</p>
    </section>
  );
}

export function Testimonials({
  title,
  description,
  list,
  footer,
}: {
  title: string;
  description: string;
  list: Testimonial[];
  footer: string;
}) {
  return (
    <section className="bg-brand-50" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="testimonials-title" className="text-center text-3xl font-black">
          {title}
        </h2>
        <p className="mt-2 text-center text-neutral-600">{description}</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {list.map((t) => (
            <li key={t.id} className="rounded-2xl bg-white p-5 shadow-sm">
              <p className="flex gap-0.5" role="img" aria-label={`Note : ${t.rating} sur 5`}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    key={i}
                    aria-hidden="true"
                    className={`size-4 ${i < t.rating ? "fill-amber-400 text-amber-400" : "text-neutral-300"}`}
                  />
                ))}
              </p>
              <blockquote className="mt-3 text-neutral-800">« {t.content} »</blockquote>
              <p className="mt-3 text-sm font-semibold text-neutral-600">{t.author}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center font-semibold text-brand-800">{footer}</p>
      </div>
    </section>
  );
}
