import { Button } from "#app/components/ui/button";
import { useToastFetcher } from "./use-toast-fetcher";

type Reply = { ok: boolean; message: string };

/**
 * « Expiré ? », « Toujours valable » and « Réactiver » on a deal page (issue
 * #15 item 5). A fetcher with a toast, a plain form before hydration.
 */
export function DealExpiry({
  dealId,
  expired,
  isAuthor,
  canModerate,
  flags,
}: {
  dealId: string;
  expired: boolean;
  isAuthor: boolean;
  canModerate: boolean;
  /** what this member already said about this deal */
  flags: ("expired" | "still_valid")[];
}) {
  const { fetcher, back, hydrated } = useToastFetcher<Reply>();
  const busy = fetcher.state !== "idle";
  const button = (intent: string, label: string, done?: string) => (
    <fetcher.Form method="post" action={`/coup-de-crevarde/${dealId}`} className="flex flex-wrap items-center gap-2">
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <input type="hidden" name="redirectTo" value={back} />
      <input type="hidden" name="intent" value={intent} />
      {done ? (
        <span className="text-sm text-neutral-600">{done}</span>
      ) : (
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          {label}
        </Button>
      )}
    </fetcher.Form>
  );
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="deal-expiry">
      {expired
        ? isAuthor || canModerate
          ? button("reactivate", "Réactiver le deal")
          : button("still-valid", "Toujours valable ?", flags.includes("still_valid") ? "Merci, un modérateur va vérifier ce deal." : undefined)
        : isAuthor
          ? button("expire", "Marquer comme expiré")
          : button("expire", "Expiré ?", flags.includes("expired") ? "Tu as signalé ce deal expiré." : undefined)}
    </div>
  );
}
