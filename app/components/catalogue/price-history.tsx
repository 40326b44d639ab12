import { Link } from "react-router";
import { HISTORY_PERIODS, type PriceHistoryView } from "~/modules/prices/price-chart";

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
