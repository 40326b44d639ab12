import { TZDate } from "@date-fns/tz";
import { addBusinessDays } from "date-fns/addBusinessDays";
import { addDays } from "date-fns/addDays";
import { isAfter } from "date-fns/isAfter";
import { setHours } from "date-fns/setHours";
import { startOfHour } from "date-fns/startOfHour";
import { setMinutes } from "date-fns/setMinutes";
import { SITE_TIME_ZONE } from "#app/modules/settings/paris-time";

/**
 * When the member can expect their money (ADR 023): approved withdrawals
 * leave in a weekly file, on Tuesday at 10:00 Paris time (ADR 023, Expected dates), and a
 * SEPA credit transfer reaches the member's bank one business day later.
 */
const PAYOUT_EXPORT_WEEKDAY = 2; // Tuesday
const PAYOUT_EXPORT_HOUR = 10;

/** The next weekly export strictly after `from`, in Paris time. */
export function nextPayoutExport(from: Date): Date {
  const paris = new TZDate(from, SITE_TIME_ZONE);
  let day = startOfHour(setMinutes(setHours(paris, PAYOUT_EXPORT_HOUR), 0));
  while (day.getDay() !== PAYOUT_EXPORT_WEEKDAY || !isAfter(day, paris)) day = addDays(day, 1);
  return new Date(day.getTime());
}

/** The date the money should reach the member's bank, for a payout in this state (null once it is settled or stopped). */
export function expectedArrival(payout: { status: string; requestedAt: Date; sentAt: Date | null }, now: Date): Date | null {
  switch (payout.status) {
    case "requested":
    case "needs_review":
    case "approved":
    case "exported":
      return new Date(addBusinessDays(new TZDate(nextPayoutExport(now), SITE_TIME_ZONE), 1).getTime());
    case "sent":
      return new Date(addBusinessDays(new TZDate(payout.sentAt ?? now, SITE_TIME_ZONE), 1).getTime());
    default:
      return null;
  }
}
