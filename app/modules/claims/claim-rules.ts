import { formatParis, toParisDateInput } from "#app/modules/settings/paris-time";
import { claimStatus } from "#db/states/claim-status";
import {
  CLAIM_EXPIRY_DAYS,
  CLAIM_MATCH_AMOUNT_CENTS,
  CLAIM_MATCH_AMOUNT_RATIO,
  CLAIM_MATCH_DAYS,
  CLAIM_MAX_DAYS,
  CLAIM_MESSAGES,
  CLAIM_MIN_DAYS,
  claimStatusLabel,
  type ClaimProofMime,
} from "./claims.schema";

/** Pure rules of a claim (ADR 037 §Missing-cashback claims): no database, no clock of their own. */

const DAY_MS = 86_400_000;
const dayText = (d: Date) => formatParis(d, "d MMMM yyyy");

/** When a click may be claimed: from D+3 to D+90. */
function claimWindow(clickAt: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(clickAt.getTime() + CLAIM_MIN_DAYS * DAY_MS), closesAt: new Date(clickAt.getTime() + CLAIM_MAX_DAYS * DAY_MS) };
}

/** Why a click cannot be claimed now (French), or null when it can. */
export function clickWindowError(clickAt: Date, now: Date): string | null {
  const { opensAt, closesAt } = claimWindow(clickAt);
  if (now < opensAt) return CLAIM_MESSAGES.tooEarly(formatParis(opensAt, "d MMMM yyyy 'à' HH'h'mm"));
  if (now > closesAt) return CLAIM_MESSAGES.tooLate;
  return null;
}

/** When a claim sent to the network on `sentAt` expires without an answer (120 days, ADR 037 §Missing-cashback claims). */
export function claimExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + CLAIM_EXPIRY_DAYS * DAY_MS);
}

/** A sent claim with no answer by now: it is due to expire. */
export function isClaimExpired(claim: { status: string; sentAt: Date | null }, now: Date): boolean {
  return claim.status === claimStatus.is.sent && !!claim.sentAt && claimExpiresAt(claim.sentAt) <= now;
}

/** Why the member cannot withdraw the claim (French), or null: only before it is sent to the network. */
export function withdrawError(status: string): string | null {
  return claimStatus.canMove(status, "withdrawn") ? null : CLAIM_MESSAGES.cannotWithdraw(claimStatusLabel(status));
}

/** Why the member cannot re-open the claim (French), or null: an expired claim, once. */
export function reopenError(claim: { status: string; reopenedAt: Date | null }): string | null {
  if (!claimStatus.canMove(claim.status, "matched")) return CLAIM_MESSAGES.cannotReopen(claimStatusLabel(claim.status));
  if (claim.reopenedAt) return CLAIM_MESSAGES.alreadyReopened;
  return null;
}

/** The last Paris day the programme's cookie still ties an order to the click. */
function cookieLastDay(clickAt: Date, cookieDays: number): string {
  return toParisDateInput(new Date(clickAt.getTime() + cookieDays * DAY_MS));
}

/**
 * Why the order day ("2026-03-10", a Paris day) cannot follow this click (French),
 * or null: on or after the click's day, within the cookie window, not in the future.
 */
export function orderDayError(orderDay: string, clickAt: Date, cookieDays: number, now: Date): string | null {
  if (orderDay > toParisDateInput(now)) return CLAIM_MESSAGES.orderInFuture;
  if (orderDay < toParisDateInput(clickAt)) return CLAIM_MESSAGES.orderBeforeClick(dayText(clickAt));
  const last = cookieLastDay(clickAt, cookieDays);
  if (orderDay > last) return CLAIM_MESSAGES.orderAfterWindow(cookieDays, dayText(new Date(clickAt.getTime() + cookieDays * DAY_MS)));
  return null;
}

/**
 * The instant stored for an order known only by its Paris day: the start of
 * that day, or the click itself when the order was made the same day (the
 * order cannot have come before the click that led to it).
 */
export function orderInstant(orderDayStart: Date, clickAt: Date): Date {
  return orderDayStart < clickAt ? clickAt : orderDayStart;
}

/** An order reference as compared (ADR 037 §Missing-cashback claims): no white space, case-insensitive. */
export function normaliseOrderRef(ref: string): string {
  return ref.replace(/\s+/g, "").toLowerCase();
}

/** Two order references are the same order (both present, equal once normalised). */
export function sameOrderRef(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const na = normaliseOrderRef(a);
  return na !== "" && na === normaliseOrderRef(b);
}

/** Whole days between two "yyyy-mm-dd" days (absolute). */
const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;

/**
 * The fallback match of a conversion with no order reference (ADR 037 §Missing-cashback claims): a sale
 * amount in euros within ±max(1 €, 2 %) of the claimed amount, on a Paris day at most 2 days from the
 * claimed order's. A conversion without a sale amount, or in another currency, matches nothing this way.
 * Returns how far apart they are (smaller is closer), or null when they do not match.
 */
export function fallbackMatchDistance(
  claim: { orderAt: Date; orderAmountCents: number },
  conv: { saleAmount: string | null; currency: string; transactionAt: Date },
): number | null {
  if (conv.saleAmount === null || conv.currency.toUpperCase() !== "EUR") return null;
  const saleCents = Math.round(Number(conv.saleAmount) * 100);
  if (!Number.isFinite(saleCents)) return null;
  const amountGap = Math.abs(saleCents - claim.orderAmountCents);
  if (amountGap > Math.max(CLAIM_MATCH_AMOUNT_CENTS, Math.round(claim.orderAmountCents * CLAIM_MATCH_AMOUNT_RATIO))) return null;
  const dayGap = daysApart(toParisDateInput(claim.orderAt), toParisDateInput(conv.transactionAt));
  if (dayGap > CLAIM_MATCH_DAYS) return null;
  return dayGap * 1_000_000 + amountGap;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: number[]) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/**
 * What a proof really is, from its bytes (never its name or declared type):
 * a PDF starts with "%PDF-" and ends with "%%EOF"; a PNG starts with its
 * 8-byte signature; a JPEG with FF D8 FF. null for anything else.
 */
export function sniffProofMime(bytes: Uint8Array): ClaimProofMime | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    return ascii(bytes.subarray(Math.max(0, bytes.length - 1024))).includes("%%EOF") ? "application/pdf" : null;
  }
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  return null;
}

