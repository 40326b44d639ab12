import {
  CLICK_DATE,
  VALIDATION_DATE,
  accountId,
  asRecordObject,
  clickIdFrom,
  collect,
  currencyCode,
  foldText,
  isObject,
  makeRecord,
  mapStatus,
  numberedLines,
  optionalAmount,
  optionalDate,
  optionalText,
  parseJson,
  recordLabel,
  requiredAmount,
  requiredDate,
  requiredText,
  splitDelimitedLine,
  RECORD_ID,
  RecordError,
  unreadable,
  type MappedStatus,
  type ParseOptions,
} from "#app/modules/networks/parse-common";
import type { NormalisedRecord, ParseResult } from "#app/modules/networks/types";

/**
 * Effiliation (ADR 016 §Per-network reference): apiv2 transaction.csv is pipe-separated with a
 * header row; columns are read by name (their order is not documented), and
 * the separator is taken from the header (";", "," or tab also accepted).
 * Dates are "dd/MM/yyyy HH:mm:ss" without a zone: read as Europe/Paris (a
 * French platform whose back office shows Paris time). No currency field:
 * EUR unless the file has a devise/monnaie/currency column or the caller
 * says otherwise. The click id is `effi_id` (our link parameter);
 * `id_session` is Effiliation's own session id, not ours.
 */

const P: MappedStatus = { status: "pending" };
const A: MappedStatus = { status: "approved" };
const D: MappedStatus = { status: "declined" };

/**
 * `etat` in the languages of the API (FR/EN/DE/ES/IT/PT), compared without
 * case or accents. FR/EN values are documented (Attente/Valide/Refus,
 * Pending/Valid/Refusal; php-oara also sees "Refusé"); the other languages
 * are their plain translations.
 */
const STATUSES: Record<string, MappedStatus> = {
  attente: P, "en attente": P, pending: P, wait: P, waiting: P, offen: P, ausstehend: P, wartend: P,
  pendiente: P, "en espera": P, "in attesa": P, attesa: P, pendente: P, "em espera": P,
  valide: A, validee: A, valid: A, validated: A, approved: A, gultig: A, bestatigt: A, akzeptiert: A,
  valido: A, validado: A, aceptado: A, validato: A, approvato: A, aprovado: A,
  refus: D, refuse: D, refusee: D, refusal: D, refused: D, rejected: D, declined: D, abgelehnt: D,
  rechazado: D, rifiutato: D, rifiuto: D, recusado: D, rejeitado: D,
};

function parseEffiliationRecord(raw: Record<string, unknown>, options: ParseOptions = {}): NormalisedRecord {
  const id = requiredText(raw.id_transaction, RECORD_ID);
  const status = mapStatus(raw.etat, STATUSES);
  const currency = raw.devise ?? raw.monnaie ?? raw.currency ?? options.currency ?? "EUR";
  return makeRecord("effiliation", raw, {
    networkAccountId: accountId(raw.id_affilieur, options),
    networkProgramId: optionalText(raw.id_programme),
    recordId: id,
    conversionKey: id,
    clickId: clickIdFrom(raw.effi_id),
    orderRef: optionalText(raw.ref ?? raw.reference),
    status: status.status,
    networkStatusRaw: status.raw,
    networkPaid: false,
    saleAmount: optionalAmount(raw.montant),
    commissionAmount: requiredAmount(raw.commission),
    currency: currencyCode(currency),
    transactionAt: requiredDate(raw.datetran ?? raw.date, "Europe/Paris"),
    clickAt: optionalDate(raw.dateclic, "Europe/Paris", CLICK_DATE),
    validatedAt: optionalDate(raw.datevalidation, "Europe/Paris", VALIDATION_DATE),
    lockingAt: null,
    declineReasonRaw: null,
  });
}

/** transaction.csv: header row, "|" between fields, one transaction per line ("ligne N" = line in the file). */
export function parseEffiliationCsv(text: string, options: ParseOptions = {}): ParseResult {
  const lines = numberedLines(text).filter((l) => l.text.trim() !== "");
  if (lines.length === 0) return unreadable("fichier vide");
  // "|" as the API sends it; ";", "," or a tab when an admin re-saved the export in a spreadsheet
  const delimiter = ["|", ";", "\t", ","].find((d) => splitDelimitedLine(lines[0].text, d)?.some((h) => foldText(h) === "id_transaction"));
  const header = delimiter ? splitDelimitedLine(lines[0].text, delimiter)?.map((h) => foldText(h)) : undefined;
  if (!delimiter || !header) {
    return unreadable(/bad credentials/i.test(text) ? "identifiants refusés par Effiliation" : "ligne d'en-tête attendue (id_transaction|…, séparateur « | »)");
  }
  const rows: { line: number; cells: string[] | null }[] = lines.slice(1).map((l) => ({ line: l.line, cells: splitDelimitedLine(l.text, delimiter) }));
  return collect(
    rows,
    (row) => `ligne ${row.line}`,
    (row) => {
      if (!row.cells) throw new RecordError("guillemet non fermé");
      if (row.cells.length !== header.length) throw new RecordError(`${row.cells.length} colonnes au lieu de ${header.length}`);
      const raw: Record<string, unknown> = {};
      header.forEach((name, i) => {
        raw[name] = row.cells![i];
      });
      return parseEffiliationRecord(raw, options);
    },
  );
}

/** transaction.json: an array of transactions, or an object holding one. */
export function parseEffiliationTransactions(page: unknown, options: ParseOptions = {}): ParseResult {
  let items: unknown = page;
  if (isObject(page)) items = Object.values(page).find((v) => Array.isArray(v));
  if (!Array.isArray(items)) return unreadable("liste de transactions attendue");
  return collect(items, (item, i) => recordLabel(i, isObject(item) ? item.id_transaction : undefined), (item) => parseEffiliationRecord(asRecordObject(item), options));
}

export function parseEffiliationFile(text: string, options: ParseOptions = {}): ParseResult {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (body.startsWith("[") || body.startsWith("{")) {
    const json = parseJson(body);
    if (!json.ok) return unreadable(json.reason);
    return parseEffiliationTransactions(json.value, options);
  }
  return parseEffiliationCsv(text, options);
}
