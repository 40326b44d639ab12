import { Bookmark, BookmarkCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";

/** Save / unsave a deal or a code for a member (POST /mes-deals). */
export function SaveButton({ kind, id, saved }: { kind: "deal" | "code"; id: string; saved: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; saved?: boolean }>();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pendingIntent = fetcher.formData?.get("intent");
  const isSaved = pendingIntent ? String(pendingIntent).startsWith("save") : (fetcher.data?.saved ?? saved);
  return (
    <fetcher.Form method="post" action="/mes-deals">
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button
        type="submit"
        name="intent"
        value={isSaved ? `remove-${kind}` : `save-${kind}`}
        variant={isSaved ? "secondary" : "ghost"}
        size="sm"
        aria-pressed={isSaved}
      >
        {isSaved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        {isSaved ? "Sauvegardé" : "Sauvegarder"}
      </Button>
    </fetcher.Form>
  );
}
