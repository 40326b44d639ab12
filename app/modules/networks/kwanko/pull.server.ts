/**
 * Kwanko (ex-NetAffiliation) legacy statistics web service (ADR 016 §Per-network reference):
 * GET requete.php?authl=&authv=&champs=idprogramme,date,etat,argann,montant,gains,monnaie,idsite&debut=&fin=
 * → "OK <n>" then a ";" CSV, or "KO <code> <explanation>".
 */
import { formatDate, joinUrl, PullError, PullSession, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";

const KWANKO_BASE_URL = "https://stat.netaffiliation.com";
const KWANKO_FIELDS = "idprogramme,date,etat,argann,montant,gains,monnaie,idsite";

export interface KwankoCredentials {
  /** authl: the publisher login */
  login: string;
  /** authv: the API password (token) */
  token: string;
}

export interface KwankoPullParams {
  networkAccountId: string | null;
  start: Date;
  end: Date;
  job: string;
}

export async function pullKwanko(creds: KwankoCredentials, params: KwankoPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const s = new PullSession(options, 1000, "kwanko");
  const url = joinUrl(options.baseUrl ?? KWANKO_BASE_URL, "/requete.php", {
    authl: creds.login,
    authv: creds.token,
    champs: KWANKO_FIELDS,
    debut: formatDate.ymd(params.start),
    fin: formatDate.ymd(params.end),
  });
  const meta = { network: "kwanko" as const, networkAccountId: params.networkAccountId, job: params.job, windowStart: params.start, windowEnd: params.end };
  const page = await s.request(meta, url);
  const ko = /^\s*KO\b\s*(\d*)/.exec(page.text);
  if (ko) {
    const message = `refus du service (KO${ko[1] ? ` ${ko[1]}` : ""})`;
    await s.failFetch(page.fetchId, message);
    throw new PullError(`kwanko : ${message}`);
  }
  await s.importPage(page.fetchId, meta, page.text);
  return s.summary;
}
