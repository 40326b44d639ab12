import { describe, expect, it } from "vitest";
import { LOOP_THRESHOLD, loopCookie, nextLoopState, readLoopCount } from "./redirect-loop";

/** Replay visits to /auth, carrying the cookie from one to the next like a browser. */
function replay(visits: Array<{ signedIn: boolean; redirected: boolean }>) {
  let previous = 0;
  let detected = false;
  for (const visit of visits) {
    const state = nextLoopState({ previous, ...visit });
    if (state.cookie !== null) previous = readLoopCount(state.cookie.split(";")[0]);
    detected = state.detected;
  }
  return detected;
}

describe("redirect-loop rule", () => {
  it("never flags a visitor who is not signed in, however many /auth?redirect= visits", () => {
    expect(replay(Array.from({ length: 10 }, () => ({ signedIn: false, redirected: true })))).toBe(false);
  });

  it("flags a signed-in visitor bounced back to /auth?redirect= three times", () => {
    const bounce = { signedIn: true, redirected: true };
    expect(replay([bounce, bounce])).toBe(false);
    expect(replay(Array.from({ length: LOOP_THRESHOLD }, () => bounce))).toBe(true);
  });

  it("resets the count once the visitor is seen signed out", () => {
    const bounce = { signedIn: true, redirected: true };
    expect(replay([bounce, bounce, { signedIn: false, redirected: true }, bounce])).toBe(false);
    expect(nextLoopState({ previous: 2, signedIn: false, redirected: true }).cookie).toMatch(/^redirect_attempts=; Path=\/; Max-Age=0/);
  });

  it("does not count a signed-in visit without ?redirect=", () => {
    expect(nextLoopState({ previous: 1, signedIn: true, redirected: false })).toEqual({ count: 1, detected: false, cookie: null });
  });

  it("reads the count from the Cookie header only when well formed", () => {
    expect(readLoopCount("a=1; redirect_attempts=2; b=3")).toBe(2);
    expect(readLoopCount("xredirect_attempts=5")).toBe(0);
    expect(readLoopCount(null)).toBe(0);
    expect(loopCookie(2)).toBe("redirect_attempts=2; Path=/; Max-Age=60; HttpOnly; SameSite=Lax");
  });
});
