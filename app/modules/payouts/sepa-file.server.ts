import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { electronicFormatIBAN, isValidBIC, validateIBAN } from "ibantools";
import { Document as SepaDocument } from "sepa";
import { SITE_TIME_ZONE } from "#app/modules/settings/paris-time";
import { cleanSepaText, sepaLetterCount } from "./sepa-text";

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
  /** the payment field at fault, when one payment is the cause */
  readonly field?: keyof SepaPayment;
  constructor(message: string, options?: { cause?: unknown; field?: keyof SepaPayment }) {
    super(message, options);
    this.name = "SepaFileError";
    this.field = options?.field;
  }
}

const SEPA_NAME_MAX = 70;
const SEPA_REMITTANCE_MAX = 140;
const SEPA_ID_MAX = 35;
/** 999,999,999.99 €: the largest amount the scheme (and the package) accepts for one transfer */
const SEPA_MAX_AMOUNT_CENTS = 99_999_999_999;
const SEPA_ID = /^[a-zA-Z0-9/\-?:().,'+ ]+$/;

/** Integer cents as the decimal the XML carries ("1234.05"), without floating point. */
export function formatCents(cents: number): string {
  const rest = cents % 100;
  return `${(cents - rest) / 100}.${String(rest).padStart(2, "0")}`;
}

function cleanRequired(value: string, maxLength: number, what: string, field?: keyof SepaPayment): string {
  if (typeof value !== "string") throw new SepaFileError(`${what} is missing`, { field });
  const cleaned = cleanSepaText(value, maxLength);
  if (!cleaned) throw new SepaFileError(`${what} is empty once cleaned to the SEPA character set (was ${JSON.stringify(value)})`, { field });
  return cleaned;
}

/** MsgId, EndToEndId: 1–35 characters of the SEPA set, not starting with "/" nor containing "//" (EPC rules). */
function checkId(id: string, what: string, field?: keyof SepaPayment): string {
  const fail = (message: string) => new SepaFileError(message, { field });
  if (typeof id !== "string" || id.length === 0) throw fail(`${what} is empty`);
  if (id.length > SEPA_ID_MAX) throw fail(`${what} is longer than ${SEPA_ID_MAX} characters: ${JSON.stringify(id)}`);
  if (!SEPA_ID.test(id)) throw fail(`${what} has characters outside the SEPA set: ${JSON.stringify(id)}`);
  if (id.startsWith("/") || id.includes("//")) throw fail(`${what} starts with "/" or contains "//": ${JSON.stringify(id)}`);
  if (id.trim() !== id) throw fail(`${what} starts or ends with a space: ${JSON.stringify(id)}`);
  return id;
}

function checkIban(iban: string, what: string, field?: keyof SepaPayment): string {
  const electronic = typeof iban === "string" ? electronicFormatIBAN(iban) : null;
  if (!electronic || !validateIBAN(electronic).valid) throw new SepaFileError(`${what} is not a valid IBAN`, { field });
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

/** One payment's fields checked and cleaned for the file; throws a SepaFileError naming the field at fault. */
function checkPayment(p: SepaPayment, where: string) {
  const endToEndId = checkId(p.endToEndId, `${where}: endToEndId`, "endToEndId");
  const cents = p.amountCents;
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new SepaFileError(`${where}: amountCents must be a positive integer (got ${cents})`, { field: "amountCents" });
  if (cents > SEPA_MAX_AMOUNT_CENTS) throw new SepaFileError(`${where}: amountCents ${cents} is above the SEPA maximum`, { field: "amountCents" });
  return {
    endToEndId,
    cents,
    creditorName: cleanRequired(p.creditorName, SEPA_NAME_MAX, `${where}: creditor name`, "creditorName"),
    creditorIban: checkIban(p.creditorIban, `${where}: creditor IBAN`, "creditorIban"),
    remittance: cleanRequired(p.remittance, SEPA_REMITTANCE_MAX, `${where}: remittance`, "remittance"),
  };
}

/**
 * Why this one payment cannot be written to a file (null: it can), so an
 * export leaves it out instead of failing whole. A creditor name must keep at
 * least two letters once cleaned, the rule the bank-details form applies.
 */
export function sepaPaymentProblem(p: SepaPayment): SepaFileError | null {
  try {
    checkPayment(p, "payment");
  } catch (error) {
    if (error instanceof SepaFileError) return error;
    throw error;
  }
  if (sepaLetterCount(p.creditorName, SEPA_NAME_MAX) < 2) return new SepaFileError("payment: creditor name keeps fewer than two letters in the SEPA character set", { field: "creditorName" });
  return null;
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
    const line = checkPayment(p, `payment ${i + 1}`);
    if (seen.has(line.endToEndId)) throw new SepaFileError(`payment ${i + 1}: endToEndId ${JSON.stringify(line.endToEndId)} appears twice`, { field: "endToEndId" });
    seen.add(line.endToEndId);
    controlSumCents += line.cents;
    if (!Number.isSafeInteger(controlSumCents)) throw new SepaFileError("the control sum is too large");
    return line;
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
