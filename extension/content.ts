import type { CheckoutSelectors, ExtensionShop } from "#app/modules/extension/extension-shops";
import { showBanner, type BannerControls } from "./banner";
import { domChanges, domCheckoutDriver, isCheckoutPage, isErrorPage, LATE_CHECKOUT_MS, whenPresent } from "./checkout-dom";
import { driveRun, reportsOf, runSummary, settleStep, startRun, type CheckoutDriver, type RunState } from "./code-test";
import type { CodesAnswer, ExtensionMessage, ReminderAnswer, ReportAnswer, RunAnswer, ShopAnswer } from "./messages";

/**
 * The content script (ADR 050): asks the service worker whether this page is a partner shop's (its
 * address never leaves the browser) and, only then, adds the banner. « Activer le cashback » opens
 * the site's activation on the shopper's click; on the shop's checkout, « Tester les codes » tries the
 * site's codes on the shopper's click (issue #40 item 6), and goes on with that run on the next page when the
 * checkout reloads the page on each code. Nothing else on the page is read or changed.
 */
const send = <T>(message: ExtensionMessage) => chrome.runtime.sendMessage<T>(message);
const site = (path: string) => new URL(path, CREVARDE_URL).href;
/** The shopper closed the banner: a run under way types no further code and is kept for no next page. */
let closed = false;

void start();

async function start() {
  const shop = await send<ShopAnswer>({ type: "shop", url: location.href });
  if (!shop) return;
  const { programId, checkoutSelectors: selectors } = shop;
  // closing the banner also ends a run under way: it goes on to no other page
  const onClose = () => {
    closed = true;
    void send({ type: "run-end" }).finally(() => send({ type: "dismiss", programId }));
  };
  if (selectors) {
    const kept = await send<RunAnswer>({ type: "run-take", programId });
    if (kept) return resumeCodes(shop, selectors, kept, onClose);
    if (isCheckoutPage(document, selectors)) return void showCheckout(shop, selectors, onClose);
  }
  const reminder = await send<ReminderAnswer>({ type: "reminder", url: location.href });
  const banner = reminder
    ? showBanner(document, reminder, {
        // remembered first, so that the return to the shop says « Cashback activé »
        onActivate: () => void send({ type: "activate", programId }).finally(() => location.assign(site(`/cashback/activer/${encodeURIComponent(programId)}`))),
        onClose,
      })
    : null;
  // a checkout that renders its coupon field after document_idle: its banner replaces the reminder when it appears (once)
  if (selectors && (await whenPresent(() => isCheckoutPage(document, selectors), domChanges(document), LATE_CHECKOUT_MS))) {
    banner?.host.remove();
    await showCheckout(shop, selectors, onClose);
  }
}

/** The checkout's banner with « Tester les codes », unless the shop's banner was dismissed within 24 h. */
async function showCheckout(shop: ExtensionShop, selectors: CheckoutSelectors, onClose: () => void) {
  const checkout = await send<ReminderAnswer>({ type: "checkout", programId: shop.programId });
  if (checkout) showBanner(document, checkout, { onActivate: () => {}, onClose, onTestCodes: (controls) => void testShopCodes(shop, selectors, controls) });
}

/** « Tester les codes », from the shopper's click only: the site's codes, each tried, the best applied, each result reported. */
async function testShopCodes(shop: ExtensionShop, selectors: CheckoutSelectors, ui: BannerControls) {
  ui.busy(true);
  ui.say("Recherche des codes sur Crevarde…");
  const list = await send<CodesAnswer>({ type: "codes", programId: shop.programId }).catch(() => ({ error: "Crevarde ne répond pas : réessaie dans un moment." }));
  if ("error" in list) return done(ui, list.error);
  if (!list.signedIn) {
    // the site shows codes to its members only (ADR 006): nothing to try, and nothing would be recorded
    done(ui, "Les codes promo ne sont visibles que des membres : connecte-toi sur Crevarde, puis reviens ici pour les tester.");
    return ui.link("Me connecter sur Crevarde", site("/auth"));
  }
  const driver = domCheckoutDriver(document, selectors);
  await goOn(shop, startRun(list.codes.filter((c) => !c.masked), { totalCents: driver.total(), appliedCodes: driver.appliedCodes() }), driver, ui);
}

/**
 * The run the shopper's click started on the checkout's previous page (it reloaded the page): its step is settled
 * by what this page shows once it is the checkout or its error page (rendered late, perhaps), then the run goes on.
 * A page that is neither ends it.
 */
async function resumeCodes(shop: ExtensionShop, selectors: CheckoutSelectors, kept: RunState, onClose: () => void) {
  const { controls } = showBanner(document, { kind: "checkout", shop }, { onActivate: () => {}, onClose, onTestCodes: (ui) => void testShopCodes(shop, selectors, ui) });
  const ui = controls!;
  ui.busy(true);
  ui.say("Reprise du test des codes…");
  const here = await whenPresent(() => isCheckoutPage(document, selectors) || isErrorPage(document, selectors), domChanges(document), LATE_CHECKOUT_MS);
  const driver = domCheckoutDriver(document, selectors);
  await goOn(shop, settleStep(kept, here ? driver.read() : { kind: "left" }), driver, ui);
}

/** Drives the run on this page; when the page goes away under a step, the next page takes it back; at the end, the outcome and the reports. */
async function goOn(shop: ExtensionShop, state: RunState, driver: CheckoutDriver, ui: BannerControls) {
  const programId = shop.programId;
  try {
    const stopsWhenClosed: CheckoutDriver = {
      ...driver,
      apply: (code) => (closed ? Promise.resolve({ kind: "navigating" }) : driver.apply(code)),
      remove: () => (closed ? Promise.resolve({ kind: "navigating" }) : driver.remove()),
    };
    const driven = await driveRun(state, stopsWhenClosed, {
      keep: async (kept) => void (closed || (await send({ type: "run-keep", programId, state: kept }))),
      onProgress: (i, n) => ui.say(`Test du code ${i} sur ${n}…`),
    });
    if (closed) return;
    if ("suspended" in driven) return ui.say("La boutique recharge la page : le test continue sur la page suivante…");
    await send({ type: "run-end" });
    const summary = runSummary(driven.run, state.codes.length);
    const reports = reportsOf(driven.run);
    if (reports.length === 0) return done(ui, summary);
    ui.say(`${summary} Envoi des résultats à Crevarde…`);
    const answers: ReportAnswer[] = [];
    for (const report of reports) answers.push(await send<ReportAnswer>({ type: "report", promoCodeId: report.id, answer: report.answer }));
    done(ui, `${summary} ${reportText(answers)}`);
  } catch {
    void send({ type: "run-end" }).catch(() => {});
    done(ui, "Le test des codes s'est interrompu : réessaie dans un moment.");
  }
}

function done(ui: BannerControls, text: string) {
  ui.say(text);
  ui.busy(false);
}

function reportText(answers: readonly ReportAnswer[]): string {
  const recorded = answers.filter((a) => a?.recorded).length;
  if (recorded === answers.length) return "Les résultats sont envoyés à Crevarde : ils comptent dans « Ça a marché ? ».";
  if (answers.some((a) => a?.signedOut)) return "Sans connexion à Crevarde, les résultats ne sont pas enregistrés.";
  if (recorded === 0) return `Les résultats n'ont pas été enregistrés : ${answers.find((a) => a && !a.recorded)?.message ?? "Crevarde ne répond pas."}`;
  return `${recorded} résultat${recorded > 1 ? "s" : ""} sur ${answers.length} enregistré${recorded > 1 ? "s" : ""} sur Crevarde.`;
}
