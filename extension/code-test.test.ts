import { describe, expect, it } from "vitest";
import { parsePriceCents, reportsOf, runSummary, testCodes, type ApplyOutcome, type CheckoutDriver } from "./code-test";

/**
 * A fake checkout (issue #40 item 6): a total of 50 €, a table of what each code does (a new total, a refusal,
 * the error page), one code applied at a time as most shops do (a refused code leaves the previous one).
 */
function fakeCheckout(startCents: number | null, answers: Record<string, ApplyOutcome>) {
  let current = startCents;
  const applied: string[] = [];
  const driver: CheckoutDriver = {
    total: () => current,
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
