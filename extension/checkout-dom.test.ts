import { describe, expect, it } from "vitest";
import { watchedSelectors, whenPresent } from "./checkout-dom";

describe("the checkout driver's watch (issue #40 item 6)", () => {
  it("watches the total, the coupon error, the error page and the remove buttons", () => {
    expect(watchedSelectors({ couponInput: "#c", applyButton: "#a", total: "#t", couponError: "#e", errorPage: "#x", removeCoupon: ".r" })).toBe("#t, #e, #x, .r");
  });

  it("watches only the selectors the shop has: the coupon error, the error page and the remove button are optional", () => {
    expect(watchedSelectors({ couponInput: "#c", applyButton: "#a", total: "#t" })).toBe("#t");
    expect(watchedSelectors({ couponInput: "#c", applyButton: "#a", total: "#t", errorPage: "#x" })).toBe("#t, #x");
  });
});

/** A page whose changes and clock the test drives. */
function fakePage() {
  const watchers = new Set<() => void>();
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  return {
    subscribe: (onChange: () => void) => {
      watchers.add(onChange);
      return () => void watchers.delete(onChange);
    },
    timer: (run: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { run, ms });
      return () => void timers.delete(id);
    },
    change: () => [...watchers].forEach((w) => w()),
    elapse: () => [...timers.values()].forEach((t) => t.run()),
    watching: () => watchers.size,
    timers: () => [...timers.values()].map((t) => t.ms),
  };
}

describe("a checkout rendered after document_idle (ADR 050 §Codes at checkout)", () => {
  it("is found at once when it is already there, without watching", async () => {
    const page = fakePage();
    expect(await whenPresent(() => true, page.subscribe, 15_000, page.timer)).toBe(true);
    expect(page.watching()).toBe(0);
    expect(page.timers()).toEqual([]);
  });

  it("is found when a change of the page brings it, then the page is no longer watched", async () => {
    const page = fakePage();
    let there = false;
    const found = whenPresent(() => there, page.subscribe, 15_000, page.timer);
    expect(page.timers()).toEqual([15_000]);
    page.change();
    expect(page.watching()).toBe(1);
    there = true;
    page.change();
    expect(await found).toBe(true);
    expect(page.watching()).toBe(0);
    expect(page.timers()).toEqual([]);
  });

  it("is given up after the time allowed: not found, no longer watched", async () => {
    const page = fakePage();
    const found = whenPresent(() => false, page.subscribe, 15_000, page.timer);
    page.elapse();
    expect(await found).toBe(false);
    expect(page.watching()).toBe(0);
  });
});
