/**
 * Inserted by tests/e2e/db-fixtures.ts before the server opens the fresh PGlite: a
 * brand with an active Awin-shaped programme whose tracking link points to the
 * stub network host that tests/e2e/cashback-click.spec.ts starts on 127.0.0.1.
 */
import { composeIBAN, isValidIBAN } from "ibantools";
import type { Db } from "#app/lib/db.server";

export const CASHBACK_STUB_BRAND = { name: "Marque Stub Cashback", slug: "marque-stub-cashback", websiteUrl: "https://www.marque-stub-cashback.fr/" };

export const CASHBACK_STUB_OFFER = "Coffret stub cashback";

/**
 * The stub brand's checkout as tests/e2e/extension.spec.ts's fake shop serves it (issue #40 item 6): its selectors
 * (brands.checkout_selectors), the one code its coupon endpoint accepts and the others it refuses, all live codes
 * of the brand on the site. The checkout that stacks codes also takes the first refused code, for nothing off.
 */
export const STUB_CHECKOUT = {
  selectors: { couponInput: "#coupon", applyButton: "#apply-coupon", total: "#order-total", couponError: "#coupon-error", errorPage: "#shop-error", removeCoupon: ".remove-coupon" },
  goodCode: "EXT-BIENVENUE10",
  badCodes: ["EXT-PERIME", "EXT-FAUX"],
  startTotal: "50,00 €",
  goodTotal: "40,00 €",
} as const;

export const cashbackStubPort = (e2ePort = process.env.E2E_PORT ?? "3100") => Number(e2ePort) + 1000;

/** One member per Playwright project for the whole cashback loop (their balances are theirs alone). */
export const cashbackLoopMember = (project: string) => ({ email: `cashback-loop-${project}@crevarde.test`, password: "BoucleCashback2026!" });
const CASHBACK_LOOP_PROJECTS = ["desktop", "mobile"] as const;
/** A member per project for the bank details spec (an IBAN is live on one account only). */
export const bankDetailsMember = (project: string) => ({ email: `iban-${project}@crevarde.test`, password: "CoordonneesBancaires2026!" });

/** A member per project for the claims spec, with a click 10 days old on their own programme (one network each, so one project's « Marquer transmises » never takes the other's claim). */
export const claimMember = (project: string) => ({ email: `reclamation-${project}@crevarde.test`, password: "AchatManquant2026!" });
export const CLAIM_NETWORKS = { desktop: "tradedoubler", mobile: "timeone" } as const;
export const claimProgrammeName = (project: string) => `reclamation-${project}`;

/** The stub brand and its programme (tests/e2e/db-fixtures.ts runs this on the fresh database). */
export async function insertCashbackStub(db: Db) {
  const s = await import("#db/schema");
  const [brand] = await db
    .insert(s.brands)
    .values({ ...CASHBACK_STUB_BRAND, description: "Une marque de test pour le cashback.", checkoutSelectors: STUB_CHECKOUT.selectors })
    .returning();
  // the codes « Tester les codes » tries at the fake shop's checkout, soonest expiry first: the accepted one first,
  // so that the refused ones after it (the shop then drops it) make the extension apply it again
  await db.insert(s.promoCodes).values([
    { brandId: brand.id, code: STUB_CHECKOUT.goodCode, discountAmount: "-10 €", expiresAt: new Date(Date.now() + 29 * 86_400_000) },
    { brandId: brand.id, code: STUB_CHECKOUT.badCodes[0], discountAmount: "-5 €", expiresAt: new Date(Date.now() + 30 * 86_400_000) },
    { brandId: brand.id, code: STUB_CHECKOUT.badCodes[1], discountAmount: "-15 %", expiresAt: new Date(Date.now() + 31 * 86_400_000) },
  ]);
  const [program] = await db
    .insert(s.affiliatePrograms)
    .values({
      brandId: brand.id,
      network: "awin",
      networkAccountId: "e2e-publisher",
      networkProgramId: "e2e-programme",
      trackingUrlTemplate: `http://127.0.0.1:${cashbackStubPort()}/cread.php?awinmid=1&awinaffid=2&clickref={CLICK_ID}&ued={DEST}`,
      declaredValidationDays: 45,
    })
    .returning();
  await db.insert(s.programRates).values({ programId: program.id, label: "Nouveaux clients", displayPercent: "10.00", validFrom: new Date(Date.now() - 86_400_000) });
  // an offer of the brand (not featured: the home page stays the demo's), whose card activates the cashback
  await db.insert(s.offers).values({ name: CASHBACK_STUB_OFFER, brandId: brand.id, regularPrice: "30,00€" });
  const { hashPassword } = await import("better-auth/crypto");
  for (const project of CASHBACK_LOOP_PROJECTS) {
    for (const [id, name, { email, password }] of [
      [`e2e-loop-${project}`, `Boucle ${project}`, cashbackLoopMember(project)],
      [`e2e-iban-${project}`, `Iban ${project}`, bankDetailsMember(project)],
    ] as const) {
      await db.insert(s.user).values({ id, name, email, emailVerified: true });
      await db.insert(s.account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: await hashPassword(password) });
    }
    const { newClickId } = await import("#app/modules/cashback/click-id");
    const claimer = claimMember(project);
    const id = `e2e-claim-${project}`;
    await db.insert(s.user).values({ id, name: `Reclamation ${project}`, email: claimer.email, emailVerified: true });
    await db.insert(s.account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: await hashPassword(claimer.password) });
    const [claimProgram] = await db
      .insert(s.affiliatePrograms)
      .values({ network: CLAIM_NETWORKS[project], networkAccountId: "e2e-claims", networkProgramId: claimProgrammeName(project), trackingUrlTemplate: "https://tracking.example/?sub={CLICK_ID}", cookieDays: 30 })
      .returning();
    await db.insert(s.clickSessions).values({ clickId: newClickId(), userId: id, programId: claimProgram.id, destinationUrl: "https://www.example.fr/", rateSnapshot: {}, createdAt: new Date(Date.now() - 10 * 86_400_000) });
  }
}

/* ------------------------------- withdrawals ------------------------------ */

/**
 * The members of tests/e2e/payouts.spec.ts: one per project and per attempt,
 * so a retry starts from the same state instead of finding the first attempt's
 * IBAN, payout or balance. Their accounts are a month old (no "new account" signal).
 */
export const PAYOUT_ATTEMPTS = 3;
const PAYOUT_PASSWORD = "RetraitCashback2026!";
/** 12,00 € available and no IBAN yet: adds one, lives through the 72 h wait, withdraws, is paid. */
export const payoutMember = (project: string, attempt: number) => ({ email: `retrait-${project}-${attempt}@crevarde.test`, password: PAYOUT_PASSWORD });
/** 15,00 € available and an IBAN added 10 days ago (usable): withdraws, the bank returns the transfer. */
export const failedPayoutMember = (project: string, attempt: number) => ({ email: `retrait-echec-${project}-${attempt}@crevarde.test`, password: PAYOUT_PASSWORD });
/** A finance user (permission "money") per project. */
export const financeMember = (project: string) => ({ email: `finance-${project}@crevarde.test`, password: "FinanceCrevarde2026!" });

/** A valid German IBAN, distinct per project, test and attempt (an IBAN is live on one account only). */
export function payoutIban(project: string, test: "paid" | "failed", attempt: number): string {
  const n = CASHBACK_LOOP_PROJECTS.indexOf(project as (typeof CASHBACK_LOOP_PROJECTS)[number]) * 100 + (test === "paid" ? 0 : 10) + attempt;
  const iban = composeIBAN({ countryCode: "DE", bban: `37040044${String(900_000_000 + n).padStart(10, "0")}` });
  if (!iban || !isValidIBAN(iban)) throw new Error(`could not compose an IBAN for ${project}/${test}/${attempt}`);
  return iban;
}

/**
 * Withdrawal members, balances (through the ledger) and finance users. Needs
 * the process-wide database set (saveBankDetails uses it) and DATA_DIR set
 * to the server's: the IBAN is encrypted under the key the server reads there.
 */
export async function insertPayoutFixtures(db: Db) {
  const s = await import("#db/schema");
  const { hashPassword } = await import("better-auth/crypto");
  const { creditMember } = await import("#app/modules/ledger/ledger-events.server");
  const { saveBankDetails } = await import("#app/modules/payouts/bank-details.server");
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
  const memberHash = await hashPassword(PAYOUT_PASSWORD);
  const addUser = async (id: string, name: string, email: string, hash: string, role: "user" | "finance" = "user") => {
    await db.insert(s.user).values({ id, name, email, emailVerified: true, role, createdAt: monthAgo, updatedAt: monthAgo });
    await db.insert(s.account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: hash });
  };
  const credit = (userId: string, amountCents: number) =>
    db.transaction((tx) => creditMember(tx, { key: `e2e:${userId}:credit`, kind: "cashback_credit", userId, amountCents, actor: "system:e2e" }));
  for (const project of CASHBACK_LOOP_PROJECTS) {
    const finance = financeMember(project);
    await addUser(`e2e-finance-${project}`, `Finance ${project}`, finance.email, await hashPassword(finance.password), "finance");
    for (let attempt = 0; attempt < PAYOUT_ATTEMPTS; attempt++) {
      const paid = { id: `e2e-payout-${project}-${attempt}`, email: payoutMember(project, attempt).email };
      await addUser(paid.id, `Retrait ${project} ${attempt}`, paid.email, memberHash);
      await credit(paid.id, 1200);
      const failed = { id: `e2e-payout-failed-${project}-${attempt}`, email: failedPayoutMember(project, attempt).email };
      await addUser(failed.id, `Retrait échec ${project} ${attempt}`, failed.email, memberHash);
      await credit(failed.id, 1500);
      await saveBankDetails(failed, { iban: payoutIban(project, "failed", attempt), holderName: "Camille Martin" }, tenDaysAgo);
    }
  }
}
