/**
 * « Tester les codes » (issue #40 item 6, ADR 050 §Codes at checkout): the algorithm, pure, over a driver that
 * types a code into the shop's checkout and reads its answer (checkout-dom.ts in the page, a fake in the tests).
 * Run only from the shopper's click; the caller reports each result to the site.
 */

/** What the shop did after a code was typed and applied. */
export type ApplyOutcome =
  /** the shop answered and showed this total (lower, the same or higher) */
  | { kind: "total"; totalCents: number }
  /** the shop said the code was refused */
  | { kind: "refused" }
  /** the shop showed its error page, or the checkout is gone: stop there */
  | { kind: "error-page" }
  /** the shop did not answer in time */
  | { kind: "no-answer" };

export interface CheckoutDriver {
  /** the checkout's total now, in cents (null: not readable) */
  total(): number | null;
  /** types the code, clicks the apply button, waits for the shop's answer */
  apply(code: string): Promise<ApplyOutcome>;
}

export interface TestableCode {
  id: string;
  code: string;
}

/** « saved »: the total went under the starting one; « refused »: the shop said no; « no-effect »: neither. */
type CodeVerdict = "saved" | "refused" | "no-effect";

interface CodeResult {
  id: string;
  code: string;
  verdict: CodeVerdict;
  /** the total shown after it (null: refused or no answer) */
  totalCents: number | null;
}

export interface CodeTestRun {
  /** the total before any code */
  startCents: number | null;
  results: CodeResult[];
  /** the code that lowered the total the most (the first of equals), or null */
  best: CodeResult | null;
  /** true when the best code is the one the checkout shows at the end */
  bestApplied: boolean;
  /** why the run ended early: the shop's error page, or a total that cannot be read */
  stopped: "error-page" | "no-total" | null;
}

/** At most this many codes in one run: the site's lists are short, and each code is a request to the shop. */
const MAX_CODES_PER_RUN = 20;

/**
 * Tries each code in turn, reading the total after each, then applies the best one again unless the checkout
 * already shows it. Stops at once on the shop's error page (no further code, nothing re-applied) and does
 * nothing when the total cannot be read. `onProgress(i, n)` before the i-th code (1-based).
 */
export async function testCodes(codes: readonly TestableCode[], driver: CheckoutDriver, onProgress: (index: number, count: number) => void = () => {}): Promise<CodeTestRun> {
  const startCents = driver.total();
  const run: CodeTestRun = { startCents, results: [], best: null, bestApplied: false, stopped: null };
  if (startCents === null) return { ...run, stopped: "no-total" };
  const tried = codes.slice(0, MAX_CODES_PER_RUN);
  for (const [i, code] of tried.entries()) {
    onProgress(i + 1, tried.length);
    const outcome = await driver.apply(code.code);
    if (outcome.kind === "error-page") return { ...run, stopped: "error-page" };
    const totalCents = outcome.kind === "total" ? outcome.totalCents : null;
    const verdict: CodeVerdict = outcome.kind === "refused" ? "refused" : totalCents !== null && totalCents < startCents ? "saved" : "no-effect";
    run.results.push({ id: code.id, code: code.code, verdict, totalCents });
  }
  for (const result of run.results) {
    if (result.verdict === "saved" && (run.best === null || result.totalCents! < run.best.totalCents!)) run.best = result;
  }
  if (!run.best) return run;
  if (driver.total() === run.best.totalCents) return { ...run, bestApplied: true };
  const again = await driver.apply(run.best.code);
  if (again.kind === "error-page") return { ...run, stopped: "error-page" };
  return { ...run, bestApplied: again.kind === "total" && again.totalCents === run.best.totalCents };
}

/** What is reported to the site (« Ça a marché ? »): « oui » for a code that lowered the total, « non » for one the shop refused; nothing for the rest. */
export function reportsOf(run: CodeTestRun): Array<{ id: string; answer: "oui" | "non" }> {
  return run.results.flatMap((r): Array<{ id: string; answer: "oui" | "non" }> => (r.verdict === "saved" ? [{ id: r.id, answer: "oui" }] : r.verdict === "refused" ? [{ id: r.id, answer: "non" }] : []));
}

const EUROS = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const formatCents = (cents: number) => EUROS.format(cents / 100);

/** « 1 234,56 € », « 49.90 », « 50 € » → cents; null when there is no amount. The last separator followed by 1 or 2 digits is the decimal one. */
export function parsePriceCents(text: string): number | null {
  const match = text.replace(/[\s\u00a0\u202f']/g, "").match(/\d[\d.,]*/);
  if (!match) return null;
  const digits = match[0].replace(/[.,]$/, "");
  const last = Math.max(digits.lastIndexOf(","), digits.lastIndexOf("."));
  const decimals = last >= 0 && digits.length - last - 1 <= 2 ? digits.slice(last + 1) : "";
  const units = (decimals || last < 0 ? digits.slice(0, last < 0 ? undefined : last) : digits).replace(/[.,]/g, "");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

/** The run's outcome in French, for the banner. */
export function runSummary(run: CodeTestRun, codeCount: number): string {
  const tested = run.results.length;
  const testedText = `${tested} code${tested > 1 ? "s" : ""} testé${tested > 1 ? "s" : ""}`;
  if (run.stopped === "no-total") return "Le total de la commande est illisible sur cette page : aucun code n'a été testé.";
  if (run.stopped === "error-page") return `La boutique affiche une page d'erreur : le test s'est arrêté (${testedText} avant l'erreur).`;
  if (codeCount === 0) return "Aucun code promo à tester pour cette boutique en ce moment.";
  if (!run.best) return `Aucun des ${testedText} n'a baissé le total (${formatCents(run.startCents!)}).`;
  const saving = `${formatCents(run.best.totalCents!)} au lieu de ${formatCents(run.startCents!)}`;
  if (!run.bestApplied) return `Meilleur code : ${run.best.code} (${saving}), mais la boutique ne l'a pas repris : saisis-le toi-même.`;
  return `Meilleur code appliqué : ${run.best.code}. Total : ${saving} (${testedText}).`;
}
