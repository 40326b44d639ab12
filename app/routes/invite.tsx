import { Mail } from "lucide-react";
import type { Route } from "./+types/invite";
import { CopyButton } from "#app/components/catalogue/copy-button";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonVariants } from "#app/components/ui/button";
import { requireUser } from "#app/lib/auth.server";
import { getEnv } from "#app/lib/env.server";
import { seo } from "#app/lib/seo";
import { countReferrals, referralCodeFor } from "#app/modules/invites/invites.server";
import { formatEuros } from "#app/modules/ledger/ledger";
import { countOf } from "#app/lib/plural";
import { referralRewardLabel, referralRewardStatusText, referralTotals } from "#app/modules/referrals/referrals";
import { myReferralRewards, referralAmounts, type MyReferralReward } from "#app/modules/referrals/referrals.server";
import { referralRewardStatus } from "#db/states/referral-status";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { SITE_URL, SITE_NAME } = getEnv();
  const code = await referralCodeFor(user.id);
  const [referrals, rewards, amounts] = await Promise.all([countReferrals(user.id), myReferralRewards(user.id), referralAmounts()]);
  return { link: `${SITE_URL}/auth?tab=signup&parrain=${code}`, siteName: SITE_NAME, referrals, rewards, amounts };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Invite tes proches", description: "Partage ton lien d'invitation personnel.", path: "/invite", noIndex: true }, matches);

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { link, siteName, referrals, rewards, amounts } = loaderData;
  const mail = `mailto:?subject=${encodeURIComponent(`Rejoins-moi sur ${siteName} !`)}&body=${encodeURIComponent(
    `Je t'invite sur ${siteName}, le site des bons plans beauté, mode et sport : ${link}`,
  )}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-4xl font-black">Invite tes proches</h1>
      <p className="mt-3 text-neutral-700">
        Partage ton lien personnel : chaque personne qui s'inscrit grâce à lui est rattachée à ton compte.
        {amounts.referrerCents > 0 || amounts.refereeCents > 0
          ? ` Quand son premier cashback est validé, tu reçois ${formatEuros(amounts.referrerCents)} de bonus, et la personne invitée ${formatEuros(amounts.refereeCents)}.`
          : null}
      </p>
      <label htmlFor="invite-link" className="mt-8 block text-sm font-semibold">
        Ton lien d'invitation
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input id="invite-link" readOnly value={link} className="h-11 flex-1 rounded-xl border border-neutral-300 bg-neutral-50 px-3 font-mono text-sm" />
        <CopyButton code={link} />
      </div>
      <a href={mail} className={`${buttonVariants({ variant: "outline" })} mt-4`}>
        <Mail aria-hidden="true" /> Envoyer par e-mail
      </a>
      <p className="mt-8 text-sm text-neutral-600">
        {referrals === 0 ? "Aucune inscription grâce à toi pour l'instant." : `${countOf(referrals, { one: "inscription", other: "inscriptions" })} grâce à toi.`}
      </p>
      <MyReferrals rewards={rewards} />
    </div>
  );
}

function MyReferrals({ rewards }: { rewards: MyReferralReward[] }) {
  const totals = referralTotals(rewards);
  return (
    <section aria-labelledby="mes-parrainages" className="mt-10">
      <h2 id="mes-parrainages" className="text-2xl font-black">
        Mes parrainages
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-2xl border border-neutral-200 p-4">
          <dt className="text-sm text-neutral-600">Gagné</dt>
          <dd className="mt-1 text-xl font-bold" data-testid="referrals-earned">
            {totals.earned}
          </dd>
        </div>
        <div className="rounded-2xl border border-neutral-200 p-4">
          <dt className="text-sm text-neutral-600">En attente</dt>
          <dd className="mt-1 text-xl font-bold" data-testid="referrals-pending">
            {totals.pending}
          </dd>
        </div>
      </dl>
      {rewards.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-600">Pas encore de bonus de parrainage.</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {rewards.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-2xl border border-neutral-200 p-4" data-status={r.status}>
              <span className="min-w-0 break-words font-medium">{referralRewardLabel(r.kind, r.other)}</span>
              <span className={r.status === referralRewardStatus.is.void ? "font-bold text-neutral-500 line-through" : "font-bold"}>{formatEuros(r.amountCents)}</span>
              <span className={`w-full text-sm ${r.status === referralRewardStatus.is.void ? "text-red-700" : r.status === referralRewardStatus.is.credited ? "text-green-700" : "text-neutral-600"}`}>
                {referralRewardStatusText(r.kind, r.status, r.voidReason)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
