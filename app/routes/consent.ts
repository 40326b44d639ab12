import { data, redirect } from "react-router";
import type { Route } from "./+types/consent";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { readBoundedForm } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, serializeConsent } from "#app/modules/consent/consent";

export function loader() {
  return redirect("/legal/cookies");
}

/** Store the visitor's consent choice (all, none or per purpose) for 6 months. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readBoundedForm(request, 2048);
  const choice = form.get("choice");
  if (choice !== "all" && choice !== "none" && choice !== "custom") {
    return data({ ok: false, message: "Choix de consentement invalide." }, { status: 400 });
  }
  const consent = {
    analytics: choice === "all" || (choice === "custom" && form.get("analytics") === "on"),
    marketing: choice === "all" || (choice === "custom" && form.get("marketing") === "on"),
    decidedAt: Date.now(),
  };
  const secure = getEnv().SITE_URL.startsWith("https://") ? "; Secure" : "";
  const cookie = `${CONSENT_COOKIE}=${serializeConsent(consent)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  if (form.get("_js") === "1") return data({ ok: true, consent }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { status: 303, headers: { "Set-Cookie": cookie } });
}
