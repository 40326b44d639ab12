import {
  CLICK_DATE,
  LOCKING_DATE,
  accountId,
  asRecordObject,
  clickIdFrom,
  collect,
  currencyCode,
  isObject,
  makeRecord,
  mapStatus,
  optionalAmount,
  optionalDate,
  optionalText,
  quote,
  recordLabel,
  requiredAmount,
  requiredDate,
  requiredText,
  RECORD_ID,
  unreadable,
  type MappedStatus,
  type ParseOptions,
} from "#app/modules/networks/parse-common";
import type { NormalisedRecord, ParseResult } from "#app/modules/networks/types";

/**
 * CJ (ADR 016 §Per-network reference): GraphQL publisherCommissions →
 * {data:{publisherCommissions:{count, payloadComplete, maxCommissionId, records}}}.
 * Corrections are new records (original=false, originalActionId, negative
 * amounts): conversionKey = originalActionId, or commissionId for an
 * original, so the import sums them. Amounts are the publisher-currency
 * ones; the record does not name that currency (the account's), so it is
 * options.currency, EUR by default (our account is French). The account is
 * the record's publisherId/cid when the query asks for it, else the CID the
 * pull queried (options.networkAccountId).
 */

const STATUSES: Record<string, MappedStatus> = {
  new: { status: "pending" },
  extended: { status: "pending" },
  locked: { status: "approved" },
  closed: { status: "approved", networkPaid: true },
};

function parseCjCommission(value: unknown, options: ParseOptions = {}): NormalisedRecord {
  const raw = asRecordObject(value);
  const id = requiredText(raw.commissionId, RECORD_ID);
  const status = mapStatus(raw.actionStatus, STATUSES);
  return makeRecord("cj", raw, {
    networkAccountId: accountId(raw.publisherId ?? raw.cid, options),
    networkProgramId: optionalText(raw.advertiserId),
    recordId: id,
    conversionKey: optionalText(raw.originalActionId) ?? id,
    clickId: clickIdFrom(raw.shopperId ?? raw.sid),
    orderRef: optionalText(raw.orderId),
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: status.networkPaid,
    saleAmount: optionalAmount(raw.saleAmountPubCurrency),
    commissionAmount: requiredAmount(raw.pubCommissionAmountPubCurrency),
    currency: currencyCode(raw.pubCurrency ?? options.currency ?? "EUR"),
    transactionAt: requiredDate(raw.eventDate, "UTC"),
    clickAt: optionalDate(raw.clickDate, "UTC", CLICK_DATE),
    validatedAt: null,
    lockingAt: optionalDate(raw.lockingDate, "UTC", LOCKING_DATE),
    declineReasonRaw: optionalText(raw.correctionReason),
  });
}

/** One GraphQL answer (the parsed JSON). GraphQL errors without data make the page unreadable. */
export function parseCjCommissions(page: unknown, options: ParseOptions = {}): ParseResult {
  const data = isObject(page) && isObject(page.data) ? page.data : undefined;
  const commissions = data && isObject(data.publisherCommissions) ? data.publisherCommissions : undefined;
  if (!commissions || !Array.isArray(commissions.records)) {
    const errors = isObject(page) && Array.isArray(page.errors) ? page.errors : [];
    const first = errors.find(isObject);
    return unreadable(first ? `erreur GraphQL de CJ ${quote(first.message)}` : "data.publisherCommissions.records attendu");
  }
  return collect(commissions.records, (item, i) => recordLabel(i, isObject(item) ? item.commissionId : undefined), (item) => parseCjCommission(item, options));
}
