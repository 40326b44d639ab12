import {
  CLICK_DATE,
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
  RecordError,
  unreadable,
  type MappedStatus,
  type ParseOptions,
} from "#app/modules/networks/parse-common";
import type { NormalisedRecord, ParseResult } from "#app/modules/networks/types";

/**
 * Tradedoubler (ADR 016 §Per-network reference): GET /publisher/report/transactions →
 * {reportCurrencyCode, items:[…]}. The currency is the page's
 * reportCurrencyCode. recordId = eventId:orderNumber|leadNumber,
 * conversionKey = programId:orderNumber|leadNumber (ADR 016). The items do not
 * name our account: options.networkAccountId. Times carry no offset and
 * Tradedoubler documents none: read as UTC.
 */

const STATUSES: Record<string, MappedStatus> = {
  p: { status: "pending" },
  a: { status: "approved" },
  d: { status: "declined" },
};

function parseTradedoublerItem(value: unknown, reportCurrency: unknown, options: ParseOptions = {}): NormalisedRecord {
  const raw = asRecordObject(value);
  const number = optionalText(raw.orderNumber) ?? optionalText(raw.leadNumber);
  if (number === null) throw new RecordError("numéro de commande ou de lead manquant");
  const eventId = requiredText(raw.eventId, { name: "identifiant d'événement (eventId)" });
  const programId = requiredText(raw.programId, { name: "identifiant du programme" });
  const status = mapStatus(raw.status, STATUSES);
  return makeRecord("tradedoubler", raw, {
    networkAccountId: accountId(undefined, options),
    networkProgramId: programId,
    recordId: `${eventId}:${number}`,
    conversionKey: `${programId}:${number}`,
    clickId: clickIdFrom(raw.epi),
    orderRef: number,
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: false,
    saleAmount: optionalAmount(raw.orderValue),
    commissionAmount: requiredAmount(raw.commission),
    currency: currencyCode(reportCurrency ?? options.currency),
    transactionAt: requiredDate(raw.timeOfTransaction, "UTC"),
    clickAt: optionalDate(raw.timeOfLastClick, "UTC", CLICK_DATE),
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/** One page of the transactions report (the parsed JSON). */
export function parseTradedoublerTransactions(page: unknown, options: ParseOptions = {}): ParseResult {
  if (Array.isArray(page) && isObject(page[0]) && page[0].message !== undefined) {
    return unreadable(`erreur de Tradedoubler ${quote(page[0].message)}`);
  }
  if (!isObject(page) || !Array.isArray(page.items)) return unreadable("{reportCurrencyCode, items} attendu");
  const reportCurrency = page.reportCurrencyCode;
  return collect(
    page.items,
    (item, i) => recordLabel(i, isObject(item) ? (item.orderNumber ?? item.leadNumber ?? item.eventId) : undefined),
    (item) => parseTradedoublerItem(item, reportCurrency, options),
  );
}
