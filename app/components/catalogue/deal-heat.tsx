import { Badge } from "#app/components/ui/badge";
import { cn } from "#app/lib/utils";

/** What a card or the deal page shows about the temperature: never the value while the deal is new (toPublicDeal). */
export interface DealHeat {
  isNew: boolean;
  temperature: number | null;
  /** « Hot », « Brûlant », « Légendaire » or null */
  tier: string | null;
}

/** « Nouveau » during the first 10 minutes, then « 123° » with its tier; « Expiré » beside it. */
export function DealHeatBadges({ heat, expired, className }: { heat: DealHeat; expired: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1", className)}>
      {heat.temperature === null ? (
        <Badge variant="fun" data-testid="deal-heat">
          Nouveau
        </Badge>
      ) : (
        <Badge variant={heat.tier ? "hot" : heat.temperature < 0 ? "fun" : "neutral"} data-testid="deal-heat">
          <span className="sr-only">Température : </span>
          {heat.temperature}°{heat.tier ? ` · ${heat.tier}` : ""}
        </Badge>
      )}
      {expired ? <Badge variant="outline">Expiré</Badge> : null}
    </span>
  );
}
