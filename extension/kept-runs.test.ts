import { describe, expect, it } from "vitest";
import { startRun } from "./code-test";
import { keepRun, RUN_RESUME_MS, takeRun } from "./kept-runs";

const state = startRun([{ id: "id-DIX", code: "DIX" }], { totalCents: 5000, appliedCodes: 0 });
const T = 1_700_000_000_000;

describe("a run of « Tester les codes » kept across a checkout's page loads (ADR 050)", () => {
  it("is taken back by the next page of the same shop in the same tab, once", () => {
    const runs = keepRun({}, 7, "prog-1", state, T);
    const taken = takeRun(runs, 7, "prog-1", T + RUN_RESUME_MS - 1);
    expect(taken.state).toEqual(state);
    expect(takeRun(taken.runs, 7, "prog-1", T + 1).state).toBeNull();
  });

  it("is not taken by another tab, another shop, or more than 2 minutes after its last step (then it is forgotten)", () => {
    const runs = keepRun({}, 7, "prog-1", state, T);
    expect(takeRun(runs, 8, "prog-1", T).state).toBeNull();
    expect(takeRun(runs, 8, "prog-1", T).runs).toEqual(runs);
    const otherShop = takeRun(runs, 7, "prog-2", T);
    expect(otherShop.state).toBeNull();
    expect(otherShop.runs).toEqual({});
    expect(takeRun(runs, 7, "prog-1", T + RUN_RESUME_MS).state).toBeNull();
  });

  it("each step keeps it 2 minutes more, and forgets the other tabs' expired runs", () => {
    let runs = keepRun({}, 7, "prog-1", state, T);
    runs = keepRun(runs, 9, "prog-2", state, T + 10_000);
    runs = keepRun(runs, 7, "prog-1", state, T + RUN_RESUME_MS + 15_000);
    expect(Object.keys(runs)).toEqual(["7"]);
    expect(takeRun(runs, 7, "prog-1", T + 2 * RUN_RESUME_MS).state).toEqual(state);
  });
});
