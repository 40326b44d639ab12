// Server side only (deals.server.ts writes the text into the loader data): date-fns' French locale stays out of
// the pages' JavaScript (ADR 027).
import { formatDistanceStrict } from "date-fns/formatDistanceStrict";
import { fr } from "date-fns/locale/fr";

/**
 * How long ago a deal was posted, as cards and the deal page say it (issue #34 item 9): « à l'instant » under a
 * minute, then « il y a 5 minutes », « il y a 3 heures », « il y a 2 jours », « il y a 1 mois » (whole units, floored).
 */
export function postedAgo(postedAt: Date, now: Date): string {
  const at = postedAt > now ? now : postedAt;
  if (now.getTime() - at.getTime() < 60_000) return "à l'instant";
  return formatDistanceStrict(at, now, { addSuffix: true, locale: fr, roundingMethod: "floor" });
}
