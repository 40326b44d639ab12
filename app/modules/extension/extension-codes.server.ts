import { eq } from "drizzle-orm";
import { affiliatePrograms } from "#db/schema";
import type { SessionUser } from "#app/lib/auth.server";
import { getDb } from "#app/lib/db.server";
import { displayName } from "#app/modules/accounts/display";
import { memberCashbackBalances } from "#app/modules/cashback/member-cashback.server";
import { formatEuros } from "#app/modules/ledger/ledger";
import { answerCodeFeedback } from "#app/modules/promo-codes/code-feedback.server";
import { listBrandCodes } from "#app/modules/promo-codes/promo-codes.server";
import type { ExtensionCodeList, ExtensionMoi } from "./extension-shops";

/**
 * The live codes of a partner shop (its programme's brand) for the extension (issue #40 item 6, ADR 050):
 * the brand page's list (listBrandCodes: the public rule, ranked by « Ça a marché ? »), masked for a visitor
 * as on the site (ADR 006): only a member's extension can test them. Null: no such programme or no brand.
 */
export async function extensionShopCodes(programId: string, viewer: SessionUser | null, now: Date): Promise<ExtensionCodeList | null> {
  const db = await getDb();
  const [programme] = await db.select({ brandId: affiliatePrograms.brandId }).from(affiliatePrograms).where(eq(affiliatePrograms.id, programId)).limit(1);
  if (!programme?.brandId) return null;
  const codes = await listBrandCodes(programme.brandId, viewer?.id ?? null, now);
  return { signedIn: viewer !== null, codes: codes.map((c) => ({ id: c.id, code: c.code, discount: c.discount, masked: c.masked })) };
}

/**
 * A code's result as the extension saw it at checkout, recorded as the member's « Ça a marché ? » answer:
 * answerCodeFeedback itself, so the same rules (one answer per member and code, the latest wins) and the same
 * rate limit (RATE_LIMITS.codeFeedback) hold. Throws CodeFeedbackError (unknown code 404, too many 429).
 */
export async function recordCodeResult(user: SessionUser, promoCodeId: string, worked: boolean): Promise<void> {
  await answerCodeFeedback(user.id, promoCodeId, worked ? "oui" : "non");
}

/** The popup's member (issue #40 item 7): the « Disponible » and « En attente » cards of /mon-cashback, from the same module. */
export async function extensionMoi(user: SessionUser | null): Promise<ExtensionMoi> {
  if (!user) return { member: null };
  const balances = await memberCashbackBalances(user.id);
  return { member: { displayName: displayName(user), available: formatEuros(balances.available), pending: formatEuros(balances.pending) } };
}

/**
 * The CSRF rule of the extension's one write (ADR 050 §CSRF): a JSON body (a page elsewhere cannot send one
 * without a CORS preflight, which the site never grants) from the extension's own origin (chrome-extension://,
 * moz-extension://: a web page cannot claim one) or from the site itself. No Origin: refused.
 */
export function isExtensionRequest(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return /^(chrome|moz)-extension:\/\/[a-z0-9-]+$/i.test(origin) || origin === siteOrigin || origin === new URL(request.url).origin;
}

export const isJsonRequest = (request: Request) => /^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "");
