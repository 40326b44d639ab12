/**
 * The help centre's sections, in the order /aide shows them, and the
 * articles the cashback screens link to (issue #34 item 7, ADR 041).
 * Client-safe: no server import. The sections are also the database's
 * check (db/schema/support.ts).
 */
export const HELP_SECTIONS = ["cashback", "codes-promo", "deals", "compte", "paiements"] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

export const HELP_SECTION_LABELS: Record<HelpSection, string> = {
  cashback: "Cashback",
  "codes-promo": "Codes promo",
  deals: "Deals",
  compte: "Mon compte",
  paiements: "Paiements",
};

export const HELP_PATH = "/aide";

export const helpArticlePath = (slug: string) => `${HELP_PATH}/${slug}`;

/** The articles a cashback screen links to (seeded by app/seed/data/help.ts; an admin may edit, not rename, them). */
export const HELP_ARTICLE_SLUGS = {
  /** « Pourquoi mon achat n'apparaît pas ? »: /mon-cashback and the claims page */
  missingPurchase: "pourquoi-mon-achat-n-apparait-pas",
  /** « Quand serai-je payé ? »: /mon-cashback, its withdrawals, the claims page */
  whenPaid: "quand-serai-je-paye",
} as const;
