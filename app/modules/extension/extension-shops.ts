/**
 * The partner shops the browser extension knows (issue #40 item 2, ADR 050): what
 * GET /api/extension/marchands answers and what the extension keeps for an hour. Pure and
 * free of server code: the extension (extension/) imports these types.
 */

/** One partner shop as the extension matches and shows it. */
export interface ExtensionShop {
  /** the programme « Activer le cashback » goes through: /cashback/activer/:programId */
  programId: string;
  /** the brand's name, as on the site (« Nuxe ») */
  name: string;
  /** its registrable domains (« nuxe.com »): a page matches when its host is one of them or under one */
  domains: string[];
  /** its cashback as the brand page shows it, boosts included (« Jusqu'à 7 % de cashback ») */
  rateLabel: string;
  /** its live promo codes, as counted on the brand page */
  liveCodes: number;
  /** CSS selectors of its checkout (coupon field, total) for testing codes; null until set */
  checkoutSelectors: CheckoutSelectors | null;
}

interface CheckoutSelectors {
  couponInput: string;
  applyButton: string;
  total: string;
}

/** The answer of GET /api/extension/marchands. */
export interface ExtensionShopList {
  shops: ExtensionShop[];
}
