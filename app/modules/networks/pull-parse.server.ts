/**
 * The ONE place where the pulls and the push handler reach the parsers
 * (connectors branch). A pull hands over each page body exactly as received;
 * a push hands over a text in the shape of the fixtures
 * (../shared/fixtures/networks/awin-push.txt, kwanko-postback.txt). When the
 * per-network parse modules land, the integrator may point these two
 * functions at them; nothing else imports the parsers.
 */
import { parseNetworkFile } from "./parse.server";
import type { NetworkName } from "./networks";
import type { ParseResult } from "./types";

export type PageParser = (network: NetworkName, text: string, options: { networkAccountId?: string }) => ParseResult;

/** Parse one pulled page (JSON, CSV or XML body as the network sent it). */
export const parsePulledPage: PageParser = (network, text, options) => parseNetworkFile(network, text, options);

/** A stored push, as the route received it. */
export interface PushPayload {
  method: string;
  /** raw query string, without "?" */
  query: string;
  /** raw body text */
  body: string;
}

/**
 * The text handed to the parser for a push, in the fixtures' shape:
 * Awin `AwinTransactionPush=<JSON>` (POST form field; a GET built from our
 * macro template is rewritten into the same JSON keys), Kwanko
 * `GET /?<query string>` (the Conversion track macros).
 * Returns null when the request carries nothing a parser could read.
 */
export function pushText(network: NetworkName, payload: PushPayload): string | null {
  if (network === "awin") {
    if (payload.method === "POST") {
      const json = new URLSearchParams(payload.body).get("AwinTransactionPush");
      return json && json.trim() ? `AwinTransactionPush=${json}` : null;
    }
    const q = new URLSearchParams(payload.query);
    const tid = q.get("tid");
    if (!tid) return null;
    const fields: Record<string, string | null> = {
      transactionId: tid,
      clickRef: q.get("ref"),
      commission: q.get("c"),
      transactionCurrency: q.get("cur"),
      transactionAmount: q.get("amt"),
      merchantId: q.get("mid"),
      affiliateId: q.get("aid"),
      transactionDate: q.get("at"),
    };
    const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null));
    return `AwinTransactionPush=${JSON.stringify(present)}`;
  }
  if (network === "kwanko") {
    const q = new URLSearchParams(payload.query || (payload.method === "POST" ? payload.body : ""));
    return q.get("cid") ? `GET /?${q.toString()}` : null;
  }
  return null;
}

export function parsePush(network: NetworkName, text: string, options: { networkAccountId?: string } = {}): ParseResult {
  return parseNetworkFile(network, text, options);
}
