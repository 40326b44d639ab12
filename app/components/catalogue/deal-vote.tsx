import { Link } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button";
import { useToastFetcher } from "./use-toast-fetcher";
import { COLD_VOTE_REASONS, type ColdVoteReason } from "#app/modules/deals/deal-rules";

export interface MyVote {
  value: 1 | -1;
  reason: ColdVoteReason | null;
}

type VoteReply = { ok: true; mine: 1 | -1 | null; reason: ColdVoteReason | null; message: string } | { ok: false; message: string };

/**
 * 🔥 « Hot » / ❄️ « Froid » for a signed-in member (the same again undoes, the
 * other changes; after a cold vote, an optional « Pourquoi ? »), a sign-in
 * prompt for a visitor, nothing to click on one's own or an expired deal.
 * A plain form POST to the deal page before hydration, a fetcher after.
 */
export function DealVote({
  dealId,
  mine,
  visitor,
  own = false,
  expired = false,
}: {
  dealId: string;
  mine: MyVote | null;
  visitor: boolean;
  own?: boolean;
  expired?: boolean;
}) {
  const { fetcher, back, hydrated } = useToastFetcher<VoteReply>();

  if (visitor) {
    const signIn = `/auth?redirect=${encodeURIComponent(back)}`;
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="deal-vote">
        <Link to={signIn} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label="Connecte-toi pour voter Hot">
          🔥 Hot
        </Link>
        <Link to={signIn} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label="Connecte-toi pour voter Froid">
          ❄️ Froid
        </Link>
        <span className="text-xs text-neutral-600">
          <Link to={signIn} className="font-semibold text-brand-700 underline">
            Connecte-toi
          </Link>{" "}
          pour voter.
        </span>
      </div>
    );
  }
  if (own) return <p className="text-xs text-neutral-600">C'est ton deal : tu ne peux pas voter pour lui.</p>;
  if (expired) return <p className="text-xs text-neutral-600">Deal expiré : les votes sont figés.</p>;

  const replied = fetcher.data?.ok ? { value: fetcher.data.mine, reason: fetcher.data.reason } : null;
  const pending = fetcher.formData?.get("vote");
  let value: 1 | -1 | null = replied ? replied.value : (mine?.value ?? null);
  if (pending === "hot") value = value === 1 ? null : 1;
  else if (pending === "cold") value = value === -1 ? null : -1;
  const reason = replied ? replied.reason : (mine?.reason ?? null);
  const hidden = (
    <>
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <input type="hidden" name="redirectTo" value={back} />
    </>
  );
  return (
    <div className="flex flex-col gap-2" data-testid="deal-vote">
      <fetcher.Form method="post" action={`/coup-de-crevarde/${dealId}`} className="flex flex-wrap items-center gap-2 text-sm" aria-label="Voter pour ce deal">
        {hidden}
        <Button type="submit" name="vote" value="hot" size="sm" variant={value === 1 ? "default" : "outline"} aria-pressed={value === 1}>
          🔥 Hot
        </Button>
        <Button type="submit" name="vote" value="cold" size="sm" variant={value === -1 ? "default" : "outline"} aria-pressed={value === -1}>
          ❄️ Froid
        </Button>
        <span className="text-xs text-neutral-600" aria-live="polite">
          {value === 1 ? "Tu as voté 🔥 (reclique pour annuler)" : value === -1 ? "Tu as voté ❄️ (reclique pour annuler)" : null}
        </span>
      </fetcher.Form>
      {value === -1 && !pending ? (
        <fetcher.Form method="post" action={`/coup-de-crevarde/${dealId}`} className="flex flex-wrap items-center gap-2 text-xs">
          {hidden}
          <input type="hidden" name="vote" value="reason" />
          <label className="flex items-center gap-2">
            <span>Pourquoi ? (facultatif)</span>
            <select name="reason" defaultValue={reason ?? ""} key={reason ?? ""} className="h-8 rounded-lg border border-neutral-300 bg-white px-2 text-xs">
              <option value="">Sans raison</option>
              {Object.entries(COLD_VOTE_REASONS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" variant="ghost">
            Envoyer
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
