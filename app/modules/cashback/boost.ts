/**
 * Boosted cashback (issue #34 item 6, ADR 015 §Boosts). A programme may carry one time-boxed
 * boost: during [boostStartsAt, boostEndsAt) the member's share of the commission is
 * boostShareBps instead of memberShareBps. Every rate shown is network rate × share (ADR 015), so
 * every rate of the programme is boosted in proportion, and the click-out snapshots the share in
 * force at click time, so a purchase clicked during the boost is credited at the boosted share.
 *
 * The window is half-open like a rate's: the boost is over at its end instant, whatever caches
 * hold (the rates' cache entry ends at the next boost boundary, programs.server).
 */
import { formatParis, parisYear } from "#app/modules/settings/paris-time";

export interface ProgramBoostFields {
  memberShareBps: number;
  boostShareBps: number | null;
  boostStartsAt: Date | null;
  boostEndsAt: Date | null;
}

/** The boost is in force at `at`: boostStartsAt <= at < boostEndsAt. */
export function boostActive(p: ProgramBoostFields, at: Date): boolean {
  return p.boostShareBps !== null && p.boostStartsAt !== null && p.boostEndsAt !== null && p.boostStartsAt <= at && at < p.boostEndsAt;
}

/**
 * The member's share at `at`: the boosted one while the boost is in force, else the programme's.
 * A boost never lowers it (the programme's share may have been raised above it since).
 */
export function effectiveShareBps(p: ProgramBoostFields, at: Date): number {
  return boostActive(p, at) ? Math.max(p.boostShareBps!, p.memberShareBps) : p.memberShareBps;
}

/**
 * « jusqu'au 3 décembre »: the last day of the boost on a Paris clock. A boost that ends at
 * midnight ends with the day before (ending 4 December 00:00 means « jusqu'au 3 décembre »);
 * otherwise the hour is given (« jusqu'au 3 décembre à 18 h 30 »). The year is written only
 * when it is not the current one; the first of a month is « 1er » (formatParis).
 */
export function boostUntilText(endsAt: Date, now: Date): string {
  const midnight = formatParis(endsAt, "HH:mm") === "00:00";
  const lastDay = midnight ? new Date(endsAt.getTime() - 1) : endsAt;
  const sameYear = Number(formatParis(lastDay, "yyyy")) === parisYear(now);
  const day = formatParis(lastDay, sameYear ? "d MMMM" : "d MMMM yyyy");
  return `jusqu'au ${day}${midnight ? "" : ` à ${formatParis(endsAt, "H 'h' mm")}`}`;
}

/** « Cashback boosté : 10 % au lieu de 7 % jusqu'au 3 décembre » */
export function boostText(boosted: string, base: string, endsAt: Date, now: Date): string {
  return `Cashback boosté : ${boosted} au lieu de ${base} ${boostUntilText(endsAt, now)}`;
}
