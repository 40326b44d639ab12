import {
  accountId,
  clickIdFrom,
  collect,
  currencyCode,
  foldText,
  makeRecord,
  mapStatus,
  mergeResults,
  relabelLine,
  numberedLines,
  optionalAmount,
  optionalText,
  quote,
  requiredAmount,
  requiredDate,
  requiredText,
  splitDelimitedLine,
  RecordError,
  unreadable,
  type MappedStatus,
  type ParseOptions,
} from "#app/modules/networks/parse-common";
import type { NormalisedRecord, ParseResult } from "#app/modules/networks/types";

/**
 * Kwanko (ex-NetAffiliation, ADR 016 §Per-network reference).
 *
 * Postback ("Conversion track", a pending hint): our URL template is
 * ?sub={ARGSITE}&cid={UNIQUE_CONV_ID}&gain={GAINAF}&cur={CURRENCY_GAINAF}&at={DTNOW}&ts={TSNOW}&prog={IDPROG}&site={IDSITE}
 * (the macro names are accepted as parameter names too). DTNOW/TSNOW are the
 * time of the postback; the Unix TSNOW is used when present, else DTNOW read
 * as Europe/Paris.
 *
 * Report (stat.netaffiliation.com/requete.php): first line "OK <n>" (or "KO
 * <code> <text>"), then ";"-separated rows in the order of the `champs`
 * parameter (KWANKO_REPORT_FIELDS unless a header row names them), dates
 * "dd/MM/yyyy HH:mm:ss" in Paris time, `etat` a/v/r. The report has no
 * unique id: the record id is the composite (idprogramme, date, argsite,
 * montant) of ADR 016 unless a unique-id column is present.
 */

/** The `champs` the pull should request, in this order. */
const KWANKO_REPORT_FIELDS = ["idprogramme", "date", "etat", "argsite", "argann", "montant", "gains", "monnaie", "idsite"] as const;

const STATUSES: Record<string, MappedStatus> = {
  a: { status: "pending" },
  v: { status: "approved" },
  r: { status: "declined" },
};

const POSTBACK_KEYS: Record<string, string[]> = {
  sub: ["sub", "argsite"],
  cid: ["cid", "unique_conv_id"],
  gain: ["gain", "gainaf"],
  cur: ["cur", "currency_gainaf"],
  at: ["at", "dtnow"],
  ts: ["ts", "tsnow"],
  prog: ["prog", "idprog"],
  site: ["site", "idsite"],
};

function postbackField(params: URLSearchParams, field: keyof typeof POSTBACK_KEYS): string | undefined {
  for (const [key, value] of params) {
    if (POSTBACK_KEYS[field].includes(key.toLowerCase())) return value;
  }
  return undefined;
}

function parsePostbackParams(params: URLSearchParams, options: ParseOptions): NormalisedRecord {
  const raw: Record<string, unknown> = Object.fromEntries(params);
  const id = requiredText(postbackField(params, "cid"), { name: "identifiant de conversion (UNIQUE_CONV_ID)" });
  const ts = postbackField(params, "ts")?.trim();
  let transactionAt: Date;
  if (ts && /^\d{9,11}$/.test(ts)) transactionAt = new Date(Number(ts) * 1000);
  else if (ts) throw new RecordError(`horodatage illisible : ${quote(ts)}`);
  else transactionAt = requiredDate(postbackField(params, "at"), "Europe/Paris");
  return makeRecord("kwanko", raw, {
    networkAccountId: accountId(postbackField(params, "site"), options),
    networkProgramId: optionalText(postbackField(params, "prog")),
    recordId: id,
    conversionKey: id,
    clickId: clickIdFrom(postbackField(params, "sub")),
    orderRef: null,
    status: "pending",
    networkStatusRaw: "",
    networkPaid: false,
    saleAmount: null,
    commissionAmount: requiredAmount(postbackField(params, "gain")),
    currency: currencyCode(postbackField(params, "cur")),
    transactionAt,
    clickAt: null,
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/**
 * One postback: its query string, the whole URL or request line ("GET
 * /webhooks/kwanko/…?sub=…"), or URLSearchParams. Never throws.
 */
export function parseKwankoPostback(query: string | URLSearchParams, options: ParseOptions = {}): ParseResult {
  let params: URLSearchParams;
  if (typeof query === "string") {
    const text = query.trim();
    const q = text.includes("?") ? text.slice(text.indexOf("?") + 1) : text;
    params = new URLSearchParams(q.split(/\s/)[0]);
  } else {
    params = query;
  }
  if (![...params.keys()].length) return unreadable("paramètres de conversion absents");
  return collect([params], () => "notification", (p) => parsePostbackParams(p, options));
}

function parseReportRow(raw: Record<string, unknown>, options: ParseOptions): NormalisedRecord {
  const status = mapStatus(raw.etat, STATUSES);
  const programId = requiredText(raw.idprogramme, { name: "identifiant du programme" });
  const transactionAt = requiredDate(raw.date, "Europe/Paris");
  const sale = optionalAmount(raw.montant);
  const uniqueId = optionalText(raw.unique_conv_id ?? raw.idconversion ?? raw.id);
  const clickId = clickIdFrom(raw.argsite);
  const id = uniqueId ?? [programId, transactionAt.toISOString(), optionalText(raw.argsite) ?? "", sale ?? ""].join("|");
  return makeRecord("kwanko", raw, {
    networkAccountId: accountId(raw.idsite, options),
    networkProgramId: programId,
    recordId: id,
    conversionKey: id,
    clickId,
    orderRef: optionalText(raw.argann),
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: false,
    saleAmount: sale,
    commissionAmount: requiredAmount(raw.gains),
    currency: currencyCode(raw.monnaie ?? options.currency ?? "EUR"),
    transactionAt,
    clickAt: null,
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/** The requete.php report ("OK n" then ";" rows); `fields` overrides the column order. */
export function parseKwankoReport(text: string, options: ParseOptions & { fields?: readonly string[] } = {}): ParseResult {
  const lines = numberedLines(text).filter((l) => l.text.trim() !== "");
  if (lines.length === 0) return unreadable("fichier vide");
  let rows = lines;
  const first = lines[0].text.trim();
  if (/^KO\b/i.test(first)) return unreadable(`erreur renvoyée par Kwanko ${quote(first)}`);
  if (/^OK\b/i.test(first)) rows = rows.slice(1);
  let fields: readonly string[] = options.fields ?? KWANKO_REPORT_FIELDS;
  const maybeHeader = rows[0] ? splitDelimitedLine(rows[0].text, ";")?.map((h) => foldText(h)) : undefined;
  if (maybeHeader?.includes("idprogramme")) {
    fields = maybeHeader;
    rows = rows.slice(1);
  } else if (!/^OK\b/i.test(first) && !options.fields) {
    return unreadable("ni ligne « OK » ni en-tête (idprogramme;…)");
  }
  return collect(
    rows,
    (row) => `ligne ${row.line}`,
    (row) => {
      const cells = splitDelimitedLine(row.text, ";");
      if (!cells) throw new RecordError("guillemet non fermé");
      if (cells.length !== fields.length) throw new RecordError(`${cells.length} colonnes au lieu de ${fields.length}`);
      const raw: Record<string, unknown> = {};
      fields.forEach((name, i) => {
        raw[name] = cells[i];
      });
      return parseReportRow(raw, options);
    },
  );
}

function isPostbackLog(text: string): boolean {
  return /[?&](cid|unique_conv_id)=/i.test(text);
}

/**
 * A file for the import: postbacks as logged (one request or query string
 * per line, "#" comments), or the requete.php report.
 */
export function parseKwankoFile(text: string, options: ParseOptions = {}): ParseResult {
  if (!isPostbackLog(text)) return parseKwankoReport(text, options);
  const lines = numberedLines(text).filter((l) => l.text.trim() !== "" && !l.text.trim().startsWith("#"));
  return mergeResults(lines.map(({ line, text: request }) => relabelLine(parseKwankoPostback(request, options), line)));
}
