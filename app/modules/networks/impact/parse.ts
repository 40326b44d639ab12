import {
  CLICK_DATE,
  LOCKING_DATE,
  VALIDATION_DATE,
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
 * Impact (ADR 016 §Per-network reference): GET /Mediapartners/{AccountSid}/Actions (JSON) →
 * {"@page", "@numpages", "@nextpageuri", Actions:[…]}. Payout is the current
 * commission (DeltaPayout the last change). Dates carry offsets; without
 * one, UTC. The account is the page's AccountSid, else the one in the
 * action's Uri (/Mediapartners/{AccountSid}/Actions/…), else the caller's.
 * States: PENDING, APPROVED, REVERSED; php-oara also meets REJECTED
 * (declined) and DEFAULT, which php-oara counts as approved — we keep it
 * pending: no member money on an undocumented state; the next pull decides.
 * validatedAt is ClearedDate when Impact gives one.
 */

const STATUSES: Record<string, MappedStatus> = {
  pending: { status: "pending" },
  default: { status: "pending" },
  approved: { status: "approved" },
  reversed: { status: "declined" },
  rejected: { status: "declined" },
};

function accountFromUri(uri: unknown): string | undefined {
  const m = typeof uri === "string" ? /\/Mediapartners\/([^/?#]+)\//.exec(uri) : null;
  return m ? m[1] : undefined;
}

function parseImpactAction(value: unknown, options: ParseOptions = {}, pageAccountSid?: unknown): NormalisedRecord {
  const raw = asRecordObject(value);
  const id = requiredText(raw.Id, RECORD_ID);
  const status = mapStatus(raw.State, STATUSES);
  return makeRecord("impact", raw, {
    networkAccountId: accountId(optionalText(pageAccountSid) ?? accountFromUri(raw.Uri), options),
    networkProgramId: optionalText(raw.CampaignId),
    recordId: id,
    conversionKey: id,
    clickId: clickIdFrom(raw.SubId1),
    orderRef: optionalText(raw.Oid),
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: false,
    saleAmount: optionalAmount(raw.Amount),
    commissionAmount: requiredAmount(raw.Payout),
    currency: currencyCode(raw.Currency),
    transactionAt: requiredDate(raw.EventDate, "UTC"),
    clickAt: optionalDate(raw.ReferringDate, "UTC", CLICK_DATE),
    validatedAt: optionalDate(raw.ClearedDate, "UTC", VALIDATION_DATE),
    lockingAt: optionalDate(raw.LockingDate, "UTC", LOCKING_DATE),
    declineReasonRaw: optionalText(raw.StatusDetail),
  });
}

/** One page of Actions (the parsed JSON). */
export function parseImpactActions(page: unknown, options: ParseOptions = {}): ParseResult {
  if (!isObject(page) || !Array.isArray(page.Actions)) {
    const message = isObject(page) ? (page.Message ?? page.message) : undefined;
    return unreadable(message !== undefined ? `erreur d'Impact ${quote(message)}` : "{Actions:[…]} attendu");
  }
  // one account for the whole page: the envelope's, else the first action Uri's (an action without Uri inherits it)
  const sid = optionalText(page.AccountSid ?? page["@accountsid"]) ?? page.Actions.map((a) => (isObject(a) ? accountFromUri(a.Uri) : undefined)).find(Boolean);
  return collect(page.Actions, (item, i) => recordLabel(i, isObject(item) ? item.Id : undefined), (item) => parseImpactAction(item, options, sid));
}
