/**
 * « Tester les codes » (issue #40 item 6, ADR 050 §Codes at checkout): the algorithm, pure, over a driver that
 * types a code into the shop's checkout and reads its answer (checkout-dom.ts in the page, a fake in the tests).
 * Run only from the shopper's click; the caller reports each result to the site.
 *
 * The run is a state machine (`startRun`, then `nextStep`, `beginStep` and `settleStep` for each step, `runOutcome` at the end) so that it survives
 * a checkout that reloads the page on each code: the state, with the step under way, is kept before each step, and
 * the next page of the checkout settles that step with what it shows, then goes on (`driveRun`).
 */

/** What the shop did after a code was typed and applied (or an applied code removed). */
export type ApplyOutcome =
  /** the shop answered and showed this total (lower, the same or higher) */
  | { kind: "total"; totalCents: number }
  /** the shop said the code was refused */
  | { kind: "refused" }
  /** the shop showed its error page, or the checkout is gone: stop there */
  | { kind: "error-page" }
  /** the shop did not answer in time */
  | { kind: "no-answer" }
  /** the page is going away (the shop reloads it, or the shopper left): the next page settles the step */
  | { kind: "navigating" };

/** What a page of the checkout shows, read as a step's answer. */
export type PageOutcome = Exclude<ApplyOutcome, { kind: "navigating" }>;
/** An answer that settles a step: what the page shows, or `left` when the next page is not the checkout. */
type SettledOutcome = PageOutcome | { kind: "left" };

export interface CheckoutDriver {
  /** the checkout's total now, in cents (null: not readable) */
  total(): number | null;
  /** how many codes the checkout shows applied with a remove button (0 when the shop has no `removeCoupon` selector) */
  appliedCodes(): number;
  /** types the code, clicks the apply button, waits for the shop's answer */
  apply(code: string): Promise<ApplyOutcome>;
  /** clicks the last remove button of an applied code, waits for the shop's answer */
  remove(): Promise<ApplyOutcome>;
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

/** Why a run ended early: the shop's error page, a total that cannot be read, or a next page that is not the checkout. */
type RunStop = "error-page" | "no-total" | "left";

export interface CodeTestRun {
  /** the total before any code */
  startCents: number | null;
  results: CodeResult[];
  /** the code that lowered the total the most (the first of equals), or null */
  best: CodeResult | null;
  /** true when the best code is the one the checkout shows at the end */
  bestApplied: boolean;
  /** why the run ended early, or null */
  stopped: RunStop | null;
}

/** One step of a run: try a code (or apply the best one `again` at the end), or remove the code the run applied last. */
type RunStep = { kind: "apply"; code: TestableCode; again: boolean } | { kind: "remove" };

/** A run between two steps: plain data, kept in the browser's session while the checkout reloads the page. */
export interface RunState {
  startCents: number | null;
  /** the codes the checkout showed applied before the run (the shopper's own: never removed) */
  startApplied: number;
  codes: TestableCode[];
  results: CodeResult[];
  /** `results.length` when a code was last removed: at most one removal between two steps */
  removedAt: number | null;
  /** the shop's answer to the best code applied again at the end */
  again: ApplyOutcome | null;
  stopped: RunStop | null;
  /** the step under way (set before it, settled by its answer, on this page or the next) */
  pending: RunStep | null;
}

/** What the checkout shows between two steps. */
export interface CheckoutView {
  totalCents: number | null;
  appliedCodes: number;
}

/** At most this many codes in one run: the site's lists are short, and each code is a request to the shop. */
const MAX_CODES_PER_RUN = 20;

/** A run about to start on this checkout: nothing is tried when its total cannot be read. */
export function startRun(codes: readonly TestableCode[], view: CheckoutView): RunState {
  return {
    startCents: view.totalCents,
    startApplied: view.appliedCodes,
    codes: codes.slice(0, MAX_CODES_PER_RUN),
    results: [],
    removedAt: null,
    again: null,
    stopped: view.totalCents === null ? "no-total" : null,
    pending: null,
  };
}

function bestOf(results: readonly CodeResult[]): CodeResult | null {
  let best: CodeResult | null = null;
  for (const result of results) if (result.verdict === "saved" && (best === null || result.totalCents! < best.totalCents!)) best = result;
  return best;
}

/**
 * The next step, or null when the run is over. Each code is tried in turn; on a checkout that stacks codes (it
 * shows more applied codes than before the run, each with its remove button), the code the run applied is removed
 * first, so that each code is measured alone against the starting total. Then the best code is applied again unless
 * the checkout already shows its total (after removing the run's last code when the checkout stacks).
 */
function nextStep(state: RunState, view: CheckoutView): RunStep | null {
  if (state.stopped || state.again) return null;
  const stacked = view.appliedCodes > state.startApplied && state.removedAt !== state.results.length;
  if (state.results.length < state.codes.length) return stacked ? { kind: "remove" } : { kind: "apply", code: state.codes[state.results.length]!, again: false };
  const best = bestOf(state.results);
  if (!best || view.totalCents === best.totalCents) return null;
  return stacked ? { kind: "remove" } : { kind: "apply", code: best, again: true };
}

/** The state with `step` under way: kept before the step, in case the page goes away with it. */
function beginStep(state: RunState, step: RunStep): RunState {
  return { ...state, pending: step };
}

/** The state once the shop answered the step under way: the code's verdict, or a stop on the error page. */
export function settleStep(state: RunState, outcome: SettledOutcome): RunState {
  const step = state.pending;
  if (!step) return state;
  const settled: RunState = { ...state, pending: null };
  if (outcome.kind === "error-page" || outcome.kind === "left") return { ...settled, stopped: outcome.kind };
  if (step.kind === "remove") return { ...settled, removedAt: state.results.length };
  if (step.again) return { ...settled, again: outcome };
  const totalCents = outcome.kind === "total" ? outcome.totalCents : null;
  const verdict: CodeVerdict = outcome.kind === "refused" ? "refused" : totalCents !== null && totalCents < state.startCents! ? "saved" : "no-effect";
  return { ...settled, results: [...state.results, { id: step.code.id, code: step.code.code, verdict, totalCents }] };
}

/** The run's outcome, once `nextStep` says it is over (or when it stopped). */
function runOutcome(state: RunState, view: CheckoutView): CodeTestRun {
  const best = bestOf(state.results);
  const run: CodeTestRun = { startCents: state.startCents, results: state.results, best, bestApplied: false, stopped: state.stopped };
  if (!best || state.stopped) return run;
  const again = state.again;
  return { ...run, bestApplied: again ? again.kind === "total" && again.totalCents === best.totalCents : view.totalCents === best.totalCents };
}

const viewOf = (driver: CheckoutDriver): CheckoutView => ({ totalCents: driver.total(), appliedCodes: driver.appliedCodes() });

/**
 * Runs the steps on this page from `state`: before each, `keep(state)` (the caller keeps it for the next page) and,
 * before each code tried, `onProgress(i, n)` (1-based). Ends with the run's outcome, or with `suspended` when the page
 * goes away under a step (the next page of the checkout settles it and calls this again).
 */
export async function driveRun(
  state: RunState,
  driver: CheckoutDriver,
  hooks: { keep?: (state: RunState) => Promise<void>; onProgress?: (index: number, count: number) => void } = {},
): Promise<{ run: CodeTestRun } | { suspended: RunState }> {
  for (;;) {
    const step = nextStep(state, viewOf(driver));
    if (!step) return { run: runOutcome(state, viewOf(driver)) };
    state = beginStep(state, step);
    if (step.kind === "apply" && !step.again) hooks.onProgress?.(state.results.length + 1, state.codes.length);
    await hooks.keep?.(state);
    const outcome = step.kind === "apply" ? await driver.apply(step.code.code) : await driver.remove();
    if (outcome.kind === "navigating") return { suspended: state };
    state = settleStep(state, outcome);
  }
}

/**
 * Tries each code in turn, reading the total after each, then applies the best one again unless the checkout
 * already shows it. Stops at once on the shop's error page (no further code, nothing re-applied) and does
 * nothing when the total cannot be read. `onProgress(i, n)` before the i-th code (1-based). On a checkout that
 * stays on its page (a page load ends the run with the page: see `driveRun`).
 */
export async function testCodes(codes: readonly TestableCode[], driver: CheckoutDriver, onProgress: (index: number, count: number) => void = () => {}): Promise<CodeTestRun> {
  const state = startRun(codes, viewOf(driver));
  const driven = await driveRun(state, driver, { onProgress });
  return "run" in driven ? driven.run : runOutcome(settleStep(driven.suspended, { kind: "left" }), viewOf(driver));
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
  if (run.stopped === "left") return `La page de paiement n'est plus affichée : le test s'est arrêté (${testedText}).`;
  if (codeCount === 0) return "Aucun code promo à tester pour cette boutique en ce moment.";
  if (!run.best) return `Aucun des ${testedText} n'a baissé le total (${formatCents(run.startCents!)}).`;
  const saving = `${formatCents(run.best.totalCents!)} au lieu de ${formatCents(run.startCents!)}`;
  if (!run.bestApplied) return `Meilleur code : ${run.best.code} (${saving}), mais la boutique ne l'a pas repris : saisis-le toi-même.`;
  return `Meilleur code appliqué : ${run.best.code}. Total : ${saving} (${testedText}).`;
}
