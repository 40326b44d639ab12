import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { cn } from "#app/lib/utils";
import { NEWSLETTER_MESSAGES } from "#app/modules/newsletter/newsletter.constants";

export interface NewsletterFormProps {
  source: "home" | "temu";
  className?: string;
}

type Result = { ok: boolean; title: string; message: string };

/**
 * Newsletter sign-up (POST /newsletter). On the home block an empty
 * submission does nothing (required field); on /temu it shows the spec's
 * "Erreur" toast. Works without JavaScript too.
 */
export function NewsletterForm({ source, className }: NewsletterFormProps) {
  const fetcher = useFetcher<Result>();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  // Without JavaScript the form posts normally and the server redirects back with a toast.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.title, { description: fetcher.data.message });
      if (inputRef.current) inputRef.current.value = "";
    } else {
      toast.error(fetcher.data.title, { description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      className={cn("flex flex-col gap-2 sm:flex-row", className)}
      noValidate={source === "temu"}
      onSubmit={(event) => {
        if (source === "temu" && !inputRef.current?.value.trim()) {
          event.preventDefault();
          toast.error(NEWSLETTER_MESSAGES.errorTitle, { description: NEWSLETTER_MESSAGES.emptyText });
        }
      }}
    >
      <input type="hidden" name="source" value={source} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <label htmlFor={`newsletter-${source}`} className="sr-only">
        Ton adresse email
      </label>
      <Input
        ref={inputRef}
        id={`newsletter-${source}`}
        name="email"
        type="email"
        required={source === "home"}
        maxLength={254}
        autoComplete="email"
        placeholder="ton.email@exemple.fr"
        className="bg-white text-neutral-900 sm:flex-1"
      />
      <Button type="submit" variant="secondary" size="lg" disabled={busy}>
        {busy ? "Inscription..." : "Je veux économiser"}
      </Button>
    </fetcher.Form>
  );
}
