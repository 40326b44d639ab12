import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NO_PRICE_HISTORY, type PriceHistoryView } from "#app/modules/prices/price-chart";
import { PriceHistory } from "./price-history";

const render = (history: PriceHistoryView) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => <PriceHistory history={history} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
};

describe("PriceHistory (issue #39 item 4, ADR 049)", () => {
  it("says « Pas encore d'historique de prix » without a chart, and still offers the periods as links", () => {
    const html = render({ days: 90, summary: NO_PRICE_HISTORY, chart: null });
    expect(html).toContain("Pas encore d&#x27;historique de prix");
    expect(html).not.toContain("<svg");
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(["/?historique=30#historique-prix", "/?historique=90#historique-prix", "/?historique=365#historique-prix"]);
    expect([...html.matchAll(/aria-current="(\w+)"/g)].map((m) => m[1])).toEqual(["false", "page", "false"]);
  });

  it("draws the server's path in an SVG named for the period, its figures, and a table as its alternative", () => {
    const html = render({
      days: 30,
      summary: "Du 30 oct. 2026 au 29 nov. 2026 : plus bas 1 €, moyen 2 €, plus haut 3 €",
      chart: { label: "Historique du prix sur 30 jours", path: "M0 12H300V148H600", low: "1 €", average: "2 €", high: "3 €", rows: [{ date: "12 oct. 2026", price: "3 €" }, { date: "14 nov. 2026", price: "1 €" }] },
    });
    expect(html).toMatch(/<svg role="img" aria-label="Historique du prix sur 30 jours" viewBox="0 0 600 160"/);
    expect(html).toContain('d="M0 12H300V148H600"');
    expect(html).toContain("plus bas 1 €, moyen 2 €, plus haut 3 €");
    expect([...html.matchAll(/<t[hd][^>]*>([^<]+)<\/t[hd]>/g)].map((m) => m[1])).toEqual(["12 oct. 2026", "3 €", "14 nov. 2026", "1 €"]);
    expect(html).toMatch(/aria-current="page"[^>]*>30(<!-- -->)? jours</);
  });
});
