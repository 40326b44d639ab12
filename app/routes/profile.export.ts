import type { Route } from "./+types/profile.export";
import { requireUser } from "#app/lib/auth.server";
import { exportAccountData } from "#app/modules/accounts/accounts.server";

/** Everything we hold about the member, as a JSON download (RGPD portability). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: "/auth?redirect=/profile" });
  const payload = await exportAccountData(user.id);
  return new Response(JSON.stringify(payload, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="mes-donnees-crevarde.json"',
      "Cache-Control": "no-store",
    },
  });
}
