import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.extension.codes.$id.resultat";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedJson } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { isExtensionRequest, isJsonRequest, recordCodeResult } from "#app/modules/extension/extension-codes.server";
import type { ExtensionReportAnswer } from "#app/modules/extension/extension-shops";
import { codeResultSchema, EXTENSION_MESSAGES } from "#app/modules/extension/extension.schema";
import { CodeFeedbackError, FEEDBACK_MESSAGES } from "#app/modules/promo-codes/code-feedback.server";

const HEADERS = { "Cache-Control": "no-store" } as const;
const answer = (body: ExtensionReportAnswer, status = 200) => data(body, { status, headers: HEADERS });

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /api/extension/codes/:id/resultat (issue #40 item 6, ADR 050): the extension reports what a code did at
 * checkout, `{ "answer": "oui" | "non" }`, with the member's session; it becomes their « Ça a marché ? » answer
 * through the same rules and rate limit. Signed out, nothing is recorded (401, and the extension says so).
 * Only a JSON body from the extension or the site (ADR 050 §CSRF).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isExtensionRequest(request, new URL(getEnv().SITE_URL).origin)) return answer({ recorded: false, message: EXTENSION_MESSAGES.origin }, 403);
  if (!isJsonRequest(request)) return answer({ recorded: false, message: EXTENSION_MESSAGES.notJson }, 415);
  const body = codeResultSchema.safeParse(await readBoundedJson(request, 256));
  const id = z.uuid().safeParse(params.id);
  if (!body.success) return answer({ recorded: false, message: EXTENSION_MESSAGES.invalid }, 400);
  if (!id.success) return answer({ recorded: false, message: FEEDBACK_MESSAGES.unknownCode }, 404);
  const user = await getSessionUser(request);
  if (!user) return answer({ recorded: false, message: EXTENSION_MESSAGES.signedOut }, 401);
  try {
    await recordCodeResult(user, id.data, body.data.answer === "oui");
  } catch (error) {
    if (error instanceof CodeFeedbackError) return answer({ recorded: false, message: error.message }, error.status);
    throw error;
  }
  return answer({ recorded: true, message: EXTENSION_MESSAGES.recorded });
}
