import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { action, loader } from "#app/routes/admin/conversions";
import { loader as dashboardLoader } from "#app/routes/admin/dashboard";
import { cashbackDashboard } from "#app/modules/admin/dashboard.server";
import { conversionFilters, CONVERSION_ADMIN_MESSAGES, MAX_IMPORT_BYTES } from "#app/modules/conversions/conversions-admin.schema";
import { formatNetworkAmount } from "#app/modules/conversions/format";
import { approveCashback, recordPendingCashback } from "#app/modules/ledger/ledger-events.server";
import { withLedger } from "#app/modules/ledger/ledger.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

// the import branch's contract functions: this suite checks what the route does with their answers
const contracts = vi.hoisted(() => ({
  importNetworkFile: vi.fn(),
  attributeConversion: vi.fn(),
  decideForeignCurrency: vi.fn(),
}));
vi.mock("#app/modules/conversions/import.server", async (orig) => ({ ...(await orig<object>()), importNetworkFile: contracts.importNetworkFile }));
vi.mock("#app/modules/conversions/attribute.server", async (orig) => ({
  ...(await orig<object>()),
  attributeConversion: contracts.attributeConversion,
  decideForeignCurrency: contracts.decideForeignCurrency,
}));

describe("conversionFilters", () => {
  it("reads the URL's filters and ignores values that are not choices", () => {
    const at = (q: string) => conversionFilters(`http://x.test/admin/conversions${q}`);
    expect(at("?network=cj&status=pending&attribution=unattributed&currency=other&from=2026-03-01&to=2026-03-31&q=%20ORD-1%20")).toEqual({
      network: "cj",
      status: "pending",
      attribution: "unattributed",
      currency: "other",
      from: "2026-03-01",
      to: "2026-03-31",
      q: "ORD-1",
    });
    expect(at("?network=ebay&status=paid&attribution=x&currency=usd&from=01/03/2026&to=2026-13-45&q=")).toEqual({});
  });
});


describeEachDb("/admin/conversions", ({ database }) => {
  let admin: SignedInUser;
  let member: SignedInUser;
  let other: SignedInUser;
  const ids: Record<string, string> = {};
  const get = (path: string, cookie = admin.cookie) => callRoute(loader, req(path, { cookie }));
  const post = (form: Record<string, string>, cookie = admin.cookie) => callRoute(action, req("/admin/conversions", { cookie, form }));
  const listed = async (query: string) => (await get(`/admin/conversions${query}`)).data.conversions.map((c) => c.orderRef);

  beforeAll(async () => {
    const db = database().db;
    admin = await signedInUser({ role: "admin", email: "conv-admin@example.fr" });
    member = await signedInUser({ email: "conv-membre@example.fr" });
    other = await signedInUser({ email: "conv-autre@example.fr" });
    const [brand] = await db.insert(s.brands).values({ name: "Marque Conversions", slug: "marque-conversions" }).returning();
    const [awin, cj] = await db
      .insert(s.affiliatePrograms)
      .values([
        { brandId: brand.id, network: "awin", networkAccountId: "111", networkProgramId: "900", trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}" },
        { network: "cj", networkAccountId: "222", networkProgramId: "800", trackingUrlTemplate: "https://www.anrdoezrs.net/click?sid={CLICK_ID}" },
      ])
      .returning();
    const row = (over: Partial<typeof s.conversions.$inferInsert> & { conversionKey: string }) => ({
      networkAccountId: over.network === "cj" ? "222" : "111",
      network: "awin",
      programId: over.network === "cj" ? cj.id : awin.id,
      networkStatusRaw: "pending",
      status: "pending" as const,
      commissionAmount: "1",
      firstCommissionAmount: over.commissionAmount ?? "1",
      currency: "EUR",
      transactionAt: new Date("2026-03-01T10:00:00Z"),
      rawHash: `h-${over.conversionKey}`,
      ...over,
    });
    const inserted = await db
      .insert(s.conversions)
      .values([
        row({ conversionKey: "A1", orderRef: "ORD-1", clickId: "cAbCdEfGhIjKlMnOpQrSt", userId: member.id, status: "approved", networkStatusRaw: "approved", commissionAmount: "17.833", saleAmount: "120.5", transactionAt: new Date("2026-03-10T10:00:00Z") }),
        row({ conversionKey: "A2", orderRef: "ORD-2", clickId: "cUnknownClickId000001", commissionAmount: "5.5", transactionAt: new Date("2026-03-20T10:00:00Z") }),
        row({ conversionKey: "C3", network: "cj", orderRef: "CJ-3", userId: member.id, status: "declined", networkStatusRaw: "closed", commissionAmount: "3", transactionAt: new Date("2026-02-01T10:00:00Z") }),
        // 00:30 on 1 April in Paris: outside a filter that ends on 31 March
        row({ conversionKey: "C4", network: "cj", orderRef: "CJ-4", commissionAmount: "10", currency: "USD", transactionAt: new Date("2026-03-31T22:30:00Z") }),
        row({ conversionKey: "A5", orderRef: "ORD-5", userId: other.id, status: "approved", networkStatusRaw: "approved", networkPaid: true, commissionAmount: "2.25", transactionAt: new Date("2026-01-05T10:00:00Z") }),
      ])
      .returning();
    for (const c of inserted) ids[c.orderRef!] = c.id;
    await db.insert(s.networkRecords).values([
      { network: "awin", networkAccountId: "111", recordId: "T-1", conversionKey: "A1", raw: { id: 1, commissionStatus: "pending", commissionAmount: { amount: 17.833, currency: "EUR" } }, rawHash: "r1", source: "pull", firstSeenAt: new Date("2026-03-10T10:00:00Z") },
      { network: "awin", networkAccountId: "111", recordId: "T-1", conversionKey: "A1", raw: { id: 1, commissionStatus: "approved", commissionAmount: { amount: 17.833, currency: "EUR" } }, rawHash: "r2", source: "pull", firstSeenAt: new Date("2026-03-15T10:00:00Z") },
      // another account's record with the same key is not this conversion's
      { network: "awin", networkAccountId: "999", recordId: "T-9", conversionKey: "A1", raw: { id: 9 }, rawHash: "r9", source: "pull" },
    ]);
    await db.insert(s.conversionChanges).values({ conversionId: ids["ORD-1"], field: "status", old: "pending", new: "approved", source: "pull" });
    const [cb] = await db
      .insert(s.memberCashbacks)
      .values({ conversionId: ids["ORD-1"], userId: member.id, status: "validated", amountCents: 1248, initialAmountCents: 1248, rateSnapshot: { shareBps: 7000 } })
      .returning();
    await db.insert(s.memberCashbackEvents).values([
      { memberCashbackId: cb.id, toStatus: "pending", amountCents: 1248, cause: "import", at: new Date("2026-03-10T11:00:00Z") },
      { memberCashbackId: cb.id, fromStatus: "pending", toStatus: "validated", amountCents: 1248, cause: "import", at: new Date("2026-03-15T11:00:00Z") },
    ]);
  });

  beforeEach(() => {
    contracts.importNetworkFile.mockReset();
    contracts.attributeConversion.mockReset();
    contracts.decideForeignCurrency.mockReset();
  });

  it("is for admins only, on the loader and on the action", async () => {
    const page = await get("/admin/conversions", member.cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
    const write = await post({ intent: "attribute", conversionId: ids["ORD-2"], email: member.email }, member.cookie);
    expect(write.status).toBe(403);
    const anonymous = await post({ intent: "attribute", conversionId: ids["ORD-2"], email: member.email }, "");
    expect(anonymous.status).toBe(401);
    expect(contracts.attributeConversion).not.toHaveBeenCalled();
  });

  it("lists newest first with brand, member and exact amounts", async () => {
    const out = await get("/admin/conversions");
    expect(out.status).toBe(200);
    expect(out.data.pager).toMatchObject({ page: 1, total: 5 });
    expect(out.data.conversions.map((c) => c.orderRef)).toEqual(["CJ-4", "ORD-2", "ORD-1", "CJ-3", "ORD-5"]);
    const first = out.data.conversions.find((c) => c.orderRef === "ORD-1");
    expect(first).toMatchObject({ brandName: "Marque Conversions", memberEmail: member.email, cashbackStatus: "validated", cashbackCents: 1248 });
    expect(formatNetworkAmount(first?.commissionAmount, first?.currency)).toBe("17,833\u00a0€");
  });

  it("filters by network, status, attribution, currency, Paris dates and order or click", async () => {
    expect(await listed("?network=cj")).toEqual(["CJ-4", "CJ-3"]);
    expect(await listed("?status=pending")).toEqual(["CJ-4", "ORD-2"]);
    expect(await listed("?attribution=unattributed")).toEqual(["CJ-4", "ORD-2"]);
    expect(await listed("?attribution=attributed")).toEqual(["ORD-1", "CJ-3", "ORD-5"]);
    expect(await listed("?currency=other")).toEqual(["CJ-4"]);
    expect(await listed("?currency=eur")).toEqual(["ORD-2", "ORD-1", "CJ-3", "ORD-5"]);
    expect(await listed("?from=2026-03-01&to=2026-03-31")).toEqual(["ORD-2", "ORD-1"]);
    expect(await listed("?from=2026-04-01")).toEqual(["CJ-4"]);
    expect(await listed("?q=ord-1")).toEqual(["ORD-1"]);
    expect(await listed("?q=cAbCdEfGhIjKl")).toEqual(["ORD-1"]);
    expect(await listed("?q=100%25")).toEqual([]);
    expect(await listed("?network=awin&status=approved")).toEqual(["ORD-1", "ORD-5"]);
    expect(await listed("?status=paid&network=ebay")).toHaveLength(5);
  });

  it("shows one conversion's raw records, history and member cashback events", async () => {
    const out = await get(`/admin/conversions?id=${ids["ORD-1"]}&status=approved`);
    const d = out.data.detail;
    expect(d).toMatchObject({ id: ids["ORD-1"], memberEmail: member.email, brandName: "Marque Conversions", cashback: { status: "validated", amountCents: 1248 } });
    expect(d?.records).toHaveLength(2);
    // pretty-printed, oldest version first
    expect(JSON.parse(String(d?.records[0].json))).toEqual({ id: 1, commissionStatus: "pending", commissionAmount: { amount: 17.833, currency: "EUR" } });
    expect(d?.records[0].json).toContain('\n  "commissionStatus": "pending"');
    expect(d?.records[1].json).toContain('"commissionStatus": "approved"');
    expect(d?.changes).toEqual([expect.objectContaining({ field: "status", old: '"pending"', new: '"approved"', source: "pull" })]);
    expect(d?.events.map((e) => e.toStatus)).toEqual(["pending", "validated"]);
    // the list keeps its filter beside the panel
    expect(out.data.conversions.map((c) => c.orderRef)).toEqual(["ORD-1", "ORD-5"]);
    const missing = await get(`/admin/conversions?id=${randomUUID()}`);
    expect(missing.status).toBe(200);
    expect(missing.data).toMatchObject({ detail: null, detailMissing: true });
    expect((await get("/admin/conversions?id=not-a-uuid")).data).toMatchObject({ detail: null, detailMissing: true });
  });

  it("imports a file through the import contract and reports counts and rejected lines", async () => {
    contracts.importNetworkFile.mockResolvedValue({ rows: 6, inserted: 3, updated: 1, unchanged: 1, rejected: [{ at: "ligne 4", message: "montant illisible « abc »" }], fetchId: 7 });
    const text = "id;commission\n1;17.833\n";
    const out = await callRoute(action, await multipart("/admin/conversions", admin.cookie, { intent: "import", network: "awin", file: new Blob([text], { type: "text/csv" }) }));
    expect(out.status).toBe(200);
    expect(contracts.importNetworkFile).toHaveBeenCalledWith({ network: "awin", text, actor: admin.email });
    expect((out.data as Record<string, unknown>).import).toEqual({ counts: "3 nouvelles, 1 mise à jour, 1 inchangée", rejected: ["ligne 4 : montant illisible « abc »"], refused: false });
    expect(out.data.toast?.description).toBe("3 nouvelles, 1 mise à jour, 1 inchangée, 1 ligne refusée.");
  });

  it("refuses a file with no valid record, naming the line, with a 4xx", async () => {
    contracts.importNetworkFile.mockResolvedValue({ rows: 1, inserted: 0, updated: 0, unchanged: 0, rejected: [{ at: "ligne 2", message: "date illisible « hier »" }], fetchId: 8 });
    const out = await callRoute(action, await multipart("/admin/conversions", admin.cookie, { intent: "import", network: "cj", file: new Blob(["x\nhier"]) }));
    expect(out.status).toBe(422);
    expect(out.data.ok).toBe(false);
    expect(out.data.toast?.description).toBe(`${CONVERSION_ADMIN_MESSAGES.nothingValid} ligne 2 : date illisible « hier »`);
  });

  it("refuses too big, binary, empty or network-less files in French, before importing", async () => {
    const send = async (fields: Record<string, string | Blob>) => callRoute(action, await multipart("/admin/conversions", admin.cookie, fields));
    const big = await send({ intent: "import", network: "awin", file: new Blob([new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61)]) });
    expect(big.status).toBe(413);
    expect(big.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.tooBig);
    const huge = await send({ intent: "import", network: "awin", file: new Blob([new Uint8Array(MAX_IMPORT_BYTES + 128 * 1024).fill(0x61)]) });
    expect(huge.status).toBe(413);
    expect(huge.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.tooBig);
    const png = await send({ intent: "import", network: "awin", file: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])]) });
    expect(png.status).toBe(415);
    expect(png.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.notText);
    const latin1 = await send({ intent: "import", network: "awin", file: new Blob([new Uint8Array([0x65, 0x74, 0xe9])]) });
    expect(latin1.status).toBe(415);
    const empty = await send({ intent: "import", network: "awin", file: new Blob([]) });
    expect(empty.status).toBe(400);
    expect(empty.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.file);
    const noNetwork = await send({ intent: "import", network: "ebay", file: new Blob(["a"]) });
    expect(noNetwork.status).toBe(400);
    expect(noNetwork.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.network);
    expect(contracts.importNetworkFile).not.toHaveBeenCalled();
  });

  it("says so when the import itself fails, without a 500", async () => {
    contracts.importNetworkFile.mockRejectedValue(new Error("connection lost"));
    const out = await callRoute(action, await multipart("/admin/conversions", admin.cookie, { intent: "import", network: "awin", file: new Blob(["a;b"]) }));
    expect(out.status).toBe(503);
    expect(out.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.importError);
  });

  it("attributes an unattributed conversion to a member found by e-mail", async () => {
    contracts.attributeConversion.mockResolvedValue(undefined);
    const out = await post({ intent: "attribute", conversionId: ids["ORD-2"], email: "  CONV-Membre@Example.fr " });
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ ok: true, intent: "attribute" });
    expect(contracts.attributeConversion).toHaveBeenCalledWith({ conversionId: ids["ORD-2"], userId: member.id, actor: { id: admin.id, email: admin.email } });
  });

  it("refuses an unknown e-mail, an attributed or missing conversion in French with a 4xx", async () => {
    const unknown = await post({ intent: "attribute", conversionId: ids["ORD-2"], email: "personne@example.fr" });
    expect(unknown.status).toBe(422);
    expect(unknown.data.toast?.description).toBe("Aucun membre n'a l'adresse « personne@example.fr ».");
    const taken = await post({ intent: "attribute", conversionId: ids["ORD-1"], email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.alreadyAttributed);
    const missing = await post({ intent: "attribute", conversionId: randomUUID(), email: other.email });
    expect(missing.status).toBe(404);
    const blank = await post({ intent: "attribute", conversionId: ids["ORD-2"], email: "" });
    expect(blank.status).toBe(400);
    expect(blank.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.email);
    expect(contracts.attributeConversion).not.toHaveBeenCalled();
  });

  it("records the EUR commission of a foreign-currency conversion through the FX contract", async () => {
    contracts.decideForeignCurrency.mockResolvedValue(undefined);
    const out = await post({ intent: "fx", conversionId: ids["CJ-4"], commissionEur: " 9,87 " });
    expect(out.status).toBe(200);
    expect(contracts.decideForeignCurrency).toHaveBeenCalledWith({ conversionId: ids["CJ-4"], commissionEur: "9.87", actor: { id: admin.id, email: admin.email } });
    const eur = await post({ intent: "fx", conversionId: ids["ORD-2"], commissionEur: "5" });
    expect(eur.status).toBe(409);
    expect(eur.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.alreadyEur);
    for (const bad of ["", "abc", "-3", "1.1234567", "1e3"]) {
      const r = await post({ intent: "fx", conversionId: ids["CJ-4"], commissionEur: bad });
      expect(r.status, bad).toBe(400);
      expect(r.data.toast?.description, bad).toBe(CONVERSION_ADMIN_MESSAGES.commission);
    }
    expect(contracts.decideForeignCurrency).toHaveBeenCalledTimes(1);
  });

  it("a domain failure of a hand action is a French 503, never a 500", async () => {
    contracts.attributeConversion.mockRejectedValue(new Error("boom"));
    const out = await post({ intent: "attribute", conversionId: ids["ORD-2"], email: member.email });
    expect(out.status).toBe(503);
    expect(out.data.toast?.description).toBe(CONVERSION_ADMIN_MESSAGES.attributeError);
    expect((await post({ intent: "nope" })).status).toBe(400);
  });

  it("the dashboard shows conversions by status and what members are owed against what the networks owe", async () => {
    // member: 12,48 € validated for ORD-1; other: 3,00 € pending on a cashback then 0,50 € validated on another
    await withLedger(async (tx) => {
      const cb1 = randomUUID();
      await recordPendingCashback(tx, { cashbackId: cb1, userId: member.id, actor: "test", amountCents: 1248, version: 1 });
      await approveCashback(tx, { cashbackId: cb1, userId: member.id, actor: "test", amountCents: 1248, rateSnapshot: { shareBps: 7000, label: "Tous", clickedAt: "2026-03-10T09:00:00Z" } });
      await recordPendingCashback(tx, { cashbackId: randomUUID(), userId: other.id, actor: "test", amountCents: 300, version: 1 });
      const cb3 = randomUUID();
      await recordPendingCashback(tx, { cashbackId: cb3, userId: other.id, actor: "test", amountCents: 50, version: 1 });
      await approveCashback(tx, { cashbackId: cb3, userId: other.id, actor: "test", amountCents: 50, rateSnapshot: { shareBps: 7000, label: "Tous", clickedAt: "2026-03-10T09:00:00Z" } });
    });
    const d = await cashbackDashboard();
    expect(d.byStatus.pending.count).toBe(2);
    // ORD-2's 5.5 €; CJ-4 is in USD and not decided yet
    expect(Number(d.byStatus.pending.commissionEur)).toBe(5.5);
    expect(d.byStatus.approved.count).toBe(2);
    expect(formatNetworkAmount(d.byStatus.approved.commissionEur)).toBe("20,083\u00a0€");
    expect(d.byStatus.declined).toEqual({ count: 1, commissionEur: expect.stringMatching(/^3(\.0+)?$/) });
    expect(d.unattributed).toBe(2);
    expect(d.awaitingFx).toBe(1);
    expect(d.owedToMembersCents).toBe(1248 + 300 + 50);
    // approved and not yet paid by the network: ORD-1 only
    expect(formatNetworkAmount(d.receivableEur)).toBe("17,833\u00a0€");
    expect(d.marginEur).toBe("1.853000");
    // the platform accounts as the amounts they mirror (ADR 013: −balance), never a raw signed balance
    expect(d.ledger).toEqual({ commissionsReceivableCents: 300, memberLiabilitiesCents: 1248 + 50 });

    // a decided FX amount counts in EUR, and the dashboard route carries the section
    await database().db.update(s.conversions).set({ fxCommissionEur: "9.87", fxDecidedBy: admin.email }).where(eq(s.conversions.id, ids["CJ-4"]));
    const page = await callRoute(dashboardLoader, req("/admin", { cookie: admin.cookie }));
    expect(page.status).toBe(200);
    expect(page.data.cashback?.awaitingFx).toBe(0);
    expect(Number(page.data.cashback?.byStatus.pending.commissionEur)).toBeCloseTo(15.37, 6);
    expect((await callRoute(dashboardLoader, req("/admin", { cookie: member.cookie }))).status).toBe(302);
  });
});
