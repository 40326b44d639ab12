import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { creditMember, holdPayout, settlePayout } from "#app/modules/ledger/ledger-events.server";
import { verifyLedger, withLedger } from "#app/modules/ledger/ledger.server";
import { TREASURY_MESSAGES } from "#app/modules/treasury/treasury.schema";
import { action, loader } from "#app/routes/admin/tresorerie";
import * as s from "#db/schema";
import { cookieFor, createUser, req, signedInUser } from "#tests/helpers/auth";
import { rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

async function staff(role: "admin" | "finance" | "editor" | "user") {
  const u = await createUser({ role: role === "admin" ? "admin" : "user" });
  if (role === "finance" || role === "editor") await (await getDb()).update(s.user).set({ role }).where(eq(s.user.id, u.id));
  return { ...u, cookie: await cookieFor(u.email, u.password) };
}

const today = () => new Date().toISOString().slice(0, 10);
const pay = (cookie: string, form: Record<string, string>) =>
  callRoute(action, req("/admin/tresorerie", { cookie, form: { intent: "network-payment", network: "awin", amount: "100,00", receivedAt: today(), reference: `VIR-${randomUUID().slice(0, 8)}`, ...form } }));
const overview = async (cookie: string) => (await callRoute(loader, req("/admin/tresorerie", { cookie }))).data;

describeEachDb("treasury", () => {
  it("shows what members are owed against receivables and cash, and alerts while available money exceeds the cash received", async () => {
    const finance = await staff("finance");
    const before = await overview(finance.cookie);
    const member = await signedInUser();
    await withLedger(async (tx) => {
      await creditMember(tx, { key: `test:${member.id}:credit`, kind: "cashback_credit", userId: member.id, amountCents: 10_000, actor: "system:test" });
      await holdPayout(tx, { payoutId: randomUUID(), userId: member.id, amountCents: 4_000, actor: "system:test" });
      // 15,00 € already paid out to the member
      const paidOut = randomUUID();
      await holdPayout(tx, { payoutId: paidOut, userId: member.id, amountCents: 1_500, actor: "system:test" });
      await settlePayout(tx, { payoutId: paidOut, userId: member.id, actor: "system:test" });
    });
    // an approved, unpaid conversion (12,34 € commission) and one already paid by the network
    await importRecords({ records: [rec({ network: "kwanko", status: "approved", commissionAmount: "12.345" }), rec({ network: "kwanko", status: "approved", commissionAmount: "50", networkPaid: true })], source: "pull", actor: "system" });

    const t = await overview(finance.cookie);
    expect(t.members.availableCents - before.members.availableCents).toBe(4_500);
    expect(t.members.paidCents - before.members.paidCents).toBe(1_500);
    expect(t.members.inPayoutCents - before.members.inPayoutCents).toBe(4_000);
    expect(t.liabilitiesCents - before.liabilitiesCents).toBe(10_000);
    expect(t.receivableCents - before.receivableCents).toBe(1_234);
    expect(t.networks.find((n) => n.network === "kwanko")).toMatchObject({ receivableCents: 1_234 });
    expect(t.cashReceivedCents).toBe(before.cashReceivedCents);
    const exposed = t.members.availableCents + t.members.inPayoutCents;
    // the cash left is what the networks paid minus what members have already received
    const cashLeft = t.cashReceivedCents - t.members.paidCents;
    expect(t.alert).toEqual({ exposedCents: exposed, cashCents: cashLeft });

    // finance enters the network's payment: enough cash, no alert; the entry is audited
    const amount = ((exposed - cashLeft) / 100).toFixed(2).replace(".", ",");
    const out = await pay(finance.cookie, { network: "kwanko", amount, reference: "KWK-2026-03", note: "Facture mars" });
    expect(out.status).toBe(200);
    expect(out.data.toast?.title).toBe("Paiement enregistré");
    const after = await overview(finance.cookie);
    expect(after.cashReceivedCents - after.members.paidCents).toBe(exposed);
    expect(after.alert).toBeNull();
    expect(after.payments[0]).toMatchObject({ network: "kwanko", reference: "KWK-2026-03", note: "Facture mars", amountCents: exposed - cashLeft });
    const db = await getDb();
    const [payment] = await db.select().from(s.networkPayments).where(eq(s.networkPayments.reference, "KWK-2026-03"));
    expect(payment.createdBy).toBe(finance.id);
    const audit = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "network_payments"), eq(s.auditLog.entityId, payment.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", actorId: finance.id });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("checks the payment form in French and refuses a duplicate with a 409", async () => {
    const admin = await staff("admin");
    const cases: [Record<string, string>, string, string][] = [
      [{ network: "" }, "network", TREASURY_MESSAGES.networkRequired],
      [{ network: "paypal" }, "network", TREASURY_MESSAGES.networkRequired],
      [{ amount: "" }, "amount", TREASURY_MESSAGES.amountRequired],
      [{ amount: "-3" }, "amount", TREASURY_MESSAGES.amountInvalid],
      [{ amount: "0" }, "amount", TREASURY_MESSAGES.amountInvalid],
      [{ amount: "12,345" }, "amount", TREASURY_MESSAGES.amountInvalid],
      [{ receivedAt: "" }, "receivedAt", TREASURY_MESSAGES.dateRequired],
      [{ receivedAt: "2026-02-30" }, "receivedAt", TREASURY_MESSAGES.dateInvalid],
      [{ receivedAt: "2999-01-01" }, "receivedAt", TREASURY_MESSAGES.dateInFuture],
      [{ reference: "  " }, "reference", TREASURY_MESSAGES.referenceRequired],
      [{ reference: "x".repeat(101) }, "reference", TREASURY_MESSAGES.referenceTooLong],
      [{ note: "x".repeat(501) }, "note", TREASURY_MESSAGES.noteTooLong],
    ];
    for (const [form, field, message] of cases) {
      const out = await pay(admin.cookie, form);
      expect(out.status, JSON.stringify(form).slice(0, 60)).toBe(400);
      expect(formErrors(out)[field]).toEqual([message]);
    }
    const first = await pay(admin.cookie, { network: "awin", reference: "AWIN-PAY-1" });
    expect(first.status).toBe(200);
    const again = await pay(admin.cookie, { network: "awin", reference: "AWIN-PAY-1" });
    expect(again.status).toBe(409);
    expect(again.data.toast?.description).toBe(TREASURY_MESSAGES.duplicate);
    // the same reference from another network is another payment
    expect((await pay(admin.cookie, { network: "cj", reference: "AWIN-PAY-1" })).status).toBe(200);
    const rows = await (await getDb()).select().from(s.networkPayments).where(eq(s.networkPayments.reference, "AWIN-PAY-1"));
    expect(rows).toHaveLength(2);
  });

  it("is for finance and admins only", async () => {
    for (const role of ["user", "editor"] as const) {
      const who = await staff(role);
      const page = await callRoute(loader, req("/admin/tresorerie", { cookie: who.cookie }));
      expect(page.status).toBe(302);
      expect(page.location).toBe(role === "editor" ? "/admin" : "/");
      const post = await pay(who.cookie, { reference: `DENIED-${role}` });
      expect(post.status).toBe(403);
    }
    expect((await callRoute(loader, req("/admin/tresorerie"))).status).toBe(302);
    expect((await pay("", { reference: "ANON" })).status).toBe(401);
    const rows = await (await getDb()).select().from(s.networkPayments).where(eq(s.networkPayments.reference, "DENIED-user"));
    expect(rows).toHaveLength(0);
    expect((await callRoute(loader, req("/admin/tresorerie", { cookie: (await staff("admin")).cookie }))).status).toBe(200);
  });
});
