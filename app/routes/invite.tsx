import { Mail } from "lucide-react";
import type { Route } from "./+types/invite";
import { CopyButton } from "~/components/catalogue/copy-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonVariants } from "~/components/ui/button";
import { requireUser } from "~/lib/auth.server";
import { getEnv } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { countReferrals, referralCodeFor } from "~/modules/invites/invites.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { SITE_URL, SITE_NAME } = getEnv();
  const code = await referralCodeFor(user.id);
  return { link: `${SITE_URL}/auth?tab=signup&parrain=${code}`, siteName: SITE_NAME, referrals: await countReferrals(user.id) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Invite une amie", description: "Partage ton lien d'invitation personnel.", path: "/invite", noIndex: true }, matches);

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { link, siteName, referrals } = loaderData;
  const mail = `mailto:?subject=${encodeURIComponent(`Rejoins-moi sur ${siteName} !`)}&body=${encodeURIComponent(
    `Je t'invite sur ${siteName}, le site des bons plans beauté, mode et sport : ${link}`,
  )}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-4xl font-black">Invite une amie</h1>
      <p className="mt-3 text-neutral-700">
        Partage ton lien personnel : chaque amie qui s'inscrit grâce à lui est rattachée à ton compte. Les récompenses arrivent
        bientôt !
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
        {referrals === 0 ? "Aucune amie inscrite grâce à toi pour l'instant." : `${referrals} amie${referrals > 1 ? "s" : ""} inscrite${referrals > 1 ? "s" : ""} grâce à toi.`}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
