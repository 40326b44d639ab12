import {
  accountId,
  asRecordObject,
  clickIdFrom,
  collect,
  currencyCode,
  isObject,
  makeRecord,
  optionalAmount,
  optionalText,
  recordLabel,
  requiredAmount,
  requiredDate,
  requiredText,
  RECORD_ID,
  unreadable,
  type ParseOptions,
} from "#app/modules/networks/parse-common";
import type { NormalisedRecord, ParseResult } from "#app/modules/networks/types";

/**
 * Rakuten Advertising Events API (ADR 016 §Per-network reference): a JSON array, one record
 * per SKU (etransaction_id); returns come back as negative records with the
 * same order_id, which is the conversion key (the import sums them). There
 * is no status: every record is pending with an empty networkStatusRaw;
 * validation is the import's policy (declared delay). Dates are
 * Date#toString text with a GMT offset, or ISO. The account is the
 * record's `sid` (our site id), else the caller's.
 */
function parseRakutenEvent(value: unknown, options: ParseOptions = {}): NormalisedRecord {
  const raw = asRecordObject(value);
  const id = requiredText(raw.etransaction_id, RECORD_ID);
  const orderId = requiredText(raw.order_id, { name: "numéro de commande (order_id)" });
  return makeRecord("rakuten", raw, {
    networkAccountId: accountId(raw.sid, options),
    networkProgramId: optionalText(raw.advertiser_id),
    recordId: id,
    conversionKey: orderId,
    clickId: clickIdFrom(raw.u1),
    orderRef: orderId,
    status: "pending",
    networkStatusRaw: "",
    networkPaid: false,
    saleAmount: optionalAmount(raw.sale_amount),
    commissionAmount: requiredAmount(raw.commissions),
    currency: currencyCode(raw.currency),
    transactionAt: requiredDate(raw.transaction_date, "UTC"),
    clickAt: null,
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/** One page of /events/1.0/transactions (the parsed JSON array). */
export function parseRakutenEvents(page: unknown, options: ParseOptions = {}): ParseResult {
  if (!Array.isArray(page)) return unreadable("tableau d'événements attendu");
  return collect(page, (item, i) => recordLabel(i, isObject(item) ? item.etransaction_id : undefined), (item) => parseRakutenEvent(item, options));
}
