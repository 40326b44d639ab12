import { describe, expect, it } from "vitest";
import { driveRun, parsePriceCents, reportsOf, runSummary, settleStep, startRun, testCodes, type ApplyOutcome, type CheckoutDriver, type PageOutcome, type RunState } from "./code-test";

/**
 * A fake checkout (issue #40 item 6): a total of 50 €, a table of what each code does (a new total, a refusal,
 * the error page), one code applied at a time as most shops do (a refused code leaves the previous one).
 */
function fakeCheckout(startCents: number | null, answers: Record<string, ApplyOutcome>) {
  let current = startCents;
  const applied: string[] = [];
  const driver: CheckoutDriver = {
    total: () => current,
    appliedCodes: () => 0,
    remove: async () => ({ kind: "no-answer" }),
    apply: async (code) => {
      applied.push(code);
      const outcome = answers[code] ?? { kind: "refused" };
      if (outcome.kind === "total") current = outcome.totalCents;
      return outcome;
    },
  };
  return { driver, applied };
}

const codes = (...names: string[]) => names.map((code) => ({ id: `id-${code}`, code }));

describe("« Tester les codes »: the best code (issue #40 item 6)", () => {
  it("tries each code, keeps the lowest total and applies it again when a later code replaced it", async () => {
    const { driver, applied } = fakeCheckout(5000, { DIX: { kind: "total", totalCents: 4500 }, VINGT: { kind: "total", totalCents: 4000 }, PORT: { kind: "total", totalCents: 4800 } });
    const progress: string[] = [];
    const run = await testCodes(codes("DIX", "NON", "VINGT", "PORT"), driver, (i, n) => progress.push(`${i}/${n}`));
    expect(progress).toEqual(["1/4", "2/4", "3/4", "4/4"]);
    expect(run.results.map((r) => [r.code, r.verdict, r.totalCents])).toEqual([
      ["DIX", "saved", 4500],
      ["NON", "refused", null],
      ["VINGT", "saved", 4000],
      ["PORT", "saved", 4800],
    ]);
    expect(run.best?.code).toBe("VINGT");
    expect(applied).toEqual(["DIX", "NON", "VINGT", "PORT", "VINGT"]);
    expect(run.bestApplied).toBe(true);
    expect(driver.total()).toBe(4000);
    expect(runSummary(run, 4)).toBe("Meilleur code appliqué : VINGT. Total : 40,00\u00a0€ au lieu de 50,00\u00a0€ (4 codes testés).");
  });

  it("does not apply again the best code the checkout already shows; the first of equal codes wins", async () => {
    const { driver, applied } = fakeCheckout(5000, { A: { kind: "total", totalCents: 4000 }, B: { kind: "total", totalCents: 4000 } });
    const run = await testCodes(codes("A", "B"), driver);
    expect(run.best?.code).toBe("A");
    expect(applied).toEqual(["A", "B"]);
    expect(run.bestApplied).toBe(true);
  });

  it("applies nothing when no code lowers the total: a higher or equal total, a refusal or no answer is no saving", async () => {
    const { driver, applied } = fakeCheckout(5000, { PLUS: { kind: "total", totalCents: 5200 }, EGAL: { kind: "total", totalCents: 5000 }, MUET: { kind: "no-answer" } });
    const run = await testCodes(codes("PLUS", "EGAL", "NON", "MUET"), driver);
    expect(run.best).toBeNull();
    expect(applied).toEqual(["PLUS", "EGAL", "NON", "MUET"]);
    expect(run.results.map((r) => r.verdict)).toEqual(["no-effect", "no-effect", "refused", "no-effect"]);
    expect(runSummary(run, 4)).toBe("Aucun des 4 codes testés n'a baissé le total (50,00\u00a0€).");
  });

  it("says so when the shop does not take the best code again", async () => {
    let second = false;
    const driver: CheckoutDriver = {
      total: () => 5000,
      appliedCodes: () => 0,
      remove: async () => ({ kind: "no-answer" }),
      apply: async (code) => {
        if (code !== "BON") return { kind: "refused" };
        const outcome: ApplyOutcome = second ? { kind: "refused" } : { kind: "total", totalCents: 4500 };
        second = true;
        return outcome;
      },
    };
    const run = await testCodes(codes("BON", "NON"), driver);
    expect(run.best?.code).toBe("BON");
    expect(run.bestApplied).toBe(false);
    expect(runSummary(run, 2)).toMatch(/^Meilleur code : BON \(45,00\u00a0€ au lieu de 50,00\u00a0€\), mais la boutique ne l'a pas repris/);
  });

  it("reports « oui » for a code that lowered the total and « non » for a refused one, nothing for the rest", async () => {
    const { driver } = fakeCheckout(5000, { DIX: { kind: "total", totalCents: 4500 }, PLUS: { kind: "total", totalCents: 5100 } });
    expect(reportsOf(await testCodes(codes("DIX", "NON", "PLUS"), driver))).toEqual([
      { id: "id-DIX", answer: "oui" },
      { id: "id-NON", answer: "non" },
    ]);
  });

  it("tries at most 20 codes in one run", async () => {
    const { driver, applied } = fakeCheckout(5000, {});
    await testCodes(codes(...Array.from({ length: 25 }, (_, i) => `C${i}`)), driver);
    expect(applied).toHaveLength(20);
  });
});

describe("« Tester les codes » stops (issue #40 item 6)", () => {
  it("stops at once on the shop's error page: no further code, nothing applied again, the codes before it reported", async () => {
    const { driver, applied } = fakeCheckout(5000, { DIX: { kind: "total", totalCents: 4500 }, CASSE: { kind: "error-page" } });
    const run = await testCodes(codes("DIX", "CASSE", "APRES"), driver);
    expect(applied).toEqual(["DIX", "CASSE"]);
    expect(run.stopped).toBe("error-page");
    expect(run.bestApplied).toBe(false);
    expect(reportsOf(run)).toEqual([{ id: "id-DIX", answer: "oui" }]);
    expect(runSummary(run, 3)).toBe("La boutique affiche une page d'erreur : le test s'est arrêté (1 code testé avant l'erreur).");
  });

  it("tries nothing when the total cannot be read", async () => {
    const { driver, applied } = fakeCheckout(null, {});
    const run = await testCodes(codes("DIX"), driver);
    expect(applied).toEqual([]);
    expect(run.stopped).toBe("no-total");
  });
});

/**
 * A checkout that stacks codes (ADR 050 §Codes at checkout): each accepted code joins the ones applied (each with its
 * remove button), the total is the start less all their discounts, and a refused code changes nothing.
 */
function stackingCheckout(startCents: number, discounts: Record<string, number>, own: Record<string, number> = {}) {
  const applied: Array<[string, number]> = Object.entries(own);
  const actions: string[] = [];
  let removes = true;
  const total = () => startCents - applied.reduce((sum, [, off]) => sum + off, 0);
  const driver: CheckoutDriver = {
    total,
    appliedCodes: () => applied.length,
    apply: async (code) => {
      actions.push(code);
      if (!(code in discounts)) return { kind: "refused" };
      applied.push([code, discounts[code]!]);
      return { kind: "total", totalCents: total() };
    },
    remove: async () => {
      actions.push("-");
      if (removes) applied.pop();
      return { kind: "total", totalCents: total() };
    },
  };
  return { driver, actions, applied: () => applied.map(([code]) => code), stopRemoving: () => void (removes = false) };
}

describe("« Tester les codes » on a checkout that stacks codes (ADR 050)", () => {
  it("removes the code it applied before trying the next, so that each is measured alone, and ends with the best alone", async () => {
    const shop = stackingCheckout(5000, { DIX: 1000, ZERO: 0, CINQ: 500 });
    const run = await testCodes(codes("DIX", "ZERO", "NON", "CINQ"), shop.driver);
    expect(run.results.map((r) => [r.code, r.verdict, r.totalCents])).toEqual([
      ["DIX", "saved", 4000],
      ["ZERO", "no-effect", 5000],
      ["NON", "refused", null],
      ["CINQ", "saved", 4500],
    ]);
    // stacked, CINQ would have read 3500 and won
    expect(shop.actions).toEqual(["DIX", "-", "ZERO", "-", "NON", "CINQ", "-", "DIX"]);
    expect(run.best?.code).toBe("DIX");
    expect(run.bestApplied).toBe(true);
    expect(shop.applied()).toEqual(["DIX"]);
  });

  it("leaves the best code in place when it was the last tried, and never removes a code applied before the run", async () => {
    const shop = stackingCheckout(5000, { DIX: 1000 }, { PERSO: 200 });
    const run = await testCodes(codes("NON", "DIX"), shop.driver);
    expect(run.startCents).toBe(4800);
    expect(run.results.map((r) => [r.code, r.totalCents])).toEqual([
      ["NON", null],
      ["DIX", 3800],
    ]);
    expect(shop.actions).toEqual(["NON", "DIX"]);
    expect(shop.applied()).toEqual(["PERSO", "DIX"]);
    expect(run.bestApplied).toBe(true);
  });

  it("removes at most once between two codes when the shop does not take the code off", async () => {
    const shop = stackingCheckout(5000, { DIX: 1000, CINQ: 500 });
    shop.stopRemoving();
    const run = await testCodes(codes("DIX", "CINQ"), shop.driver);
    expect(shop.actions).toEqual(["DIX", "-", "CINQ"]);
    expect(run.results.map((r) => r.totalCents)).toEqual([4000, 3500]);
  });
});

/**
 * A checkout that reloads the page on each code: each click answers « navigating », and the next page shows the
 * shop's answer (the shop keeps one code at a time, a refused one dropping the code before it).
 */
function reloadingCheckout(startCents: number, answers: Record<string, PageOutcome>) {
  let page: PageOutcome = { kind: "total", totalCents: startCents };
  const applied: string[] = [];
  const driver: CheckoutDriver = {
    total: () => (page.kind === "total" ? page.totalCents : page.kind === "refused" ? startCents : null),
    appliedCodes: () => 0,
    remove: async () => ({ kind: "no-answer" }),
    apply: async (code) => {
      applied.push(code);
      page = answers[code] ?? { kind: "refused" };
      return { kind: "navigating" };
    },
  };
  return { driver, applied, read: () => page };
}

/** Drives a run page after page, as the content script does: the state kept (as JSON, like the browser's session) before each step, settled by the next page. */
async function acrossPages(shop: ReturnType<typeof reloadingCheckout>, state: RunState, onProgress?: (i: number, n: number) => void) {
  let pages = 1;
  let kept: RunState | null = null;
  for (;;) {
    const driven = await driveRun(state, shop.driver, { keep: async (s) => void (kept = JSON.parse(JSON.stringify(s)) as RunState), onProgress });
    if ("run" in driven) return { run: driven.run, pages };
    expect(kept).toEqual(driven.suspended);
    pages++;
    state = settleStep(kept!, shop.read());
  }
}

describe("« Tester les codes » on a checkout that reloads the page on each code (ADR 050)", () => {
  it("goes on page after page from the kept state, and ends as on a checkout that stays on its page", async () => {
    const shop = reloadingCheckout(5000, { DIX: { kind: "total", totalCents: 4500 }, VINGT: { kind: "total", totalCents: 4000 } });
    const progress: string[] = [];
    const { run, pages } = await acrossPages(shop, startRun(codes("DIX", "VINGT", "NON"), { totalCents: 5000, appliedCodes: 0 }), (i, n) => progress.push(`${i}/${n}`));
    expect(progress).toEqual(["1/3", "2/3", "3/3"]);
    expect(shop.applied).toEqual(["DIX", "VINGT", "NON", "VINGT"]);
    expect(pages).toBe(5);
    expect(run.results.map((r) => [r.code, r.verdict])).toEqual([
      ["DIX", "saved"],
      ["VINGT", "saved"],
      ["NON", "refused"],
    ]);
    expect(run.best?.code).toBe("VINGT");
    expect(run.bestApplied).toBe(true);
  });

  it("stops on the error page the next page shows: no further code", async () => {
    const shop = reloadingCheckout(5000, { DIX: { kind: "total", totalCents: 4500 }, CASSE: { kind: "error-page" } });
    const { run } = await acrossPages(shop, startRun(codes("DIX", "CASSE", "APRES"), { totalCents: 5000, appliedCodes: 0 }));
    expect(shop.applied).toEqual(["DIX", "CASSE"]);
    expect(run.stopped).toBe("error-page");
    expect(reportsOf(run)).toEqual([{ id: "id-DIX", answer: "oui" }]);
  });

  it("ends when the next page is not the checkout: the code under way has no result, the ones before are reported", async () => {
    const shop = reloadingCheckout(5000, { DIX: { kind: "total", totalCents: 4500 } });
    const first = await driveRun(startRun(codes("DIX", "AUTRE"), { totalCents: 5000, appliedCodes: 0 }), shop.driver);
    if (!("suspended" in first)) throw new Error("the page went away");
    const second = await driveRun(settleStep(first.suspended, shop.read()), shop.driver);
    if (!("suspended" in second)) throw new Error("the page went away");
    const last = await driveRun(settleStep(second.suspended, { kind: "left" }), shop.driver);
    if (!("run" in last)) throw new Error("the run is over");
    expect(last.run.stopped).toBe("left");
    expect(last.run.results.map((r) => r.code)).toEqual(["DIX"]);
    expect(reportsOf(last.run)).toEqual([{ id: "id-DIX", answer: "oui" }]);
    expect(runSummary(last.run, 2)).toBe("La page de paiement n'est plus affichée : le test s'est arrêté (1 code testé).");
  });

  it("a checkout that stays on its page ends the run with the page when it goes away all the same", async () => {
    const shop = reloadingCheckout(5000, {});
    const run = await testCodes(codes("DIX", "VINGT"), shop.driver);
    expect(shop.applied).toEqual(["DIX"]);
    expect(run.stopped).toBe("left");
  });
});

describe("reading a checkout's total", () => {
  it.each([
    ["50,00 €", 5000],
    ["Total : 1 234,56\u00a0€", 123456],
    ["1\u202f234,5 €", 123450],
    ["€49.90", 4990],
    ["1,234.56", 123456],
    ["1.234", 123400],
    ["50 €", 5000],
    ["Gratuit", null],
  ])("%s → %s", (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });
});
