import { Link } from "react-router";
import { HISTORY_PERIODS, type PriceHistoryView } from "#app/modules/prices/price-chart";

/**
 * A product's price history (issue #39 item 4, ADR 049): an SVG drawn from the server's path, its figures,
 * and a table as its accessible alternative, all written on the server. No hooks and few elements (the deal
 * page's JS budget): the period is a link (`?historique=`), so it works without JS.
 */
export function PriceHistory({ history: { chart, days, summary } }: { history: PriceHistoryView }) {
  return (
    <section id="historique-prix" className="mt-8">
      <h2 className="text-xl font-bold">Historique du prix</h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {HISTORY_PERIODS.map((d) => (
          <Link key={d} to={`?historique=${d}#historique-prix`} aria-current={d === days && "page"} className={d === days ? "font-bold" : "text-brand-700 underline"}>
            {d} jours
          </Link>
        ))}
      </p>
      <p className="text-sm">{summary}</p>
      {chart ? (
        <>
          <svg role="img" aria-label={chart.label} viewBox="0 0 600 160" preserveAspectRatio="none" className="h-40 w-full">
            <path d={chart.path} className="fill-none stroke-brand-700 stroke-2" vectorEffect="non-scaling-stroke" />
          </svg>
          <details className="text-sm">
            <summary>Voir les prix par date</summary>
            <table>
              <tbody>
                {chart.rows.map((row) => (
                  <tr key={row.date}>
                    <th className="pr-4 text-left">{row.date}</th>
                    <td>{row.price}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
    </section>
  );
}

/**
 * « Préviens-moi sous … € » (issue #39 item 5, ADR 049 §Alerts): a plain form posted to the deal page's action,
 * so it works without JS (a visitor is sent to sign in and back). The same for everyone: a member who already
 * follows the product gives it a new threshold. As few bytes as can be (the deal page's JS budget): the button
 * carries the intent (PRICE_ALERT_INTENT, written out: importing it would cost a chunk), Enter submits with it.
 */
export function PriceAlertForm({ threshold, error }: { threshold: string; error?: string }) {
  return (
    <form method="post" className="flex flex-wrap items-center gap-2">
      <label>
        Préviens-moi sous <input name="threshold" defaultValue={threshold} inputMode="decimal" className="w-16 rounded-md border" /> €
      </label>
      <button name="intent" value="price-alert" className="font-semibold text-brand-700 underline">
        Suivre le prix
      </button>
      {error ? (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
