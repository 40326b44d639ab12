import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { electronicFormatIBAN, isValidBIC, validateIBAN } from "ibantools";
import { Document as SepaDocument } from "sepa";
import { SITE_TIME_ZONE } from "~/modules/settings/paris-time";

/**
 * One SEPA credit-transfer file (ISO 20022 pain.001.001.09) per payout batch:
 * one group header, one payment block (method TRF, service level SEPA,
 * charges SLEV), one transaction per member. Pure: the same input gives the
 * same bytes, whatever the server's time zone.
 *
 * The XML is produced by the `sepa` package; this module cleans and checks
 * what goes in, fixes the ids the package would make too long, and checks
 * what comes out (counts, sums and amounts against the integer cents).
 */

/** The account the money leaves from (Crevarde's). */
interface SepaDebtor {
  name: string;
  iban: string;
  bic?: string;
}

export interface SepaPayment {
  /** unique in the file, 1–35 characters of the SEPA set; goes to the member's statement */
  endToEndId: string;
  /** a positive integer number of euro cents */
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** unstructured remittance text, cleaned to the SEPA set and cut to 140 characters */
  remittance: string;
}

export interface SepaFile {
  xml: string;
  /** hex SHA-256 of the UTF-8 bytes of `xml` */
  sha256: string;
  txCount: number;
  controlSumCents: number;
}

export interface Pain001Input {
  /** GrpHdr/MsgId and PmtInf/PmtInfId: 1–35 characters of the SEPA set */
  msgId: string;
  /** GrpHdr/CreDtTm, written as Paris wall-clock time */
  createdAt: Date;
  /** PmtInf/ReqdExctnDt/Dt: this instant's day in Paris */
  executionDate: Date;
  debtor: SepaDebtor;
  payments: SepaPayment[];
}

/** The input cannot make a valid SEPA file; the message says why (in English, for the finance team's logs). */
export class SepaFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SepaFileError";
  }
}

const SEPA_NAME_MAX = 70;
const SEPA_REMITTANCE_MAX = 140;
const SEPA_ID_MAX = 35;
/** 999,999,999.99 €: the largest amount the scheme (and the package) accepts for one transfer */
const SEPA_MAX_AMOUNT_CENTS = 99_999_999_999;

/** Characters no NFD decomposition brings back to the Latin set. */
const TRANSLITERATIONS: Record<string, string> = {
  œ: "oe",
  Œ: "OE",
  æ: "ae",
  Æ: "AE",
  ß: "ss",
  ẞ: "SS",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  // typographic apostrophes (L’Oréal, D’Artagnan) and dashes
  "\u2019": "'",
  "\u2018": "'",
  "\u02BC": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2013": "-",
  "\u2014": "-",
  "&": "+",
  "€": "EUR",
};
const TRANSLITERABLE = new RegExp(`[${Object.keys(TRANSLITERATIONS).join("")}]`, "gu");
const COMBINING_MARKS = /\p{M}/gu;
/** anything outside the SEPA restricted Latin set: a-z A-Z 0-9 / - ? : ( ) . , ' + space */
const OUTSIDE_SEPA_SET = /[^a-zA-Z0-9/\-?:().,'+ ]/gu;
const SEPA_ID = /^[a-zA-Z0-9/\-?:().,'+ ]+$/;

/**
 * A free text (a name, a remittance line) in the SEPA restricted Latin set:
 * accents dropped (é→e, ç→c), œ→oe, ß→ss…, any other character (emoji,
 * quotes, control characters) replaced by a space, spaces collapsed, trimmed,
 * cut to `maxLength`. May return "" (the caller refuses it).
 */
export function cleanSepaText(value: string, maxLength: number): string {
  return value
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .replace(TRANSLITERABLE, (c) => TRANSLITERATIONS[c])
    .replace(OUTSIDE_SEPA_SET, " ")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}

/** Integer cents as the decimal the XML carries ("1234.05"), without floating point. */
export function formatCents(cents: number): string {
  const rest = cents % 100;
  return `${(cents - rest) / 100}.${String(rest).padStart(2, "0")}`;
}

function cleanRequired(value: string, maxLength: number, what: string): string {
  if (typeof value !== "string") throw new SepaFileError(`${what} is missing`);
  const cleaned = cleanSepaText(value, maxLength);
  if (!cleaned) throw new SepaFileError(`${what} is empty once cleaned to the SEPA character set (was ${JSON.stringify(value)})`);
  return cleaned;
}

/** MsgId, EndToEndId: 1–35 characters of the SEPA set, not starting with "/" nor containing "//" (EPC rules). */
function checkId(id: string, what: string): string {
  if (typeof id !== "string" || id.length === 0) throw new SepaFileError(`${what} is empty`);
  if (id.length > SEPA_ID_MAX) throw new SepaFileError(`${what} is longer than ${SEPA_ID_MAX} characters: ${JSON.stringify(id)}`);
  if (!SEPA_ID.test(id)) throw new SepaFileError(`${what} has characters outside the SEPA set: ${JSON.stringify(id)}`);
  if (id.startsWith("/") || id.includes("//")) throw new SepaFileError(`${what} starts with "/" or contains "//": ${JSON.stringify(id)}`);
  if (id.trim() !== id) throw new SepaFileError(`${what} starts or ends with a space: ${JSON.stringify(id)}`);
  return id;
}

function checkIban(iban: string, what: string): string {
  const electronic = typeof iban === "string" ? electronicFormatIBAN(iban) : null;
  if (!electronic || !validateIBAN(electronic).valid) throw new SepaFileError(`${what} is not a valid IBAN`);
  return electronic;
}

function checkDate(date: Date, what: string): TZDate {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new SepaFileError(`${what} is not a valid date`);
  // The package formats dates with the local-time getters: a TZDate answers them in Paris time.
  return new TZDate(date.getTime(), SITE_TIME_ZONE);
}

const dayOf = (d: TZDate) => d.getFullYear() * 10_000 + (d.getMonth() + 1) * 100 + d.getDate();

function allMatches(xml: string, pattern: RegExp): string[] {
  return Array.from(xml.matchAll(pattern), (m) => m[1]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function buildPain001(input: Pain001Input): SepaFile {
  const msgId = checkId(input.msgId, "msgId");
  const createdAt = checkDate(input.createdAt, "createdAt");
  const executionDate = checkDate(input.executionDate, "executionDate");
  if (dayOf(executionDate) < dayOf(createdAt)) throw new SepaFileError("executionDate is before the file's creation day");

  const debtorName = cleanRequired(input.debtor?.name, SEPA_NAME_MAX, "debtor name");
  const debtorIban = checkIban(input.debtor?.iban, "debtor IBAN");
  let debtorBic = "";
  if (input.debtor.bic !== undefined && input.debtor.bic.trim() !== "") {
    debtorBic = input.debtor.bic.replace(/\s+/g, "").toUpperCase();
    if (!isValidBIC(debtorBic)) throw new SepaFileError(`debtor BIC is not valid: ${JSON.stringify(input.debtor.bic)}`);
  }

  const payments = input.payments;
  if (!Array.isArray(payments) || payments.length === 0) throw new SepaFileError("no payment: a SEPA file needs at least one");

  const seen = new Set<string>();
  let controlSumCents = 0;
  const lines = payments.map((p, i) => {
    const where = `payment ${i + 1}`;
    const endToEndId = checkId(p.endToEndId, `${where}: endToEndId`);
    if (seen.has(endToEndId)) throw new SepaFileError(`${where}: endToEndId ${JSON.stringify(endToEndId)} appears twice`);
    seen.add(endToEndId);
    const cents = p.amountCents;
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new SepaFileError(`${where}: amountCents must be a positive integer (got ${cents})`);
    if (cents > SEPA_MAX_AMOUNT_CENTS) throw new SepaFileError(`${where}: amountCents ${cents} is above the SEPA maximum`);
    controlSumCents += cents;
    if (!Number.isSafeInteger(controlSumCents)) throw new SepaFileError("the control sum is too large");
    return {
      endToEndId,
      cents,
      creditorName: cleanRequired(p.creditorName, SEPA_NAME_MAX, `${where}: creditor name`),
      creditorIban: checkIban(p.creditorIban, `${where}: creditor IBAN`),
      remittance: cleanRequired(p.remittance, SEPA_REMITTANCE_MAX, `${where}: remittance`),
    };
  });

  const doc = new SepaDocument("pain.001.001.09");
  doc.grpHdr.id = msgId;
  doc.grpHdr.created = createdAt;
  doc.grpHdr.initiatorName = debtorName;

  const info = doc.createPaymentInfo();
  info.method = "TRF";
  info.batchBooking = false;
  info.requestedExecutionDate = executionDate;
  info.debtorName = debtorName;
  info.debtorIBAN = debtorIban;
  info.debtorBIC = debtorBic;
  doc.addPaymentInfo(info);
  // The package names the block `${msgId}.0`, over 35 characters for a long MsgId: one block, its id is the MsgId.
  info.id = msgId;

  for (const line of lines) {
    const tx = info.createTransaction();
    tx.end2endId = line.endToEndId;
    tx.amount = line.cents / 100;
    tx.currency = "EUR";
    tx.creditorName = line.creditorName;
    tx.creditorIBAN = line.creditorIban;
    tx.remittanceInfo = line.remittance;
    info.addTransaction(tx);
    // Likewise `${pmtInfId}.${index}` would overflow InstrId's 35 characters: reuse the end-to-end id.
    tx.id = line.endToEndId;
  }

  let xml: string;
  try {
    xml = doc.toString();
  } catch (error) {
    throw new SepaFileError(`the sepa package refused the file: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }

  // The package sums and formats JS numbers: check every figure against the integer cents.
  const total = formatCents(controlSumCents);
  const count = String(lines.length);
  const ctrlSums = allMatches(xml, /<CtrlSum>([^<]*)<\/CtrlSum>/g);
  const nbOfTxs = allMatches(xml, /<NbOfTxs>([^<]*)<\/NbOfTxs>/g);
  const amounts = allMatches(xml, /<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g);
  if (!sameList(ctrlSums, [total, total])) throw new SepaFileError(`CtrlSum ${ctrlSums.join("/")} differs from ${total}`);
  if (!sameList(nbOfTxs, [count, count])) throw new SepaFileError(`NbOfTxs ${nbOfTxs.join("/")} differs from ${count}`);
  if (!sameList(amounts, lines.map((l) => formatCents(l.cents)))) throw new SepaFileError("an InstdAmt differs from its amount in cents");

  return {
    xml,
    sha256: createHash("sha256").update(xml, "utf8").digest("hex"),
    txCount: lines.length,
    controlSumCents,
  };
}
