import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { fr } from "date-fns/locale/fr";
import { withFirstOfMonth } from "#app/lib/paris-day";

/** The site's time zone: admins type dates as they read them on a French clock. */
export const SITE_TIME_ZONE = "Europe/Paris";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as the value of a `datetime-local` field, in Paris time ("2025-05-25T23:59"). */
export function toParisLocalInput(instant: string | Date): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date, SITE_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}

/** A `datetime-local` value read as Paris time, as an ISO instant; null when it is not a real date. */
export function fromParisLocalInput(value: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const date = TZDate.tz(SITE_TIME_ZONE, y, mo - 1, d, h, mi, s);
  // 31 February and the like roll over: refuse them
  if (date.getDate() !== d || date.getMonth() !== mo - 1) return null;
  return new Date(date.getTime()).toISOString();
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A `date` field's value ("2027-06-30") read as a Paris day: the last
 * millisecond of that day in Paris (23:59:59.999), whatever the server's
 * zone. null for anything that is not a real calendar date (2027-02-30).
 */
export function parisEndOfDay(value: string): Date | null {
  const m = DAY.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const date = TZDate.tz(SITE_TIME_ZONE, y, mo - 1, d, 23, 59, 59, 999);
  if (date.getFullYear() !== y || date.getDate() !== d || date.getMonth() !== mo - 1) return null;
  return new Date(date.getTime());
}

/** An instant as the value of a `date` field: its day in Paris ("2027-06-30"). */
export function toParisDateInput(instant: string | Date): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  return format(new TZDate(date, SITE_TIME_ZONE), "yyyy-MM-dd");
}

/** How many formatted instants formatParis keeps (the oldest goes first). */
export const FORMATTED_KEPT = 5_000;
const formatted = new Map<string, string>();

/**
 * Format an instant as read on a Paris clock, in French. The same text on the
 * server (any zone, UTC in production) and in the browser, so hydration matches.
 * The first day of a month is written « 1er » (withFirstOfMonth).
 *
 * The text is kept for the instant and the pattern: date-fns formats a zoned
 * date in about 15 µs (it rebuilds the zoned date several times), and the
 * same instants are shown again and again (a deal's dates to every visitor,
 * a member's purchases at each visit: about 80 on `/mon-cashback`).
 */
export function formatParis(instant: string | Date, pattern: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const key = `${date.getTime()}|${pattern}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = withFirstOfMonth(format(new TZDate(date, SITE_TIME_ZONE), pattern, { locale: fr }));
    if (formatted.size >= FORMATTED_KEPT) formatted.delete(formatted.keys().next().value!);
    formatted.set(key, text);
  }
  return text;
}

/** The Paris year parisYear last read, and the instants it spans ([from, to), Paris New Years). */
let yearSpan = { year: 0, from: 0, to: 0 };

/**
 * The year on a Paris clock at `now` (the footer's copyright year, on every
 * page). It does not go through formatParis: every request has a new instant,
 * which would cost a zoned format each time and push the instants worth
 * keeping (a deal's dates) out of formatParis's memory. The year is read once
 * and kept until the next New Year in Paris.
 */
export function parisYear(now: Date = new Date()): number {
  const t = now.getTime();
  if (Number.isNaN(t)) throw new RangeError("Invalid time value");
  if (t >= yearSpan.from && t < yearSpan.to) return yearSpan.year;
  const year = new TZDate(t, SITE_TIME_ZONE).getFullYear();
  yearSpan = { year, from: TZDate.tz(SITE_TIME_ZONE, year, 0, 1).getTime(), to: TZDate.tz(SITE_TIME_ZONE, year + 1, 0, 1).getTime() };
  return year;
}
