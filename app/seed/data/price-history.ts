/**
 * The demo's price history (issue #39 item 7, ADR 049): for a dozen of the demo
 * deals' products, by deal title, the prices a merchant feed saw, as
 * [days before the seed time, price in cents], oldest first. The deal's own
 * price is added at its publication. What each one shows on its card:
 */
export const PRICE_HISTORY: Record<string, [number, number][]> = {
  // « -50 % » from a typed 29,98 €, but it sold at 16,99 € within the 30 days: -11 %, « Réduction surestimée »
  "Vernis semi-permanent kit débutante": [[88, 2998], [55, 1699], [20, 1799]],
  // a run of successive reductions since 40 days ago: the reference is the price before the first one, 12,90 €
  "Brosse nettoyante visage en silicone": [[85, 1290], [40, 990], [20, 799]],
  // already at 3,99 € 25 days ago: « Pas une baisse »
  "Palette 18 fards à paupières nude": [[80, 699], [25, 399]],
  "Rouleau de jade et gua sha": [[70, 890], [35, 690]],
  "Lot de 20 pinceaux de maquillage": [[90, 2999], [50, 1299], [12, 1099]],
  "Masques en tissu à l'acide hyaluronique x10": [[60, 499], [20, 349]],
  "Miroir lumineux LED grossissant": [[75, 1490], [40, 1390], [5, 1490]],
  // already at 1,49 € 14 days ago: « Pas une baisse »
  "Bandeau skincare oreilles de chat": [[50, 199], [14, 149]],
  // a run of successive reductions: -50 % from 19,99 €, true
  "Legging de sport taille haute": [[88, 1999], [45, 1499], [22, 1299]],
  "Diffuseur d'huiles essentielles effet bois": [[80, 1999], [33, 1749]],
  // a rise then a fall: no series, the 30-day low (3,49 €)
  "Pinces à cheveux griffes x6": [[70, 279], [40, 399], [20, 349]],
  // already at 5,49 € 30 days ago: « Pas une baisse »
  "Sac banane de running": [[65, 899], [29, 549]],
};

/**
 * The demo offers' price history (ADR 049 §The offer page), by offer name, as above over a year: the offer's own
 * regular price is added at the seed time. « Huile Prodigieuse » at 32,90 € sold at 27,90 € 18 days ago: its card
 * and page show « Prix le plus bas des 30 derniers jours : 27,90 € », and each period of its chart differs.
 */
export const OFFER_PRICE_HISTORY: Record<string, [number, number][]> = {
  "Huile Prodigieuse 100 ml": [[340, 2990], [220, 3490], [150, 2790], [75, 2990], [40, 3290], [18, 2790], [6, 3290]],
};
