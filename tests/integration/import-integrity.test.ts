import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { approveConversionReview, attributeConversion, ConversionDecisionError } from "#app/modules/conversions/attribute.server";
import { listConversionsAdmin } from "#app/modules/conversions/conversions-admin.server";
import { ImportFileError, importNetworkFile, importRecords } from "#app/modules/conversions/import.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import { action as conversionsAction, loader as conversionsLoader } from "#app/routes/admin/conversions";
import * as s from "#db/schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { cashbackOf, makeClick, makeMember, makeProgramme, rec } from "#tests/helpers/conversions";
import { multipart } from "#tests/helpers/multipart";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

/**
 * Issue #35 items 5 and 6 (ADR 039): only our own publisher accounts credit
 * members; a file repeating a record id with different content is refused;
 * an implausible commission is held « En vérification » and credits nothing
 * until finance approves it.
 */

const pull = (records: Parameters<typeof importRecords>[0]["records"]) => importRecords({ records, source: "pull", actor: "system" });
const finance = { id: "finance-1", email: "finance@crevarde.local" };

const EFFILIATION_HEADER = "id_transaction|id_affilieur|id_programme|id_session|effi_id|effi_id2|type|montant|commission|etat|date|dateclic|datevalidation";
const effiliationLine = (o: { id: string; account: string; programme: string; click?: string; sale?: string; commission: string; status?: string }) =>
  `${o.id}|${o.account}|${o.programme}|778899|${o.click ?? ""}||Vente|${o.sale ?? "100,00"}|${o.commission}|${o.status ?? "Attente"}|03/03/2026 10:41:00|03/03/2026 10:15:00|`;

/** A programme with its rate history: one percentage valid from 2026-01-01. */
async function programmeWithRate(network: Parameters<typeof makeProgramme>[0], account: string, percent: string) {
  const programme = await makeProgramme(network, { account });
  const db = await getDb();
  await db.insert(s.programRates).values({ programId: programme.id, label: "Tous les achats", displayPercent: percent, validFrom: new Date("2026-01-01T00:00:00Z") });
  return programme;
}

async function ledgerOperationsFor(cashbackId: string) {
  const db = await getDb();
  return (await db.execute<{ key: string }>(sql`select idempotency_key as key from ledger_operations where idempotency_key like ${`cb:${cashbackId}:%`} order by idempotency_key`)).rows.map((r) => r.key);
}


describeEachDb("import integrity", () => {
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser({ role: "finance", email: "integrity-finance@example.fr" });
  });

  // ---------------------------------------------------------------- item 5

  it("a member's click id on another publisher's account credits nobody and shows as « compte inconnu »", async () => {
    const userId = await makeMember();
    const ours = await makeProgramme("awin", { account: "OURS-5" });
    const click = await makeClick(userId, ours.id);
    // the attacker's publisher account, with our member's click id and our programme's advertiser id
    const foreign = rec({ networkAccountId: "THEIRS-5", networkProgramId: ours.networkProgramId, clickId: click.clickId, status: "approved", networkStatusRaw: "approved", commissionAmount: "35.00" });
    await pull([foreign]);
    const { conv, cb } = await cashbackOf(foreign.conversionKey);
    expect(conv).toMatchObject({ reviewStatus: "unknown_account", userId: null, clickSessionId: null, programId: null });
    expect(cb).toBeUndefined();
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    // finance finds it under « Compte inconnu », and nobody can attribute it by hand
    const { rows } = await listConversionsAdmin({ review: "unknown_account", q: undefined });
    expect(rows.map((r) => r.id)).toContain(conv.id);
    await expect(attributeConversion({ conversionId: conv.id, userId, actor: finance })).rejects.toMatchObject({ code: "unknown_account" });
    await expect(approveConversionReview({ conversionId: conv.id, actor: finance })).rejects.toMatchObject({ code: "unknown_account" });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });

    // the same click on our own account's record is attributed as before
    const own = rec({ networkAccountId: "OURS-5", clickId: click.clickId, status: "approved", networkStatusRaw: "approved", commissionAmount: "35.00" });
    await pull([own]);
    expect((await cashbackOf(own.conversionKey)).conv).toMatchObject({ userId, reviewStatus: null, programId: ours.id });
    expect(await memberBalances(userId)).toMatchObject({ available: 2450 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("an uploaded file from another publisher's account credits nobody either", async () => {
    const userId = await makeMember();
    const ours = await makeProgramme("effiliation", { account: "EFF-OURS", programId: "23456" });
    const click = await makeClick(userId, ours.id);
    const text = `${EFFILIATION_HEADER}\n${effiliationLine({ id: "T-FOREIGN-1", account: "EFF-THEIRS", programme: "23456", click: click.clickId, commission: "35,00", status: "Valide" })}\n`;
    const result = await importNetworkFile({ network: "effiliation", text, actor: "cli" });
    expect(result).toMatchObject({ inserted: 1, rejected: [] });
    const { conv, cb } = await cashbackOf("T-FOREIGN-1");
    expect(conv).toMatchObject({ networkAccountId: "EFF-THEIRS", reviewStatus: "unknown_account", userId: null });
    expect(cb).toBeUndefined();
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
  });

  it("a click counts only on its own programme's account, even between two of our accounts", async () => {
    const userId = await makeMember();
    const a = await makeProgramme("awin", { account: "OURS-A" });
    await makeProgramme("awin", { account: "OURS-B" });
    const click = await makeClick(userId, a.id);
    const r = rec({ networkAccountId: "OURS-B", clickId: click.clickId, commissionAmount: "12.00" });
    await pull([r]);
    const { conv, cb } = await cashbackOf(r.conversionKey);
    // a known account: left unattributed for the admin queue, not « compte inconnu »
    expect(conv).toMatchObject({ userId: null, clickSessionId: null, reviewStatus: null });
    expect(cb).toBeUndefined();
  });

  // ---------------------------------------------------------------- item 6: repeats

  it("refuses a file that repeats a record id with different content, naming the lines, and imports nothing", async () => {
    const userId = await makeMember();
    const programme = await makeProgramme("effiliation", { account: "EFF-DUP", programId: "777" });
    const click = await makeClick(userId, programme.id);
    const line = (commission: string) => effiliationLine({ id: "ORD-1", account: "EFF-DUP", programme: "777", click: click.clickId, commission, status: "Valide" });
    const other = effiliationLine({ id: "ORD-2", account: "EFF-DUP", programme: "777", commission: "1,00" });
    // header = line 1; ORD-1 on lines 3 and 5 with different commissions
    const text = [EFFILIATION_HEADER, other, line("3,00"), effiliationLine({ id: "ORD-3", account: "EFF-DUP", programme: "777", commission: "2,00" }), line("35,00")].join("\n");
    const message = "Le fichier répète l'identifiant ORD-1 avec un contenu différent (lignes 3 et 5). Rien n'a été importé.";
    const error = await importNetworkFile({ network: "effiliation", text, actor: "cli" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe(message);
    const db = await getDb();
    const records = await db.select().from(s.networkRecords).where(and(eq(s.networkRecords.network, "effiliation"), eq(s.networkRecords.networkAccountId, "EFF-DUP")));
    expect(records).toEqual([]);
    const convs = await db.select().from(s.conversions).where(eq(s.conversions.networkAccountId, "EFF-DUP"));
    expect(convs).toEqual([]);
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    const [fetch] = await db.select().from(s.networkFetches).where(eq(s.networkFetches.error, message));
    expect(fetch).toMatchObject({ job: "file", actor: "cli", rows: 4 });

    // the admin upload answers the same French refusal
    const upload = await callRoute(
      conversionsAction,
      await multipart("/admin/conversions", admin.cookie, { intent: "import", network: "effiliation", file: new Blob([text], { type: "text/csv" }) }),
    );
    expect(upload.status).toBe(422);
    expect(upload.data).toMatchObject({ ok: false, toast: { description: message } });
    expect(await db.select().from(s.conversions).where(eq(s.conversions.networkAccountId, "EFF-DUP"))).toEqual([]);

    // an exact repeat is read as one line
    const same = [EFFILIATION_HEADER, line("3,00"), other, line("3,00")].join("\n");
    expect(await importNetworkFile({ network: "effiliation", text: same, actor: "cli" })).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, rejected: [] });
    expect(await db.select().from(s.networkRecords).where(eq(s.networkRecords.recordId, "ORD-1"))).toHaveLength(1);
  });

  // ---------------------------------------------------------------- item 6: implausible commissions

  it("holds a 900 € commission on a 100 € sale « En vérification », credits nothing, and finance's approval credits it", async () => {
    const userId = await makeMember();
    const programme = await programmeWithRate("awin", "HELD-1", "10.00");
    const click = await makeClick(userId, programme.id);
    const r = rec({ networkAccountId: "HELD-1", clickId: click.clickId, status: "approved", networkStatusRaw: "approved", saleAmount: "100.00", commissionAmount: "900.00" });
    await pull([r]);
    const { conv, cb } = await cashbackOf(r.conversionKey);
    expect(conv).toMatchObject({ reviewStatus: "held", userId, status: "approved" });
    expect(conv.reviewReason).toContain("taux le plus haut du programme : 10 % de 100,00");
    expect(conv.reviewReason).toContain("plafond par conversion de 200,00");
    expect(cb).toMatchObject({ status: "pending", amountCents: 0, reasonCode: "amount_review", creditTransferId: null });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    expect(await ledgerOperationsFor(cb.id)).toEqual([]);
    // a replay changes nothing
    await pull([r]);
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });

    // the back office shows it and approves it (route: parse, authorize, call the domain)
    const listed = await callRoute(conversionsLoader, req(`/admin/conversions?review=held&id=${conv.id}`, { cookie: admin.cookie }));
    expect(listed.data.conversions.map((c) => c.id)).toContain(conv.id);
    expect(listed.data.detail).toMatchObject({ reviewStatus: "held" });
    const approved = await callRoute(conversionsAction, req("/admin/conversions", { cookie: admin.cookie, form: { intent: "approve-review", conversionId: conv.id } }));
    expect(approved.data).toMatchObject({ ok: true, intent: "approve-review" });

    const after = await cashbackOf(r.conversionKey);
    expect(after.conv).toMatchObject({ reviewStatus: "approved", reviewApprovedCommission: "900.000000", reviewDecidedBy: admin.email, version: conv.version + 1 });
    expect(after.cb).toMatchObject({ status: "validated", amountCents: 63000, reasonCode: null });
    expect(after.cb.creditTransferId).not.toBeNull();
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 63000 });
    expect(await ledgerOperationsFor(cb.id)).toEqual([`cb:${cb.id}:credit`]);
    const db = await getDb();
    const audit = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "conversion"), eq(s.auditLog.entityId, conv.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: admin.email, before: { reviewStatus: "held" }, after: { reviewStatus: "approved", reviewDecision: "approved" } });

    // approved once: a second approval is refused, a replay keeps the approval and credits nothing more
    const again = await callRoute(conversionsAction, req("/admin/conversions", { cookie: admin.cookie, form: { intent: "approve-review", conversionId: conv.id } }));
    expect(again.status).toBe(409);
    await pull([r]);
    expect((await cashbackOf(r.conversionKey)).conv).toMatchObject({ reviewStatus: "approved" });
    expect(await memberBalances(userId)).toMatchObject({ available: 63000 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("holds a pending commission without money, and the approval records it as pending", async () => {
    const userId = await makeMember();
    const programme = await programmeWithRate("awin", "HELD-2", "10.00");
    const click = await makeClick(userId, programme.id);
    const plausible = rec({ networkAccountId: "HELD-2", clickId: click.clickId, saleAmount: "100.00", commissionAmount: "10.00" });
    await pull([plausible]);
    expect(await memberBalances(userId)).toMatchObject({ pending: 700 });
    // the network amends the pending sale to an implausible commission: the pending money is withdrawn meanwhile
    const amended = { ...plausible, commissionAmount: "11.01", updatedAt: new Date("2026-03-05T00:00:00Z"), raw: { ...plausible.raw, commissionAmount: "11.01" } };
    await pull([amended]);
    const held = await cashbackOf(plausible.conversionKey);
    // 10 % of 100 € + the tolerance of 1 € = 11 €
    expect(held.conv).toMatchObject({ reviewStatus: "held", commissionAmount: "11.010000" });
    expect(held.cb).toMatchObject({ status: "pending", amountCents: 0, reasonCode: "amount_review" });
    expect(await memberBalances(userId)).toMatchObject({ pending: 0, available: 0 });
    await approveConversionReview({ conversionId: held.conv.id, actor: finance });
    expect((await cashbackOf(plausible.conversionKey)).cb).toMatchObject({ status: "pending", amountCents: 770, reasonCode: null });
    expect(await memberBalances(userId)).toMatchObject({ pending: 770, available: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("holds a commission above the per-conversion ceiling, which is a site setting", async () => {
    const userId = await makeMember();
    // no rate: only the ceiling applies
    const programme = await makeProgramme("awin", { account: "CEIL-1" });
    const click = await makeClick(userId, programme.id);
    const r = rec({ networkAccountId: "CEIL-1", clickId: click.clickId, saleAmount: "5000.00", commissionAmount: "250.00" });
    await pull([r]);
    expect((await cashbackOf(r.conversionKey)).conv).toMatchObject({ reviewStatus: "held", reviewReason: "Commission de 250,00\u00a0€ au-dessus du plafond par conversion de 200,00\u00a0€." });
    const db = await getDb();
    await db.insert(s.siteSettings).values({ key: "conversion_review_ceiling_cents", value: 300_00 }).onConflictDoUpdate({ target: s.siteSettings.key, set: { value: 300_00 } });
    try {
      const below = rec({ networkAccountId: "CEIL-1", clickId: click.clickId, saleAmount: "5000.00", commissionAmount: "250.00" });
      await pull([below]);
      expect((await cashbackOf(below.conversionKey)).conv).toMatchObject({ reviewStatus: null });
      expect(await memberBalances(userId)).toMatchObject({ pending: 17500 });
    } finally {
      await db.delete(s.siteSettings).where(eq(s.siteSettings.key, "conversion_review_ceiling_cents"));
    }
  });

  it("two approvals at once credit once", async () => {
    const userId = await makeMember();
    const programme = await programmeWithRate("awin", "HELD-3", "5.00");
    const click = await makeClick(userId, programme.id);
    const r = rec({ networkAccountId: "HELD-3", clickId: click.clickId, status: "approved", networkStatusRaw: "approved", saleAmount: "100.00", commissionAmount: "40.00" });
    await pull([r]);
    const { conv } = await cashbackOf(r.conversionKey);
    expect(conv.reviewStatus).toBe("held");
    const outcomes = await Promise.allSettled([approveConversionReview({ conversionId: conv.id, actor: finance }), approveConversionReview({ conversionId: conv.id, actor: finance })]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConversionDecisionError);
    expect(refused.reason).toMatchObject({ code: "not_held" });
    expect(await memberBalances(userId)).toMatchObject({ available: 2800 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });
});
