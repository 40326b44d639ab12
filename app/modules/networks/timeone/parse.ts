import {
  VALIDATION_DATE,
  accountId,
  clickIdFrom,
  collect,
  currencyCode,
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
 * TimeOne / Public-Idées (ADR 016 §Per-network reference): subid.php5 answers
 * <partner id><program id><name/><action id SubID ActionDate … /></program></partner>.
 * ActionStatus 0 = refused, 1 = pending, 2 = approved. Dates have no zone:
 * read as Europe/Paris (a French platform; none documented). The account is
 * the partner id. Errors come back as plain text ("You reached the limit of
 * 3 call(s)…", "Wrong information on parameter…"): the page is unreadable.
 * The answer is flat and machine-made, so a small reader of elements and
 * attributes is enough (no XML dependency).
 */

const STATUSES: Record<string, MappedStatus> = {
  "0": { status: "declined" },
  "1": { status: "pending" },
  "2": { status: "approved" },
};

const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    const e = entity.toLowerCase();
    if (e === "amp") return "&";
    if (e === "lt") return "<";
    if (e === "gt") return ">";
    if (e === "quot") return '"';
    if (e === "apos") return "'";
    const code = e.startsWith("#x") ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attributes(tagBody: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tagBody.matchAll(ATTRIBUTE)) out[m[1]] = decodeEntities(m[2] ?? m[3] ?? "");
  return out;
}

interface TimeOneAction {
  partnerId: string | undefined;
  programId: string | undefined;
  programName: string | null;
  action: Record<string, string>;
}

function parseAction(item: TimeOneAction, options: ParseOptions): NormalisedRecord {
  const a = item.action;
  const id = requiredText(a.id, RECORD_ID);
  const status = mapStatus(a.ActionStatus, STATUSES);
  const raw: Record<string, unknown> = { partnerId: item.partnerId ?? null, programId: item.programId ?? null, programName: item.programName, action: a };
  return makeRecord("timeone", raw, {
    networkAccountId: accountId(item.partnerId, options),
    networkProgramId: optionalText(item.programId),
    recordId: id,
    conversionKey: id,
    clickId: clickIdFrom(a.SubID),
    orderRef: null,
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: false,
    saleAmount: optionalAmount(a.CartAmount),
    commissionAmount: requiredAmount(a.ActionCommission),
    currency: currencyCode(a.ProgramCurrency),
    transactionAt: requiredDate(a.ActionDate, "Europe/Paris"),
    clickAt: null,
    validatedAt: optionalDate(a.ValidationDate, "Europe/Paris", VALIDATION_DATE),
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/** The subid.php5 XML text of one call. */
export function parseTimeOneXml(text: string, options: ParseOptions = {}): ParseResult {
  const body = text.replace(/^\uFEFF/, "").replace(/<!--[\s\S]*?-->/g, "").trim();
  if (body === "") return unreadable("fichier vide");
  const partner = /<partner\b([^>]*?)\/?>/i.exec(body);
  if (!partner) {
    return unreadable(body.startsWith("<") ? "élément <partner> attendu" : `réponse de TimeOne ${quote(body)}`);
  }
  const partnerId = attributes(partner[1]).id;
  const actions: TimeOneAction[] = [];
  // each <program …>…</program> block, then the actions outside any program
  const programs = /<program\b([^>]*)>([\s\S]*?)<\/program>/gi;
  let rest = body;
  for (const m of body.matchAll(programs)) {
    const programId = attributes(m[1]).id;
    const name = /<name>\s*(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))\s*<\/name>/i.exec(m[2]);
    const programName = name ? (name[1] ?? decodeEntities(name[2] ?? "")).trim() || null : null;
    for (const act of m[2].matchAll(/<action\b([^>]*?)\/?>/gi)) actions.push({ partnerId, programId, programName, action: attributes(act[1]) });
    rest = rest.replace(m[0], "");
  }
  for (const act of rest.matchAll(/<action\b([^>]*?)\/?>/gi)) actions.push({ partnerId, programId: undefined, programName: null, action: attributes(act[1]) });
  return collect(actions, (item, i) => recordLabel(i, item.action.id), (item) => parseAction(item, options));
}
