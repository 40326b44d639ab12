import { z } from "zod";
import type { Route } from "./+types/api.extension.marchands.$programId.codes";
import { getSessionUser } from "#app/lib/auth.server";
import { requestNow } from "#app/lib/clock.server";
import { extensionShopCodes } from "#app/modules/extension/extension-codes.server";
import { EXTENSION_MESSAGES } from "#app/modules/extension/extension.schema";

/** A member's codes are theirs to see (a visitor's are masked): no cache keeps them, none answers another cookie. */
const HEADERS = { "Cache-Control": "private, no-store", Vary: "Cookie" } as const;

/**
 * GET /api/extension/marchands/:programId/codes (issue #40 items 6 and 7, ADR 050): a partner shop's live codes,
 * asked by the extension only on the shopper's click on « Tester les codes » or when its popup opens. Masked for a
 * visitor, as on the site.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const programId = z.uuid().safeParse(params.programId);
  const codes = programId.success ? await extensionShopCodes(programId.data, await getSessionUser(request), requestNow(request)) : null;
  if (!codes) return Response.json({ message: EXTENSION_MESSAGES.unknownShop }, { status: 404, headers: HEADERS });
  return Response.json(codes, { headers: HEADERS });
}
