import { redirect } from "react-router";
import type { Route } from "./+types/auth.logout";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { combineHeaders, createToastHeaders } from "#app/lib/toast.server";
import { clearAuthCookies, signOut } from "#app/modules/accounts/accounts.server";
import { AUTH_MESSAGES } from "#app/modules/accounts/messages";

/** GET never signs out (no state change on GET): it just goes home. */
export function loader() {
  return redirect("/");
}

/** Sign out on the server, then /auth?fresh=true with a toast (also on error). */
export async function action({ request }: Route.ActionArgs) {
  try {
    const headers = await signOut(request);
    const toastHeaders = await createToastHeaders({
      title: AUTH_MESSAGES.logoutSuccessTitle,
      description: `À bientôt sur ${getEnv().SITE_NAME} !`,
    });
    return redirect("/auth?fresh=true", { headers: combineHeaders(headers, clearAuthCookies(request), toastHeaders) });
  } catch (error) {
    logger.warn({ err: error }, "auth: sign-out failed");
    const toastHeaders = await createToastHeaders({
      title: AUTH_MESSAGES.logoutErrorTitle,
      description: AUTH_MESSAGES.logoutErrorText,
      type: "error",
    });
    return redirect("/auth?fresh=true", { headers: combineHeaders(clearAuthCookies(request), toastHeaders) });
  }
}
