import { BadgePercent, Zap } from "lucide-react";
import { buttonVariants } from "#app/components/ui/button";
import { activateHref } from "#app/modules/cashback/offer";

export interface CashbackBlockData {
  programId: string;
  rates: { label: string; memberRate: string; usualRate?: string | null }[];
  conditions: string | null;
  delayText: string;
  cookieDays: number;
}

/**
 * The cashback block of a brand page (ADR 037 §Brand page). A plain link: the server
 * records the click and answers 302 to the network (no JavaScript needed);
 * a visitor is sent to sign in and back.
 */
export function CashbackBlock({ offer, brandName, signedIn }: { offer: CashbackBlockData; brandName: string; signedIn: boolean }) {
  return (
    <section aria-labelledby="brand-cashback" className="mt-8 rounded-3xl border border-brand-200 bg-brand-50 p-6" data-testid="cashback-block">
      <h2 id="brand-cashback" className="flex items-center gap-2 text-2xl font-black">
        <BadgePercent aria-hidden="true" className="text-brand-600" /> Cashback {brandName}
      </h2>
      {signedIn ? (
        <>
          {offer.rates.length > 0 ? (
            <table className="mt-4 w-full max-w-md text-left">
              <caption className="sr-only">Taux de cashback reversés</caption>
              <thead>
                <tr className="text-sm text-neutral-600">
                  <th scope="col" className="py-1 font-semibold">
                    Achat
                  </th>
                  <th scope="col" className="py-1 text-right font-semibold">
                    Cashback reversé
                  </th>
                </tr>
              </thead>
              <tbody>
                {offer.rates.map((r) => (
                  <tr key={r.label} className="border-t border-brand-200">
                    <td className="py-1">{r.label}</td>
                    <td className="py-1 text-right font-bold text-brand-700">
                      {r.memberRate}
                      {r.usualRate ? <span className="ml-1 text-sm font-normal text-neutral-600">au lieu de {r.usualRate}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {offer.conditions ? <p className="mt-3 whitespace-pre-line text-sm text-neutral-700">{offer.conditions}</p> : null}
          <p className="mt-3 text-sm text-neutral-700">{offer.delayText}</p>
          <p className="mt-1 text-sm text-neutral-700">Achat suivi pendant {offer.cookieDays} jours après ton clic.</p>
        </>
      ) : (
        <p className="mt-3 text-neutral-700">Connecte-toi pour voir les taux et activer le cashback sur tes achats {brandName}.</p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <a href={activateHref(offer.programId)} rel="nofollow" className={buttonVariants({ size: "lg" })}>
          Activer le cashback
        </a>
        <div className="text-sm text-neutral-600">
          <p className="font-semibold">Avant de partir, pour que ton achat soit suivi :</p>
          <ul className="mt-1 list-disc pl-5">
            <li>désactive ton bloqueur de publicité ;</li>
            <li>accepte les cookies du site marchand ;</li>
            <li>n'utilise pas d'autre code promo ni d'autre site de cashback.</li>
          </ul>
        </div>
      </div>
    </section>
  );
}

/** « Cashback boosté : 10 % au lieu de 7 % jusqu'au 3 décembre » (issue #34 item 6): on every surface that shows a boosted rate. */
export function BoostNote({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p className={`flex items-start gap-1 text-sm font-semibold text-amber-800 ${className}`} data-testid="cashback-boost">
      <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
