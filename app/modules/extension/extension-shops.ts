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
  /** CSS selectors of its checkout, where « Tester les codes » is offered (issue #40 item 6); null: none */
  checkoutSelectors: CheckoutSelectors | null;
}

/**
 * A shop's checkout as the extension reads it (issue #40 item 6, ADR 050): a page is its checkout when the
 * coupon field, the apply button and the total are all on it. Set in the back office's brand form.
 */
export interface CheckoutSelectors {
  /** the coupon code field */
  couponInput: string;
  /** the button that applies the typed code */
  applyButton: string;
  /** the order's total (« 49,90 € »), read after each code */
  total: string;
  /** the shop's message that a code was refused (optional: without it, a refused code reads « no effect ») */
  couponError?: string;
  /** what only the shop's error page shows: the test stops there (optional: it still stops when the field or total is gone) */
  errorPage?: string;
  /**
   * the button that removes an applied code, on a checkout that stacks codes (optional: the extension then removes the
   * code it applied before trying the next, so that each is measured alone, and never a code applied before its run)
   */
  removeCoupon?: string;
}

/** The answer of GET /api/extension/marchands. */
export interface ExtensionShopList {
  shops: ExtensionShop[];
}

/** One live code of a shop, as GET /api/extension/marchands/:programId/codes answers it (masked for a visitor, like the site). */
interface ExtensionCode {
  id: string;
  code: string;
  /** « -10 % » */
  discount: string;
  masked: boolean;
}

/** The answer of GET /api/extension/marchands/:programId/codes: `signedIn` false means the codes are masked and no result would count. */
export interface ExtensionCodeList {
  signedIn: boolean;
  codes: ExtensionCode[];
}

/** The answer of GET /api/extension/moi (the popup, issue #40 item 7): the signed-in member's balances as /mon-cashback words them, or null. */
export interface ExtensionMoi {
  member: { displayName: string; available: string; pending: string } | null;
}

/** The answer of POST /api/extension/codes/:id/resultat. */
export interface ExtensionReportAnswer {
  recorded: boolean;
  message: string;
}
