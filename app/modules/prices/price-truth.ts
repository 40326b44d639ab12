/**
 * What a deal card and the deal page show of the reference price (issue #39
 * item 3, ADR 049): written on the server (dates, amounts), so the browser only
 * places these strings. Client-safe: types only.
 */
export interface PriceTruth {
  /** « Prix le plus bas des 30 derniers jours : 11,49 € » */
  lowest: string;
  /** the reduction from the reference price, « -13 % »; null when it is none */
  percent: string | null;
  /** the same in whole percent, 0 when it is none (a brand's « Jusqu'à -X % ») */
  reduction: number;
  /** the typed original price is above the reference: « Prix barré annoncé » and « Réduction surestimée » */
  overstated: boolean;
  /** « Pas une baisse : déjà vu à 1,29 € le 12 novembre 2026 », or the reference of a run of successive reductions */
  note: string | null;
}
