import type { NetworkName } from "#app/modules/networks/networks";

/**
 * Why a network refused (or took back) a purchase, in plain French for the
 * member (issue #12 item 7). Networks send free text or codes (Awin
 * `declineReason`, Impact `StatusDetail`, CJ `correctionReason`); they are
 * mapped to a short list of codes, with a neutral French default.
 */
const REASON_TEXT_FR = {
  returned: "Commande retournée",
  cancelled: "Commande annulée",
  duplicate: "Commande enregistrée en double",
  not_new_customer: "Offre réservée aux nouveaux clients",
  voucher: "Code promo non autorisé par le marchand",
  conditions: "Conditions de l'offre non respectées",
  unpaid: "Commande non payée",
  fraud: "Commande jugée non conforme par le marchand",
  fx_review: "Devise étrangère : montant en cours de vérification",
  amount_review: "Montant inhabituel : en cours de vérification par notre équipe",
  merchant_declined: "Refusé par le marchand",
} as const;

export type ReasonCode = keyof typeof REASON_TEXT_FR;

const DEFAULT_REASON: ReasonCode = "merchant_declined";

/** Exact network codes (upper-cased) → our code. */
const EXACT: Partial<Record<NetworkName | "*", Record<string, ReasonCode>>> = {
  cj: {
    RETURNED_MERCHANDISE: "returned",
    RETURNED: "returned",
    CANCELLED_ORDER: "cancelled",
    ORDER_CANCELLED: "cancelled",
    DUPLICATE_ORDER: "duplicate",
    DUPLICATE: "duplicate",
    FRAUDULENT: "fraud",
    FRAUD: "fraud",
    NON_PAYMENT: "unpaid",
    NOT_NEW_CUSTOMER: "not_new_customer",
  },
  impact: {
    RETURNED: "returned",
    "ORDER RETURNED": "returned",
    CANCELLED: "cancelled",
    "ORDER CANCELLED": "cancelled",
    DUPLICATE: "duplicate",
    "DUPLICATE ORDER": "duplicate",
    "EXISTING CUSTOMER": "not_new_customer",
    "INVALID PROMO CODE": "voucher",
    FRAUD: "fraud",
  },
};

/** Free-text fallbacks (English and French), tried in order. */
const KEYWORDS: Array<[RegExp, ReasonCode]> = [
  [/retour|return|refund|rembours|rückgabe/i, "returned"],
  [/annul|cancel|storn/i, "cancelled"],
  [/doublon|dupli/i, "duplicate"],
  [/nouveau client|new customer|existing customer|client existant|déjà client/i, "not_new_customer"],
  [/voucher|coupon|code promo|promo code|discount code/i, "voucher"],
  [/fraud/i, "fraud"],
  [/unpaid|not paid|non[- ]pay|impay|payment (failed|declined)/i, "unpaid"],
  [/condition|terms|t&c|cgv|policy|politique/i, "conditions"],
];

/** The code for a network's decline reason (null or unknown → the default). */
export function reasonCodeFor(network: NetworkName, raw: string | null | undefined): ReasonCode {
  const text = (raw ?? "").trim();
  if (!text) return DEFAULT_REASON;
  const exact = EXACT[network]?.[text.toUpperCase().replace(/\s+/g, " ")];
  if (exact) return exact;
  for (const [pattern, code] of KEYWORDS) if (pattern.test(text.replace(/_/g, " "))) return code;
  return DEFAULT_REASON;
}

/** The French text for a code (an unknown code reads as the default). */
export function reasonTextFr(code: string | null | undefined): string {
  return REASON_TEXT_FR[(code ?? DEFAULT_REASON) as ReasonCode] ?? REASON_TEXT_FR[DEFAULT_REASON];
}
