/**
 * An alert's keyword expression (issue #15 item 7, ADR 036 §Alerts): words that
 * must all be in the deal, and words after a minus that must not
 * (« casque sony -reconditionné »). Pure: the form and the server read it
 * alike; the server turns each term into a tsquery with the search's
 * configuration (accents folded, French stems), never as query syntax.
 */

/** The expression is cut to this many characters (the alerts table's check). */
export const ALERT_QUERY_MAX_LENGTH = 100;
/** Terms past this many (wanted and excluded together) are ignored. */
export const ALERT_MAX_TERMS = 10;

export interface AlertExpression {
  /** every term must match; a term is the words of one typed token ("wh-1000xm5" → "wh 1000xm5") */
  include: string[];
  /** no term may match */
  exclude: string[];
}

/** Minus signs a phone keyboard may type instead of "-". */
const MINUS = /^[-\u2010-\u2015\u2212]+/u;

/** The words of one token: runs of letters and digits, lower-cased. */
function tokenWords(token: string): string {
  return token
    .toLocaleLowerCase("fr")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");
}

/**
 * Tokens are separated by spaces; a token that starts with a minus excludes
 * its words. Each term once; a term both wanted and excluded stays excluded.
 */
export function parseAlertQuery(raw: string): AlertExpression {
  const include: string[] = [];
  const exclude: string[] = [];
  // eslint-disable-next-line no-control-regex
  const text = raw.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  for (const token of text.split(/\s+/u)) {
    if (!token) continue;
    const negated = MINUS.test(token);
    const words = tokenWords(token.replace(MINUS, ""));
    if (!words) continue;
    const list = negated ? exclude : include;
    if (!list.includes(words)) list.push(words);
  }
  const wanted = include.filter((w) => !exclude.includes(w));
  const kept = wanted.length + exclude.length > ALERT_MAX_TERMS ? ALERT_MAX_TERMS : wanted.length + exclude.length;
  const inc = wanted.slice(0, kept);
  return { include: inc, exclude: exclude.slice(0, Math.max(0, kept - inc.length)) };
}

/** The expression as it is stored and shown: single spaces, excluded terms last with their minus. */
export function formatAlertQuery(expression: AlertExpression): string {
  return [...expression.include, ...expression.exclude.map((w) => `-${w.replace(/ /g, "-")}`)].join(" ");
}

/** A `?q=` suggestion (the search's « Créer une alerte » link): a string, control characters removed, cut to the maximum length. */
export function normalizeAlertQueryParam(raw: unknown): string {
  if (typeof raw !== "string") return "";
  // eslint-disable-next-line no-control-regex
  return Array.from(raw.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").replace(/\s+/g, " ").trim())
    .slice(0, ALERT_QUERY_MAX_LENGTH)
    .join("")
    .trim();
}
