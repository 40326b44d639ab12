import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { readBoundedForm } from "#app/lib/body.server";
import { logger } from "#app/lib/logger.server";
import { clientIp, enforceRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { createToastHeaders } from "#app/lib/toast.server";
import { NEWSLETTER_MESSAGES, newsletterSchema } from "#app/modules/newsletter/newsletter.schema";
import { requestSubscription } from "#app/modules/newsletter/newsletter.server";

export function loader() {
  return redirect("/");
}

/**
 * Newsletter sign-up request (double opt-in). With JavaScript (fetcher) it answers JSON; without, it
 * redirects back with a flash toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await enforceRateLimit(RATE_LIMITS.newsletter, clientIp(context));
  const formData = await readBoundedForm(request, 4 * 1024);
  const wantsJson = formData.get("_js") === "1";
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  const back = safeRedirect(formData.get("redirectTo"), "/");
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? NEWSLETTER_MESSAGES.invalidText;
    if (wantsJson) return data({ ok: false, title: NEWSLETTER_MESSAGES.errorTitle, message }, { status: 400 });
    return redirect(back, { status: 303, headers: await createToastHeaders({ title: NEWSLETTER_MESSAGES.errorTitle, description: message, type: "error" }) });
  }
  try {
    // double opt-in: the owner of the address gets a confirmation link, whoever submits it
    await requestSubscription({ email: submission.value.email, source: submission.value.source });
  } catch (error) {
    logger.error({ err: error }, "newsletter: subscription failed");
    if (wantsJson) return data({ ok: false, title: NEWSLETTER_MESSAGES.errorTitle, message: NEWSLETTER_MESSAGES.errorText }, { status: 503 });
    return redirect(back, { status: 303, headers: await createToastHeaders({ title: NEWSLETTER_MESSAGES.errorTitle, description: NEWSLETTER_MESSAGES.errorText, type: "error" }) });
  }
  if (wantsJson) return data({ ok: true, title: NEWSLETTER_MESSAGES.successTitle, message: NEWSLETTER_MESSAGES.successText });
  return redirect(back, { status: 303, headers: await createToastHeaders({ title: NEWSLETTER_MESSAGES.successTitle, description: NEWSLETTER_MESSAGES.successText }) });
}
