import { TZDate } from "@date-fns/tz";
import type { NetworkName } from "./networks";
import type { ConversionStatus, NormalisedRecord, ParseResult, RejectedRecord } from "./types";

/**
 * Shared pieces of the per-network parsers (ADR 016): exact
 * decimal amounts, dates, click ids, and the "one bad record does not spoil
 * the page" loop. Every rejection names the line or record in French.
 */

export interface ParseOptions {
  /** our publisher account, for networks whose records do not name it (Tradedoubler, CJ without publisherId…) */
  networkAccountId?: string;
  /** currency for networks whose records carry none (Effiliation, CJ "PubCurrency"); default EUR */
  currency?: string;
}

/** A record-level problem; the message is French and names no line (the loop adds it). */
export class RecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RecordError";
  }
}

/** The `at` of a rejection that concerns the whole file or page. */
const WHOLE_FILE = "fichier";

/** A file or page nothing can be read from: one rejected entry, no records (the contract never throws). */
export function unreadable(reason: string): ParseResult {
  return { records: [], rejected: [{ at: WHOLE_FILE, message: `fichier illisible : ${reason}` }] };
}

/** "ligne 4 : montant illisible" — how an admin screen or a CLI prints a rejection. */
export function describeRejected(rejected: RejectedRecord): string {
  return `${rejected.at} : ${rejected.message}`;
}

/** A line of a file that holds one notification per line: its rejections, named by the line. */
export function relabelLine(result: ParseResult, line: number): ParseResult {
  return {
    records: result.records,
    at: result.records.map(() => `ligne ${line}`),
    rejected: result.rejected.map((r) => ({
      at: `ligne ${line}`,
      message: r.at === WHOLE_FILE ? r.message.replace(/^fichier illisible : /, "notification illisible : ") : r.message,
    })),
  };
}

export function mergeResults(results: ParseResult[]): ParseResult {
  const merged: ParseResult = { records: results.flatMap((r) => r.records), rejected: results.flatMap((r) => r.rejected) };
  // positions only when every part gives them (one per record)
  if (results.every((r) => r.at?.length === r.records.length)) merged.at = results.flatMap((r) => r.at ?? []);
  return merged;
}

/** Runs `parse` on each item; a RecordError (or any error) rejects that item only. */
export function collect<T>(items: readonly T[], label: (item: T, index: number) => string, parse: (item: T, index: number) => NormalisedRecord): ParseResult {
  const records: NormalisedRecord[] = [];
  const rejected: RejectedRecord[] = [];
  const at: string[] = [];
  items.forEach((item, index) => {
    try {
      records.push(parse(item, index));
      at.push(label(item, index));
    } catch (error) {
      const message = error instanceof RecordError ? error.message : "enregistrement illisible";
      rejected.push({ at: label(item, index), message });
    }
  });
  return { records, rejected, at };
}

/** "enregistrement 2" or "enregistrement 2 (105956540)" when the record's id can be read. */
export function recordLabel(index: number, id?: unknown): string {
  const text = typeof id === "string" || typeof id === "number" ? String(id).trim() : "";
  return text && text.length <= 64 ? `enregistrement ${index + 1} (${text})` : `enregistrement ${index + 1}`;
}

/** Quotes a bad value in a message, shortened: never more than 40 characters of input. */
export function quote(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else text = JSON.stringify(value) ?? String(value);
  text = text.replace(/\s+/g, " ");
  return `« ${text.length > 40 ? `${text.slice(0, 39)}…` : text} »`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asRecordObject(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new RecordError("enregistrement illisible (objet attendu)");
  return value;
}

// ---------------------------------------------------------------- amounts

/** numeric(18,6) in the database: at most 12 integer digits and 6 decimals are kept exactly. */
const MAX_INTEGER_DIGITS = 12;
const MAX_FRACTION_DIGITS = 6;
const PLAIN = /^([+-]?)(\d*)(?:[.,](\d*))?$/;
const GROUPED = /^([+-]?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+)((?:[.,]\d*)?)$/;

/** 1e-7 → "0.0000001", 1e+21 → "1000000000000000000000" (exact, from the shortest repr). */
function expandExponent(repr: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(repr);
  if (!m) return repr;
  const [, sign, int, frac = "", expText] = m;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A network amount as exact decimal text, or null when it is missing or
 * unreadable. Strings never go through floating point: trimmed, "+" dropped,
 * comma or dot as the decimal separator, spaces allowed only as thousands
 * groups ("1 234,56"), "−" (U+2212) read as "-", leading zeros dropped ("007.5" → "7.5"), trailing
 * zeros kept as sent ("3.2000"), "-0.00" → "0.00". JS numbers use their
 * shortest representation (String(n)). Anything that would not fit
 * numeric(18,6) exactly, NaN and ±Infinity are unreadable. Never throws.
 */
export function normaliseAmount(value: unknown): string | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = expandExponent(String(value));
  } else if (typeof value === "string") {
    // U+2212 MINUS SIGN, as French spreadsheets sometimes write it
    text = value.trim().replace(/^\u2212/, "-");
  } else {
    return null;
  }
  if (text === "") return null;
  let sign: string;
  let int: string;
  let frac: string | undefined;
  const grouped = GROUPED.exec(text);
  if (grouped) {
    sign = grouped[1];
    int = grouped[2].replace(/[ \u00a0\u202f]/g, "");
    frac = grouped[3] ? grouped[3].slice(1) : undefined;
  } else {
    const plain = PLAIN.exec(text);
    if (!plain) return null;
    [, sign, int, frac] = plain;
  }
  if (int === "" && (frac === undefined || frac === "")) return null;
  int = int.replace(/^0+(?=\d)/, "") || "0";
  if (frac !== undefined && frac.length > MAX_FRACTION_DIGITS) {
    if (/[1-9]/.test(frac.slice(MAX_FRACTION_DIGITS))) return null;
    frac = frac.slice(0, MAX_FRACTION_DIGITS);
  }
  if (int.length > MAX_INTEGER_DIGITS) return null;
  const isZero = !/[1-9]/.test(int + (frac ?? ""));
  const outSign = sign === "-" && !isZero ? "-" : "";
  return `${outSign}${int}${frac ? `.${frac}` : ""}`;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export interface FieldLabel {
  /** "la commission" → "commission manquante" / "commission illisible" */
  name: string;
  feminine?: boolean;
}

function missing(label: FieldLabel): RecordError {
  return new RecordError(`${label.name} manquant${label.feminine ? "e" : ""}`);
}

function unreadableField(label: FieldLabel, value: unknown): RecordError {
  return new RecordError(`${label.name} illisible : ${quote(value)}`);
}

const COMMISSION: FieldLabel = { name: "commission", feminine: true };
const SALE_AMOUNT: FieldLabel = { name: "montant de la vente" };

export function requiredAmount(value: unknown, label: FieldLabel = COMMISSION): string {
  if (isMissing(value)) throw missing(label);
  const amount = normaliseAmount(value);
  if (amount === null) throw unreadableField(label, value);
  return amount;
}

/** null when absent; an unreadable value rejects the record (a corrupt row is not half-imported). */
export function optionalAmount(value: unknown, label: FieldLabel = SALE_AMOUNT): string | null {
  if (isMissing(value)) return null;
  const amount = normaliseAmount(value);
  if (amount === null) throw unreadableField(label, value);
  return amount;
}

// ---------------------------------------------------------------- dates

/**
 * How a network's dates without an offset are read. UTC unless the network
 * says otherwise; the French networks (Effiliation, Kwanko, TimeOne) report
 * on a French clock, so their offset-less dates are Europe/Paris (their
 * back offices show Paris time; none documents a zone for its API).
 */
export type DateZone = "UTC" | "Europe/Paris";

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const FRENCH = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
// Rakuten Events: "Mon Mar 03 2025 10:50:00 GMT+0000 (UTC)" (JavaScript's Date#toString)
const JS_STRING = /^[A-Za-z]{3},? ([A-Za-z]{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (?:GMT|UTC)([+-]\d{4})?(?: \([^)]*\))?$/;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function offsetMinutes(text: string): number {
  if (text.toUpperCase() === "Z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!m) return NaN;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (Number(m[2]) > 18 || Number(m[3] ?? 0) > 59) return NaN;
  return m[1] === "-" ? -minutes : minutes;
}

function build(parts: { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number }, offset: number | null, zone: DateZone): Date | null {
  const { y, mo, d, h, mi, s, ms } = parts;
  if (y < 1990 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  // 31 February and the like are refused, not rolled over
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (offset !== null) {
    if (Number.isNaN(offset)) return null;
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset * 60_000);
  }
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  if (zone === "UTC") return new Date(utc);
  return new Date(utc - zoneOffsetAt(zone, y, mo, d, h));
}

// Zone offsets change only on the hour (Paris: 02:00/03:00 local), so one lookup per local hour is exact;
// TZDate costs ~30 µs a call, which a 100,000-row file would feel.
const offsetCache = new Map<string, number>();

function zoneOffsetAt(zone: DateZone, y: number, mo: number, d: number, h: number): number {
  const key = `${zone}|${y}-${mo}-${d}T${h}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = Date.UTC(y, mo - 1, d, h) - TZDate.tz(zone, y, mo - 1, d, h, 0, 0, 0).getTime();
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * A network date: ISO 8601 with or without "T", seconds, fraction, "Z" or
 * an offset; a bare day ("2025-04-10", midnight); French "dd/MM/yyyy
 * HH:mm:ss"; JavaScript's Date#toString form. A date without an offset is
 * read in `zone`. null when it is not a real date.
 */
export function parseNetworkDate(value: unknown, zone: DateZone = "UTC"): Date | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  let m = ISO.exec(text);
  if (m) {
    const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
    return build({ y: +m[1], mo: +m[2], d: +m[3], h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0), ms }, m[8] ? offsetMinutes(m[8]) : null, zone);
  }
  m = FRENCH.exec(text);
  if (m) return build({ y: +m[3], mo: +m[2], d: +m[1], h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0), ms: 0 }, null, zone);
  m = JS_STRING.exec(text);
  if (m) {
    const mo = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    if (mo === 0) return null;
    return build({ y: +m[3], mo, d: +m[2], h: +m[4], mi: +m[5], s: +m[6], ms: 0 }, m[7] ? offsetMinutes(m[7]) : 0, zone);
  }
  return null;
}

const TRANSACTION_DATE: FieldLabel = { name: "date de la transaction", feminine: true };
export const CLICK_DATE: FieldLabel = { name: "date du clic", feminine: true };
export const VALIDATION_DATE: FieldLabel = { name: "date de validation", feminine: true };
export const LOCKING_DATE: FieldLabel = { name: "date de verrouillage", feminine: true };

export function requiredDate(value: unknown, zone: DateZone, label: FieldLabel = TRANSACTION_DATE): Date {
  if (isMissing(value)) throw missing(label);
  const date = parseNetworkDate(value, zone);
  if (!date) throw unreadableField(label, value);
  return date;
}

export function optionalDate(value: unknown, zone: DateZone, label: FieldLabel): Date | null {
  if (isMissing(value)) return null;
  const date = parseNetworkDate(value, zone);
  if (!date) throw unreadableField(label, value);
  return date;
}

// ---------------------------------------------------------------- texts, ids, currency, status

/** A string or a number as trimmed text; null when absent or empty. */
export function optionalText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") return value.trim() || null;
  return null;
}

export function requiredText(value: unknown, label: FieldLabel): string {
  const text = optionalText(value);
  if (text === null) {
    if (isMissing(value)) throw missing(label);
    throw unreadableField(label, value);
  }
  return text;
}

export const RECORD_ID: FieldLabel = { name: "identifiant de l'enregistrement" };

/**
 * Our click id as it came back in the sub-id field. Ours are 21 alphanumeric
 * characters (ADR 037 §Click id); anything that is not a plain token (empty, an
 * unreplaced macro such as "{ARGSITE}", markup, over 100 characters) gives
 * null: the record stays unattributed, and `raw` keeps what was sent.
 */
export function clickIdFrom(value: unknown): string | null {
  const text = optionalText(value);
  if (text === null) return null;
  return /^[A-Za-z0-9._~-]{1,100}$/.test(text) ? text : null;
}

/** ISO 4217 upper case; the record is rejected when it is missing or not three letters. */
export function currencyCode(value: unknown): string {
  if (isMissing(value)) throw new RecordError("devise manquante");
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^[A-Za-z]{3}$/.test(text)) throw new RecordError(`devise illisible : ${quote(value)}`);
  return text.toUpperCase();
}

/** The record's own account id, else the caller's, else the record is rejected. */
export function accountId(fromRecord: unknown, options: ParseOptions): string {
  const id = optionalText(fromRecord) ?? optionalText(options.networkAccountId);
  if (id === null) throw new RecordError("identifiant du compte éditeur manquant (absent de l'enregistrement et non fourni à l'import)");
  return id;
}

export interface MappedStatus {
  status: ConversionStatus;
  networkPaid?: boolean;
}

/** Looks the raw status up (trimmed, case- and accent-insensitive); unknown → the record is rejected. */
export function mapStatus(raw: unknown, table: Record<string, MappedStatus>): { raw: string } & Required<MappedStatus> {
  const text = optionalText(raw);
  if (text === null) throw new RecordError("statut manquant");
  const key = foldText(text);
  const mapped = table[key];
  if (!mapped) throw new RecordError(`statut inconnu : ${quote(text)}`);
  return { raw: text, status: mapped.status, networkPaid: mapped.networkPaid ?? false };
}

/** lower case, no accents, single spaces: "Refusé " → "refuse". */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

export type RecordFields = Omit<NormalisedRecord, "network" | "raw">;

export function makeRecord(network: NetworkName, raw: Record<string, unknown>, fields: RecordFields): NormalisedRecord {
  return { network, ...fields, raw };
}

// ---------------------------------------------------------------- delimited text

/**
 * Splits one line of delimiter-separated values; double quotes protect the
 * delimiter ("a|b"), "" is a quote. Returns null for an unclosed quote.
 */
export function splitDelimitedLine(line: string, delimiter: string): string[] | null {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

/** Lines of a text file, BOM removed; each with its 1-based line number. */
export function numberedLines(text: string): { line: number; text: string }[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\n|\r/)
    .map((t, i) => ({ line: i + 1, text: t }));
}

/** JSON.parse that reports instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (body === "") return { ok: false, reason: "fichier vide" };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false, reason: "JSON invalide" };
  }
}
