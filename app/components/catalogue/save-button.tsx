import { Bookmark } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/utils";
import { useToastFetcher } from "./use-toast-fetcher";

type SaveReply = { ok: true; saved: boolean; message: string } | { ok: false; message: string };

/**
 * Save / unsave a deal or a code for a member (POST /mes-deals): a plain form before hydration, then a fetcher
 * whose answer shows as a toast (the deal page's vote and report forms share useToastFetcher).
 */
export function SaveButton({ kind, id, saved }: { kind: "deal" | "code"; id: string; saved: boolean }) {
  const { fetcher, back, hydrated } = useToastFetcher<SaveReply>();
  const pendingIntent = fetcher.formData?.get("intent");
  const isSaved = pendingIntent ? String(pendingIntent).startsWith("save") : fetcher.data?.ok ? fetcher.data.saved : saved;
  return (
    <fetcher.Form method="post" action="/mes-deals">
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={back} />
      <Button
        type="submit"
        name="intent"
        value={isSaved ? `remove-${kind}` : `save-${kind}`}
        variant={isSaved ? "secondary" : "ghost"}
        size="sm"
        aria-pressed={isSaved}
      >
        <Bookmark aria-hidden="true" className={cn(isSaved && "fill-current")} />
        {isSaved ? "Sauvegardé" : "Sauvegarder"}
      </Button>
    </fetcher.Form>
  );
}
