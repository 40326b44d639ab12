import { z } from "zod";
import { fromParisLocalInput } from "#app/modules/settings/paris-time";

/**
 * Scheduling of deals, promo codes, offers and pages (issue #17 item 4, ADR 030): an
 * optional « Publier le » and « Dépublier le », typed in Paris time. A row is public
 * only inside its window, on top of its own rules (a deal's status, a code's expiry, a
 * page's « publiée »): publish_at null or past, unpublish_at null or still to come.
 */

export interface ScheduleWindow {
  publishAt: Date | string | null;
  unpublishAt: Date | string | null;
}

export const SCHEDULE_MESSAGES = {
  date: "La date n'est pas valide.",
  order: "« Dépublier le » doit être après « Publier le ».",
} as const;

/** Where a row stands in its window at `now`: « Programmé » before it, « Dépublié » after it. */
export type ScheduleState = "scheduled" | "live" | "ended";

export const SCHEDULE_LABELS: Record<Exclude<ScheduleState, "live">, string> = {
  scheduled: "Programmé",
  ended: "Dépublié",
};

const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

export function scheduleState(row: ScheduleWindow, now: Date = new Date()): ScheduleState {
  const at = now.getTime();
  const publish = time(row.publishAt);
  const unpublish = time(row.unpublishAt);
  if (unpublish !== null && unpublish <= at) return "ended";
  if (publish !== null && publish > at) return "scheduled";
  return "live";
}

/** The window's rule itself, and never a draft (ADR 047; the SQL twin is scheduleOpen in schedule.server.ts). */
export function isInSchedule(row: ScheduleWindow & { draft?: boolean }, now: Date = new Date()): boolean {
  return !row.draft && scheduleState(row, now) === "live";
}

/** An optional `datetime-local` field read as Paris time (DST included); null when empty. */
const parisDateTimeField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v || !v.trim()) return null;
    const iso = fromParisLocalInput(v);
    const d = iso ? new Date(iso) : null;
    if (!d || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) {
      ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.date });
      return z.NEVER;
    }
    return d;
  });

/** The two fields every scheduled form shares; check them with `scheduleOrder`. */
export const scheduleFields = { publishAt: parisDateTimeField, unpublishAt: parisDateTimeField };

/** « Dépublier le » after « Publier le » when both are given (the database checks it too). */
export function scheduleOrder(value: { publishAt: Date | null; unpublishAt: Date | null }, ctx: z.RefinementCtx) {
  if (value.publishAt && value.unpublishAt && value.unpublishAt <= value.publishAt) {
    ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: SCHEDULE_MESSAGES.order });
  }
}

/** A row's window for an admin list: ISO strings (the form's defaults) and its state at `now` (the badge). */
export function scheduleView(row: { publishAt: Date | null; unpublishAt: Date | null }, now: Date) {
  return {
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    schedule: scheduleState(row, now),
  };
}
