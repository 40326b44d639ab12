import type { ExtensionCodeList, ExtensionMoi, ExtensionReportAnswer } from "#app/modules/extension/extension-shops";
import type { CodesAnswer, ReportAnswer } from "./messages";

/**
 * The extension's calls to the site that carry the shopper's session (issue #40 items 6 and 7, ADR 050): made by
 * the service worker and the popup (extension pages, with the site's host permission), never by the shop's page.
 * Each is made on a click or when the popup opens, never on the shopper's browsing.
 */
const UNREACHABLE = "Crevarde ne répond pas : réessaie dans un moment.";

/** A shop's live codes (masked when the shopper is not signed in to the site). */
export async function fetchShopCodes(siteUrl: string, programId: string, fetcher: typeof fetch): Promise<CodesAnswer> {
  try {
    const response = await fetcher(new URL(`/api/extension/marchands/${encodeURIComponent(programId)}/codes`, siteUrl), { credentials: "include", cache: "no-store" });
    if (!response.ok) return { error: UNREACHABLE };
    return (await response.json()) as ExtensionCodeList;
  } catch {
    return { error: UNREACHABLE };
  }
}

/** One code's result at checkout, for « Ça a marché ? »: a JSON body, as the site requires of the extension. */
export async function postCodeResult(siteUrl: string, promoCodeId: string, answer: "oui" | "non", fetcher: typeof fetch): Promise<ReportAnswer> {
  try {
    const response = await fetcher(new URL(`/api/extension/codes/${encodeURIComponent(promoCodeId)}/resultat`, siteUrl), {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ answer }),
    });
    const body = (await response.json().catch(() => null)) as ExtensionReportAnswer | null;
    return { recorded: response.ok && body?.recorded === true, message: body?.message ?? UNREACHABLE, signedOut: response.status === 401 };
  } catch {
    return { recorded: false, message: UNREACHABLE, signedOut: false };
  }
}

/** The popup's member and balances (null member: signed out), or null when the site cannot be reached. */
export async function fetchMoi(siteUrl: string, fetcher: typeof fetch): Promise<ExtensionMoi | null> {
  try {
    const response = await fetcher(new URL("/api/extension/moi", siteUrl), { credentials: "include", cache: "no-store" });
    return response.ok ? ((await response.json()) as ExtensionMoi) : null;
  } catch {
    return null;
  }
}
