import type { RunState } from "./code-test";

/**
 * « Tester les codes » on a checkout that reloads the page on each code (ADR 050 §Codes at checkout): the run's
 * state is kept in the browser's session (chrome.storage.session) before each step, by tab, with its shop and the
 * time, and the next page of that shop in that tab takes it back, once, within 2 minutes of the last step. Nothing
 * else ever starts a run: only the shopper's click keeps one.
 */
export const RUN_RESUME_MS = 2 * 60_000;

interface KeptRun {
  programId: string;
  keptAt: number;
  state: RunState;
}

/** Tab id → its run under way. */
export type KeptRuns = Record<string, KeptRun>;

/** The runs with this tab's set to `state` (kept now), the expired ones of other tabs forgotten. */
export function keepRun(runs: KeptRuns, tabId: number, programId: string, state: RunState, now: number): KeptRuns {
  return { ...liveRuns(runs, now), [String(tabId)]: { programId, keptAt: now, state } };
}

/**
 * This tab's run to go on with on a page of `programId`'s shop, and the runs without it (taken once): none when the
 * tab has none, when it was another shop's, or when its last step is more than 2 minutes old.
 */
export function takeRun(runs: KeptRuns, tabId: number, programId: string, now: number): { state: RunState | null; runs: KeptRuns } {
  const { [String(tabId)]: kept, ...others } = liveRuns(runs, now);
  return { state: kept && kept.programId === programId ? kept.state : null, runs: others };
}

/** The runs whose last step is less than 2 minutes old. */
function liveRuns(runs: KeptRuns, now: number): KeptRuns {
  return Object.fromEntries(Object.entries(runs).filter(([, run]) => now - run.keptAt < RUN_RESUME_MS));
}
