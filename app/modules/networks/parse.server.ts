import { parseAwinFile } from "./awin/parse";
import { parseCjCommissions } from "./cj/parse";
import { parseEffiliationFile } from "./effiliation/parse";
import { parseImpactActions } from "./impact/parse";
import { parseKwankoFile } from "./kwanko/parse";
import type { NetworkName } from "./networks";
import { parseJson, unreadable, type ParseOptions } from "./parse-common";
import { parseRakutenEvents } from "./rakuten/parse";
import { parseTimeOneXml } from "./timeone/parse";
import { parseTradedoublerTransactions } from "./tradedoubler/parse";
import type { ParseResult } from "./types";

function fromJson(parse: (page: unknown, options: ParseOptions) => ParseResult) {
  return (text: string, options: ParseOptions) => {
    const json = parseJson(text);
    return json.ok ? parse(json.value, options) : unreadable(json.reason);
  };
}

const FILE_PARSERS: Record<NetworkName, (text: string, options: ParseOptions) => ParseResult> = {
  awin: parseAwinFile,
  effiliation: parseEffiliationFile,
  kwanko: parseKwankoFile,
  cj: fromJson(parseCjCommissions),
  tradedoubler: fromJson(parseTradedoublerTransactions),
  impact: fromJson(parseImpactActions),
  rakuten: fromJson(parseRakutenEvents),
  timeone: parseTimeOneXml,
};

/**
 * Parses a network's API response or export file (JSON, CSV, XML, push
 * body) into normalised records; bad records are rejected by name ("ligne
 * 4", "enregistrement 2 (id)"), the others kept.
 *
 * Never throws: a wholly unreadable file (empty, not JSON/CSV/XML, an error
 * page from the network) gives no records and ONE rejected entry
 * { at: "fichier", message: "fichier illisible : …" }. Callers print a
 * rejection with describeRejected ("ligne 4 : commission illisible : « abc »").
 *
 * Per network: awin = transactions JSON array, or AwinTransactionPush bodies
 * one per line; effiliation = transaction.csv ("|", header) or .json;
 * kwanko = requete.php report ("OK n" + ";" rows) or postback requests one
 * per line; cj = GraphQL publisherCommissions JSON; tradedoubler =
 * {reportCurrencyCode, items}; impact = {Actions}; rakuten = events array;
 * timeone = subid.php5 XML. The pulls call the per-network functions on
 * one page each (parseAwinTransactions, parseCjCommissions…).
 */
export function parseNetworkFile(network: NetworkName, text: string, options: ParseOptions = {}): ParseResult {
  const parse = FILE_PARSERS[network];
  if (!parse) return unreadable(`réseau inconnu ${JSON.stringify(String(network)).slice(0, 40)}`);
  if (typeof text !== "string" || text.trim() === "") return unreadable("fichier vide");
  try {
    return parse(text, options);
  } catch {
    // defensive: the parsers report instead of throwing; a bug must not become a 500
    return unreadable("contenu inattendu");
  }
}
