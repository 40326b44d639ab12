import type { CheckoutSelectors, ExtensionShop } from "#app/modules/extension/extension-shops";
import { showBanner, type BannerControls } from "./banner";
import { domCheckoutDriver, isCheckoutPage } from "./checkout-dom";
import { reportsOf, runSummary, testCodes } from "./code-test";
import type { CodesAnswer, ExtensionMessage, ReminderAnswer, ReportAnswer, ShopAnswer } from "./messages";

/**
 * The content script (ADR 050): asks the service worker whether this page is a partner shop's (its
 * address never leaves the browser) and, only then, adds the banner. « Activer le cashback » opens
 * the site's activation on the shopper's click; on the shop's checkout, « Tester les codes » tries the
 * site's codes on the shopper's click (issue #40 item 6). Nothing else on the page is read or changed.
 */
const send = <T>(message: ExtensionMessage) => chrome.runtime.sendMessage<T>(message);
const site = (path: string) => new URL(path, CREVARDE_URL).href;

void start();

async function start() {
  const shop = await send<ShopAnswer>({ type: "shop", url: location.href });
  if (!shop) return;
  const { programId, checkoutSelectors } = shop;
  const onClose = () => void send({ type: "dismiss", programId });
  if (checkoutSelectors && isCheckoutPage(document, checkoutSelectors)) {
    const checkout = await send<ReminderAnswer>({ type: "checkout", programId });
    if (checkout) showBanner(document, checkout, { onActivate: () => {}, onClose, onTestCodes: (controls) => void testShopCodes(shop, checkoutSelectors, controls) });
    return;
  }
  const reminder = await send<ReminderAnswer>({ type: "reminder", url: location.href });
  if (!reminder) return;
  showBanner(document, reminder, {
    // remembered first, so that the return to the shop says « Cashback activé »
    onActivate: () => void send({ type: "activate", programId }).finally(() => location.assign(site(`/cashback/activer/${encodeURIComponent(programId)}`))),
    onClose,
  });
}

/** « Tester les codes », from the shopper's click only: the site's codes, each tried, the best applied, each result reported. */
async function testShopCodes(shop: ExtensionShop, selectors: CheckoutSelectors, ui: BannerControls) {
  ui.busy(true);
  ui.say("Recherche des codes sur Crevarde…");
  try {
    const list = await send<CodesAnswer>({ type: "codes", programId: shop.programId });
    if ("error" in list) return ui.say(list.error);
    if (!list.signedIn) {
      // the site shows codes to its members only (ADR 006): nothing to try, and nothing would be recorded
      ui.say("Les codes promo ne sont visibles que des membres : connecte-toi sur Crevarde, puis reviens ici pour les tester.");
      return ui.link("Me connecter sur Crevarde", site("/auth"));
    }
    const codes = list.codes.filter((c) => !c.masked);
    const run = await testCodes(codes, domCheckoutDriver(document, selectors), (i, n) => ui.say(`Test du code ${i} sur ${n}…`));
    const summary = runSummary(run, codes.length);
    const reports = reportsOf(run);
    if (reports.length === 0) return ui.say(summary);
    ui.say(`${summary} Envoi des résultats à Crevarde…`);
    const answers: ReportAnswer[] = [];
    for (const report of reports) answers.push(await send<ReportAnswer>({ type: "report", promoCodeId: report.id, answer: report.answer }));
    ui.say(`${summary} ${reportText(answers)}`);
  } finally {
    ui.busy(false);
  }
}

function reportText(answers: readonly ReportAnswer[]): string {
  const recorded = answers.filter((a) => a?.recorded).length;
  if (recorded === answers.length) return "Les résultats sont envoyés à Crevarde : ils comptent dans « Ça a marché ? ».";
  if (answers.some((a) => a?.signedOut)) return "Sans connexion à Crevarde, les résultats ne sont pas enregistrés.";
  if (recorded === 0) return `Les résultats n'ont pas été enregistrés : ${answers.find((a) => a && !a.recorded)?.message ?? "Crevarde ne répond pas."}`;
  return `${recorded} résultat${recorded > 1 ? "s" : ""} sur ${answers.length} enregistré${recorded > 1 ? "s" : ""} sur Crevarde.`;
}
