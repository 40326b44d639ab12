import {
  CLICK_DATE,
  VALIDATION_DATE,
  accountId,
  asRecordObject,
  clickIdFrom,
  collect,
  currencyCode,
  isObject,
  makeRecord,
  mapStatus,
  numberedLines,
  optionalAmount,
  optionalDate,
  optionalText,
  parseJson,
  quote,
  recordLabel,
  requiredAmount,
  requiredDate,
  requiredText,
  RECORD_ID,
  unreadable,
  mergeResults,
  relabelLine,
  type MappedStatus,
  type ParseOptions,
} from "#app/modules/networks/parse-common";
import type { NormalisedRecord, ParseResult } from "#app/modules/networks/types";

/**
 * Awin (ADR 016 §Per-network reference). Pull: GET /publishers/{id}/transactions/ answers a bare
 * JSON array. The pull asks for `timezone=UTC`, so dates without an offset
 * are UTC. Push: POST form field `AwinTransactionPush` (JSON, no status: a
 * pending hint), or our GET template (tid, ref, c, cur, amt, mid, at).
 */

const STATUSES: Record<string, MappedStatus> = {
  pending: { status: "pending" },
  approved: { status: "approved" },
  declined: { status: "declined" },
  // hidden by Awin; for us a refusal (networkStatusRaw keeps "deleted")
  deleted: { status: "declined" },
};

function amountOf(value: unknown): unknown {
  return isObject(value) ? value.amount : value;
}

function parseAwinTransaction(value: unknown, options: ParseOptions = {}): NormalisedRecord {
  const raw = asRecordObject(value);
  const id = requiredText(raw.id, RECORD_ID);
  const status = mapStatus(raw.commissionStatus, STATUSES);
  const commission = isObject(raw.commissionAmount) ? raw.commissionAmount : {};
  const sale = isObject(raw.saleAmount) ? raw.saleAmount : {};
  const clickRefs = isObject(raw.clickRefs) ? raw.clickRefs : {};
  return makeRecord("awin", raw, {
    networkAccountId: accountId(raw.publisherId, options),
    networkProgramId: optionalText(raw.advertiserId),
    recordId: id,
    conversionKey: id,
    clickId: clickIdFrom(clickRefs.clickRef),
    orderRef: optionalText(raw.orderRef),
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: raw.paidToPublisher === true,
    saleAmount: optionalAmount(amountOf(raw.saleAmount)),
    commissionAmount: requiredAmount(amountOf(raw.commissionAmount)),
    currency: currencyCode(commission.currency ?? sale.currency),
    transactionAt: requiredDate(raw.transactionDate, "UTC"),
    clickAt: optionalDate(raw.clickDate, "UTC", CLICK_DATE),
    validatedAt: optionalDate(raw.validationDate, "UTC", VALIDATION_DATE),
    lockingAt: null,
    declineReasonRaw: optionalText(raw.declineReason),
  });
}

/** One page of GET /publishers/{publisherId}/transactions/ (the parsed JSON array). */
export function parseAwinTransactions(page: unknown, options: ParseOptions = {}): ParseResult {
  if (!Array.isArray(page)) {
    const error = isObject(page) ? (page.description ?? page.error ?? page.message) : undefined;
    return unreadable(error !== undefined ? `réponse d'erreur d'Awin ${quote(error)}` : "tableau de transactions attendu");
  }
  return collect(page, (item, i) => recordLabel(i, isObject(item) ? item.id : undefined), (item) => parseAwinTransaction(item, options));
}

function parsePushObject(raw: Record<string, unknown>, options: ParseOptions): NormalisedRecord {
  const id = requiredText(raw.transactionId, RECORD_ID);
  return makeRecord("awin", raw, {
    networkAccountId: accountId(raw.affiliateId, options),
    networkProgramId: optionalText(raw.merchantId),
    recordId: id,
    conversionKey: id,
    clickId: clickIdFrom(raw.clickRef),
    orderRef: optionalText(raw.orderRef),
    // no status in a push: a pending hint, confirmed by the next pull (ADR 037 §Statuses)
    status: "pending",
    networkStatusRaw: "",
    networkPaid: false,
    saleAmount: optionalAmount(raw.transactionAmount),
    commissionAmount: requiredAmount(raw.commission),
    currency: currencyCode(raw.transactionCurrency),
    transactionAt: requiredDate(raw.transactionDate, "UTC"),
    clickAt: optionalDate(raw.clickTime ?? raw.clickThroughTime, "UTC", CLICK_DATE),
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/** Our GET template: ?tid=&ref=&c=&cur=&amt=&mid=&at= (awin-push.txt). */
function fromGetTemplate(params: URLSearchParams): Record<string, unknown> {
  const get = (k: string) => params.get(k) ?? undefined;
  return { transactionId: get("tid"), clickRef: get("ref"), commission: get("c"), transactionCurrency: get("cur"), transactionAmount: get("amt"), merchantId: get("mid"), transactionDate: get("at"), affiliateId: get("aid") };
}

const PUSH_FIELD = "AwinTransactionPush";

/**
 * An Awin Transaction Notification: the raw POST body (form-encoded, field
 * AwinTransactionPush), the bare JSON, or our GET query string. Always a
 * ParseResult: a garbage push gives one rejected entry, never an exception.
 */
export function parseAwinPush(body: string | URLSearchParams, options: ParseOptions = {}): ParseResult {
  let object: unknown;
  if (typeof body === "string") {
    const text = body.trim();
    if (text === "") return unreadable("notification vide");
    if (text.startsWith("{")) {
      const json = parseJson(text);
      if (!json.ok) return unreadable(json.reason);
      object = json.value;
    } else if (text.startsWith(`${PUSH_FIELD}={`)) {
      // the JSON pasted without URL encoding (as in a log)
      const json = parseJson(text.slice(PUSH_FIELD.length + 1));
      if (!json.ok) return unreadable(json.reason);
      object = json.value;
    } else {
      body = new URLSearchParams(text.replace(/^[^?]*\?/, ""));
    }
  }
  if (object === undefined && body instanceof URLSearchParams) {
    const field = body.get(PUSH_FIELD);
    if (field !== null) {
      const json = parseJson(field);
      if (!json.ok) return unreadable(`${PUSH_FIELD} : ${json.reason}`);
      object = json.value;
    } else if (body.has("tid")) {
      object = fromGetTemplate(body);
    } else {
      return unreadable(`champ ${PUSH_FIELD} absent`);
    }
  }
  const items = Array.isArray(object) ? object : [object];
  return collect(items, (item, i) => recordLabel(i, isObject(item) ? item.transactionId : undefined), (item) => parsePushObject(asRecordObject(item), options));
}

/**
 * A file handed to the import: the transactions JSON, or pushes, one per
 * line (lines starting with "#" are comments), each labelled by its line.
 */
export function parseAwinFile(text: string, options: ParseOptions = {}): ParseResult {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (body.startsWith("[") || body.startsWith("{")) {
    const json = parseJson(body);
    if (!json.ok) return unreadable(json.reason);
    return parseAwinTransactions(json.value, options);
  }
  const lines = numberedLines(text).filter((l) => l.text.trim() !== "" && !l.text.trim().startsWith("#"));
  if (!lines.some((l) => l.text.includes(PUSH_FIELD) || /(^|[?&])tid=/.test(l.text))) {
    return unreadable(lines.length === 0 ? "fichier vide" : "ni tableau JSON de transactions ni notifications AwinTransactionPush");
  }
  return mergeResults(lines.map(({ line, text: pushLine }) => relabelLine(parseAwinPush(pushLine, options), line)));
}
