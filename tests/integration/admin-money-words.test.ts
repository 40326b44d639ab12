/**
 * Issue #37 item 7: the treasury speaks the member side's money words and its alert compares like
 * with like (the figures of the cards it names), and item 11: staff are not asked for cookies.
 * The pages are rendered to HTML by the production request handler (`npm run build` first).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { creditMember, holdPayout, settlePayout } from "#app/modules/ledger/ledger-events.server";
import { withLedger } from "#app/modules/ledger/ledger.server";
import { formatEuros } from "#app/modules/ledger/ledger";
import { loader as treasuryLoader } from "#app/routes/admin/tresorerie";
import { loader as dashLoader } from "#app/routes/admin/dashboard";
import * as s from "#db/schema";
import { startInProcessApp } from "#tests/helpers/app";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/** The text of a page: tags removed, entities and the spaces Intl writes in amounts made plain. */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|&#xa0;/gi, " ")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
const euros = (cents: number) => formatEuros(cents).replace(/[\u00a0\u202f]/g, " ");

describeEachDb("money words and a quiet back office", ({ database }) => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let finance: SignedInUser;
  beforeAll(async () => {
    app = await startInProcessApp();
    finance = await signedInUser({ role: "finance" });
    // 12,34 € on its way to the member's bank, nothing available, 1,00 € already paid; the networks paid 5,00 €
    const member = await signedInUser();
    await withLedger(async (tx) => {
      await creditMember(tx, { key: `test:${member.id}:credit`, kind: "cashback_credit", userId: member.id, amountCents: 1334, actor: "system:test" });
      await holdPayout(tx, { payoutId: randomUUID(), userId: member.id, amountCents: 1234, actor: "system:test" });
      const paid = randomUUID();
      await holdPayout(tx, { payoutId: paid, userId: member.id, amountCents: 100, actor: "system:test" });
      await settlePayout(tx, { payoutId: paid, userId: member.id, actor: "system:test" });
    });
    await database().db.insert(s.networkPayments).values({ network: "awin", amountCents: 500, receivedAt: new Date(), reference: `VIR-${randomUUID().slice(0, 8)}`, createdBy: finance.id });
  });
  afterAll(async () => {
    await app?.close();
  });

  const render = async (p: string, cookie?: string) => {
    const res = await fetch(`${app.base}${p}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    expect(res.status, p).toBe(200);
    return res.text();
  };

  it("the alert quotes the very figures and labels of the cards", async () => {
    const t = (await callRoute(treasuryLoader, req("/admin/tresorerie", { cookie: finance.cookie }))).data;
    expect(t.members).toMatchObject({ availableCents: 0, inPayoutCents: 1234, paidCents: 100 });
    expect(t.toPayCents).toBe(t.members.availableCents + t.members.inPayoutCents);
    expect(t.cashLeftCents).toBe(t.cashReceivedCents - t.members.paidCents);
    expect(t.alert).toEqual({ exposedCents: t.toPayCents, cashCents: t.cashLeftCents });

    const text = textOf(await render("/admin/tresorerie", finance.cookie));
    for (const label of ["En attente", "Disponible", "En cours de virement", "Versé", "Dette des membres", "À verser aux membres", "Trésorerie restante"]) expect(text).toContain(label);
    expect(text).toContain(
      `Alerte : À verser aux membres (${euros(1234)} : Disponible ${euros(0)} + En cours de virement ${euros(1234)}) dépasse la Trésorerie restante (${euros(400)} : paiements reçus des réseaux moins Versé).`,
    );
    // the cards show the same figures under the same labels
    expect(text).toMatch(new RegExp(`Disponible ${euros(0)}`));
    expect(text).toMatch(new RegExp(`À verser aux membres ${euros(1234)}`));
    expect(text).toMatch(new RegExp(`Trésorerie restante ${euros(400)}`));
    expect(text).not.toContain("soldes disponibles");
  });

  it("no ledger figure is shown raw: the dashboard's ledger line names positive amounts", async () => {
    const d = (await callRoute(dashLoader, req("/admin", { cookie: finance.cookie }))).data;
    expect(d.cashback?.ledger.memberLiabilitiesCents).toBe(1334);
    const text = textOf(await render("/admin", finance.cookie));
    expect(text).toContain(`Grand livre, cashback validé crédité aux membres, net des annulations : ${euros(1334)}`);
    expect(text).toContain(`Grand livre, part des membres des commissions pas encore validées : ${euros(0)}`);
    expect(text).not.toMatch(/Grand livre[^:]*: -/);
    expect(text).not.toContain("-0,00");
  });

  it("no consent banner under /admin, while the public site still asks", async () => {
    const admin = await signedInUser({ role: "admin" });
    for (const p of ["/admin", "/admin/tresorerie", "/admin/promo-codes"]) {
      const html = await render(p, admin.cookie);
      expect(html, p).not.toContain('data-consent-banner=""');
      expect(html, p).not.toContain("Tes cookies, ton choix");
    }
    // the control: the same person, no choice made, on the public site
    expect(await render("/", admin.cookie)).toContain('data-consent-banner=""');
  });
});
