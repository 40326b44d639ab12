import { createHash, randomInt, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { composeIBAN, isValidIBAN } from "ibantools";
import { expect, it } from "vitest";
import { getDb, type Database } from "#app/lib/db.server";
import { deleteAccount, exportAccountData } from "#app/modules/accounts/accounts.server";
import { newClickId } from "#app/modules/cashback/click-id";
import { importRecords } from "#app/modules/conversions/import.server";
import { creditMember } from "#app/modules/ledger/ledger-events.server";
import { memberBalances, verifyLedger, withLedger } from "#app/modules/ledger/ledger.server";
import { getBankDetails, saveBankDetails } from "#app/modules/payouts/bank-details.server";
import { FINANCE_MESSAGES, PAYOUT_MESSAGES, PAYOUT_SIGNALS, PAYOUT_TO_FIX_REASONS } from "#app/modules/payouts/payouts.schema";
import { encryptIban, ibanFingerprint, openBankText, sealBankText } from "#app/modules/payouts/bank-crypto.server";
import { exportApprovedPayouts, requestPayout, sealClearBankData } from "#app/modules/payouts/payouts.server";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin/paiements";
import { loader as fileLoader } from "#app/routes/admin/paiements.lots";
import { action as settingsAction } from "#app/routes/admin/settings";
import { action as memberAction, loader as memberLoader } from "#app/routes/mon-cashback";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { makeClick, makeMember, makeProgramme, rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

const DAY = 86_400_000;
/** A holder name as the code stores it in payout_methods. */
const storedHolderName = (name: string) => sealBankText(name);

function uniqueIban(): string {
  const iban = composeIBAN({ countryCode: "DE", bban: `37040044${String(randomInt(1e9)).padStart(10, "0")}` });
  if (!iban || !isValidIBAN(iban)) throw new Error("could not compose an IBAN");
  return iban;
}

/** A member with `availableCents` of validated cashback and an IBAN added `ibanAgeDays` ago (usable after 3 days). */
async function memberWith(availableCents: number, { ibanAgeDays = 30, accountAgeDays = 60, iban = uniqueIban(), holderName = "Camille Dupont" } = {}) {
  const me = await signedInUser();
  const db = await getDb();
  await db.update(s.user).set({ createdAt: new Date(Date.now() - accountAgeDays * DAY) }).where(eq(s.user.id, me.id));
  if (availableCents > 0) {
    await withLedger((tx) => creditMember(tx, { key: `test:${me.id}:credit`, kind: "cashback_credit", userId: me.id, amountCents: availableCents, actor: "system:test" }));
  }
  if (ibanAgeDays >= 0) {
    const created = new Date(Date.now() - ibanAgeDays * DAY);
    await saveBankDetails(me, { iban, holderName }, created);
  }
  return { ...me, iban };
}

const withdraw = (cookie: string, amount: string, key = randomUUID()) =>
  callRoute(memberAction, req("/mon-cashback", { cookie, form: { intent: "withdraw", amount, idempotencyKey: key } }));
const payoutsOf = async (userId: string) => (await getDb()).select().from(s.payouts).where(eq(s.payouts.userId, userId));
const mailsTo = async (email: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email));
const finance = (cookie: string, form: Record<string, string>) => callRoute(adminAction, req("/admin/paiements", { cookie, form }));

/**
 * Everything the database holds, as text: every text, json and bytea column of every table (bytea
 * escaped), plus the raw data directory on PGlite (`dumpDataDir`) or a `pg_dump` on PostgreSQL.
 */
async function dumpEverything(database: Database & { url?: string }): Promise<string> {
  const db = await getDb();
  const columns = await db.execute<{ t: string; c: string; type: string }>(sql`
    select table_name as t, column_name as c, data_type as type from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')`);
  const parts: string[] = [];
  for (const { t, c, type } of columns.rows) {
    // bytea as escaped text: its printable ASCII bytes as they are (a clear IBAN would show)
    const value = type === "bytea" ? sql`encode(${sql.identifier(c)}, 'escape')` : sql`${sql.identifier(c)}::text`;
    const out = await db.execute<{ v: string | null }>(sql`select string_agg(${value}, ' ') as v from ${sql.identifier(t)}`);
    parts.push(out.rows[0]?.v ?? "");
  }
  if (database.kind === "pglite") {
    const blob = await database.pglite!.dumpDataDir("none");
    parts.push(Buffer.from(await blob.arrayBuffer()).toString("latin1"));
  } else {
    const { execFileSync } = await import("node:child_process");
    parts.push(execFileSync("pg_dump", ["--no-owner", database.url!], { encoding: "latin1", maxBuffer: 512 * 1024 * 1024 }));
  }
  return parts.join("\n");
}

describeEachDb("payouts", ({ database }) => {
  it("a member withdraws: the money moves from Disponible to En cours de virement, once, whatever the double clicks", async () => {
    const me = await memberWith(1200);
    const key = randomUUID();
    const out = await withdraw(me.cookie, "12,00", key);
    expect(out.status).toBe(302);
    expect(out.location).toBe("/mon-cashback#retraits");
    expect(await memberBalances(me.id)).toMatchObject({ available: 0, inPayout: 1200 });

    // the same form sent again (double click, back button): still one payout
    expect((await withdraw(me.cookie, "12,00", key)).status).toBe(302);
    const rows = await payoutsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 1200, status: "needs_review", ibanLast4: me.iban.slice(-4) });
    // the holder's name is copied sealed, as the IBAN is
    expect(rows[0].holderName).not.toContain("Camille");
    expect(openBankText(rows[0].holderName)).toBe("Camille Dupont");
    expect(rows[0].endToEndId).toMatch(/^CRV[0-9A-F]{32}$/);
    expect(rows[0].reviewReasons.map((r) => r.code)).toEqual(["first_payout"]);

    const page = await callRoute(memberLoader, req("/mon-cashback", { cookie: me.cookie }));
    expect(page.data.payouts[0]).toMatchObject({ amountCents: 1200, status: "needs_review", cancellable: true });
    expect(page.data.payouts[0].steps.map((s) => s.status)).toEqual(["requested", "needs_review"]);
    expect(page.data.payouts[0].expectedAt).not.toBeNull();
    expect(JSON.stringify(page.data)).not.toContain(me.iban.slice(4, 14));
    expect((await verifyLedger()).ok).toBe(true);
  });

  it("two tabs asking at once make one payout; the other gets a French 409", async () => {
    const me = await memberWith(3000);
    const outs = await Promise.all([withdraw(me.cookie, "15"), withdraw(me.cookie, "15")]);
    expect(outs.map((o) => o.status).sort()).toEqual([302, 409]);
    const refused = outs.find((o) => o.status === 409);
    expect(refused?.data.result?.error?.[""]).toEqual([PAYOUT_MESSAGES.alreadyOpen]);
    expect(await payoutsOf(me.id)).toHaveLength(1);
    expect(await memberBalances(me.id)).toMatchObject({ available: 1500, inPayout: 1500 });
  });

  it("refuses bad requests with a French message and writes nothing", async () => {
    const noIban = await memberWith(2000, { ibanAgeDays: -1 });
    expect((await withdraw(noIban.cookie, "12")).data.result?.error?.[""]).toEqual([PAYOUT_MESSAGES.noBankDetails]);

    const fresh = await memberWith(2000, { ibanAgeDays: 1 });
    const early = await withdraw(fresh.cookie, "12");
    expect(early.status).toBe(400);
    expect(early.data.result?.error?.[""]?.[0]).toMatch(/^Par sécurité, ton nouvel IBAN pourra recevoir un virement à partir du /);

    const me = await memberWith(1500);
    const cases: [string, string][] = [
      ["9,99", "Le retrait minimum est de 10,00 €."],
      ["15,01", "Tu ne peux pas retirer plus que ton cashback disponible (15,00 €)."],
      ["douze", PAYOUT_MESSAGES.amountInvalid],
      ["12,345", PAYOUT_MESSAGES.amountInvalid],
      ["-12", PAYOUT_MESSAGES.amountInvalid],
      ["", PAYOUT_MESSAGES.amountRequired],
    ];
    for (const [amount, message] of cases) {
      const out = await withdraw(me.cookie, amount);
      expect(out.status, amount).toBe(400);
      const errors = [...(out.data.result?.error?.amount ?? []), ...(out.data.result?.error?.[""] ?? [])];
      expect(errors.map((e: string) => e.replace(/\u202f|\u00a0/g, " ")), amount).toEqual([message]);
    }
    const badKey = await callRoute(memberAction, req("/mon-cashback", { cookie: me.cookie, form: { intent: "withdraw", amount: "12", idempotencyKey: "x" } }));
    expect(badKey.status).toBe(400);
    expect(await payoutsOf(me.id)).toHaveLength(0);
    expect(await payoutsOf(noIban.id)).toHaveLength(0);
    expect(await payoutsOf(fresh.id)).toHaveLength(0);
    expect(await memberBalances(me.id)).toMatchObject({ available: 1500, inPayout: 0 });
  });

  it("the member cancels before export and gets the money back; not after export", async () => {
    const me = await memberWith(2000);
    await withdraw(me.cookie, "20");
    const [p] = await payoutsOf(me.id);
    const out = await callRoute(memberAction, req("/mon-cashback", { cookie: me.cookie, form: { intent: "cancel-payout", payoutId: p.id } }));
    expect(out.status).toBe(302);
    expect(await memberBalances(me.id)).toMatchObject({ available: 2000, inPayout: 0 });
    expect((await payoutsOf(me.id))[0].status).toBe("cancelled");
    // someone else's payout id: 404, nothing changes
    const other = await memberWith(1000);
    const foreign = await callRoute(memberAction, req("/mon-cashback", { cookie: other.cookie, form: { intent: "cancel-payout", payoutId: p.id } }));
    expect(foreign.status).toBe(404);
  });

  it("puts suspicious requests in review with each reason: recent IBAN, young account, large amount, shared device", async () => {
    const me = await memberWith(9000, { ibanAgeDays: 4, accountAgeDays: 3 });
    const twin = await memberWith(0, { ibanAgeDays: -1 });
    const db = await getDb();
    const program = await db.insert(s.affiliatePrograms).values({ network: "awin", networkAccountId: "1", networkProgramId: `p-${randomUUID()}`, trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}", status: "active" }).returning().then((r) => r[0]);
    for (const u of [me, twin]) {
      await db.insert(s.clickSessions).values({ clickId: newClickId(), userId: u.id, programId: program.id, destinationUrl: "https://example.fr/", visitorHash: `vh-${me.id}`, rateSnapshot: {} });
    }
    await withdraw(me.cookie, "60");
    const [p] = await payoutsOf(me.id);
    expect(p.status).toBe("needs_review");
    expect(p.reviewReasons.map((r) => r.code).sort()).toEqual(["first_payout", "large_amount", "new_account", "recent_iban", "shared_visitor"]);
    expect(p.reviewReasons.find((r) => r.code === "recent_iban")?.reason).toBe(PAYOUT_SIGNALS.recent_iban);
  });

  it("puts a member whose claims are far above the other members' in review, with the reason", async () => {
    const db = await getDb();
    const program = await makeProgramme("awin");
    // five members with tracked purchases and no claim: the median ratio is 0
    for (let i = 0; i < 5; i++) {
      const other = await makeMember();
      const click = await makeClick(other, program.id);
      await importRecords({ records: [rec({ clickId: click.clickId, networkProgramId: program.networkProgramId })], source: "pull", actor: "system" });
    }
    const claimer = await memberWith(2000);
    const quiet = await memberWith(2000);
    const click = await makeClick(claimer.id, program.id);
    const claim = (orderRef: string, status: "sent" | "withdrawn" = "sent") => ({ userId: claimer.id, clickSessionId: click.id, programId: program.id, orderRef, orderAt: new Date(), orderAmountCents: 5000, noOtherCode: true, status });
    // withdrawn claims do not count: two real claims are not enough
    await db.insert(s.cashbackClaims).values([claim("W-1", "withdrawn"), claim("W-2", "withdrawn"), claim("C-1"), claim("C-2")]);
    await withdraw(claimer.cookie, "12");
    const first = (await payoutsOf(claimer.id))[0];
    expect(first.reviewReasons.map((r) => r.code)).not.toContain("claim_ratio");
    await finance((await signedInUser({ role: "finance" })).cookie, { intent: "refuse", payoutId: first.id, reason: "Test" });
    await db.insert(s.cashbackClaims).values(claim("C-3"));
    await withdraw(claimer.cookie, "12");
    const second = (await payoutsOf(claimer.id)).find((p) => p.id !== first.id)!;
    expect(second.status).toBe("needs_review");
    expect(second.reviewReasons).toContainEqual({ code: "claim_ratio", reason: PAYOUT_SIGNALS.claim_ratio });
    // a member without claims is not flagged
    await withdraw(quiet.cookie, "12");
    expect((await payoutsOf(quiet.id))[0].reviewReasons.map((r) => r.code)).not.toContain("claim_ratio");
  });

  it("finance approves, exports one pain.001 file, marks it sent and completed: Versé, e-mail, audit, ledger balanced", async () => {
    const fin = await signedInUser({ role: "finance" });
    const me = await memberWith(1200);
    await withdraw(me.cookie, "12");
    const [p] = await payoutsOf(me.id);

    const list = await callRoute(adminLoader, req("/admin/paiements", { cookie: fin.cookie }));
    expect(list.data.open.find((r) => r.id === p.id)).toMatchObject({ status: "needs_review", memberEmail: me.email });

    expect((await finance(fin.cookie, { intent: "approve", payoutId: p.id })).status).toBe(200);
    const exported = await finance(fin.cookie, { intent: "export" });
    expect(exported.status).toBe(200);
    const [after] = await payoutsOf(me.id);
    expect(after.status).toBe("exported");
    const db = await getDb();
    const [batch] = await db.select().from(s.payoutBatches).where(eq(s.payoutBatches.id, after.batchId!));
    // stored sealed under BANK_DETAILS_KEY; the hash is the file's, as downloaded
    expect(batch.fileXml).not.toContain(me.iban);
    const xml = openBankText(batch.fileXml);
    expect(batch.fileSha256).toBe(createHash("sha256").update(xml, "utf8").digest("hex"));
    expect(xml).toContain(`<EndToEndId>${p.endToEndId}</EndToEndId>`);
    expect(xml).toContain(me.iban);
    expect(xml).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");

    // nothing left to export: never twice
    const again = await finance(fin.cookie, { intent: "export" });
    expect(again.status).toBe(409);
    expect(again.data.toast?.description).toBe(FINANCE_MESSAGES.nothingToExport);

    const file = await callRoute(fileLoader, req(`/admin/paiements/lots/${batch.id}`, { cookie: fin.cookie }), { batchId: batch.id });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${batch.msgId}.xml"`);
    expect(file.data).toBe(xml);

    expect((await finance(fin.cookie, { intent: "mark-sent", batchId: batch.id })).status).toBe(200);
    expect((await finance(fin.cookie, { intent: "mark-sent", batchId: batch.id })).status).toBe(409);
    const [mail] = (await mailsTo(me.email)).filter((m) => m.kind === "payout-sent");
    expect(mail.subject.replace(/\u202f|\u00a0/g, " ")).toBe("Ton virement de 12,00 € est envoyé");

    expect((await finance(fin.cookie, { intent: "complete", payoutId: p.id })).status).toBe(200);
    expect(await memberBalances(me.id)).toMatchObject({ available: 0, inPayout: 0, paid: 1200 });
    const page = await callRoute(memberLoader, req("/mon-cashback", { cookie: me.cookie }));
    expect(page.data.payouts[0].steps.map((s) => s.status)).toEqual(["requested", "needs_review", "approved", "exported", "sent", "completed"]);

    const audit = await db.select().from(s.auditLog).where(and(eq(s.auditLog.actorId, fin.id)));
    expect(audit.map((a) => a.entity).sort()).toEqual(["payout", "payout", "payout_batch", "payout_batch"]);
    expect(JSON.stringify(audit)).not.toContain(me.iban);
    // the member's data export lists the withdrawal, IBAN masked
    const exportedData = await exportAccountData(me.id);
    expect(exportedData?.withdrawals).toEqual([expect.objectContaining({ amountCents: 1200, status: "completed", iban: `DE•• •••• •••• •••• ${me.iban.slice(-4)}` })]);
    expect(JSON.stringify(exportedData)).not.toContain(me.iban);
    expect((await verifyLedger()).ok).toBe(true);
  });

  it("one payment never blocks the others: a legacy holder name with no SEPA form is left out « À corriger », the others are exported", async () => {
    const fin = await signedInUser({ role: "finance" });
    const db = await getDb();
    // a row saved before names were checked, written by SQL as the code stores it
    const legacy = await memberWith(1200, { ibanAgeDays: -1 });
    const legacyIban = uniqueIban();
    const longAgo = new Date(Date.now() - 30 * DAY);
    await db.execute(sql`
      insert into payout_methods (user_id, iban_enc, iban_last4, iban_fingerprint, holder_name, country, usable_from, created_at)
      values (${legacy.id}, ${encryptIban(legacyIban)}, ${legacyIban.slice(-4)}, ${ibanFingerprint(legacyIban)}, ${storedHolderName("ʁʁʁ ɐɐ")}, 'DE', ${longAgo}, ${longAgo})`);
    const good = await memberWith(1500);
    expect((await withdraw(legacy.cookie, "12")).status).toBe(302);
    expect((await withdraw(good.cookie, "15")).status).toBe(302);
    const [pl] = await payoutsOf(legacy.id);
    const [pg] = await payoutsOf(good.id);
    for (const p of [pl, pg]) expect((await finance(fin.cookie, { intent: "approve", payoutId: p.id })).status).toBe(200);

    const exported = await finance(fin.cookie, { intent: "export" });
    expect(exported.status).toBe(200);
    expect(exported.data.toast?.description).toContain("1 paiement laissé hors du fichier, « À corriger »");
    const [goodAfter] = await payoutsOf(good.id);
    const [legacyAfter] = await payoutsOf(legacy.id);
    expect(goodAfter.status).toBe("exported");
    expect(legacyAfter).toMatchObject({ status: "needs_review", batchId: null });
    expect(legacyAfter.reviewReasons).toContainEqual({ code: "to_fix", reason: PAYOUT_TO_FIX_REASONS.holderName });
    const file = await callRoute(fileLoader, req(`/admin/paiements/lots/${goodAfter.batchId}`, { cookie: fin.cookie }), { batchId: goodAfter.batchId! });
    const xml = String(file.data);
    expect(xml).toContain(good.iban);
    expect(xml).not.toContain(legacyIban);
    expect(xml).toContain("<NbOfTxs>1</NbOfTxs>");

    // finance sees it « À corriger » with its reason; the member too, on /mon-cashback
    const list = await callRoute(adminLoader, req("/admin/paiements", { cookie: fin.cookie }));
    expect(list.data.open.find((r) => r.id === pl.id)).toMatchObject({ status: "needs_review", toFix: PAYOUT_TO_FIX_REASONS.holderName });
    expect(list.data.open.find((r) => r.id === pg.id)).toMatchObject({ status: "exported", toFix: null });
    const page = await callRoute(memberLoader, req("/mon-cashback", { cookie: legacy.cookie }));
    expect(page.data.payouts[0]).toMatchObject({ status: "needs_review", toFix: PAYOUT_TO_FIX_REASONS.holderName, cancellable: true });
    expect(await memberBalances(legacy.id)).toMatchObject({ available: 0, inPayout: 1200 });

    // approved again unchanged: the export writes no file, says why, and keeps the mark (committed, not rolled back)
    expect((await finance(fin.cookie, { intent: "approve", payoutId: pl.id })).status).toBe(200);
    const again = await finance(fin.cookie, { intent: "export" });
    expect(again.status).toBe(409);
    expect(again.data.toast?.description).toBe("Aucun fichier créé : 1 paiement à corriger, repassé « À vérifier » avec sa raison.");
    const [still] = await payoutsOf(legacy.id);
    expect(still.status).toBe("needs_review");
    expect(still.reviewReasons.filter((r) => r.code === "to_fix")).toHaveLength(1);
    // the member cancels and gets the money back
    expect((await callRoute(memberAction, req("/mon-cashback", { cookie: legacy.cookie, form: { intent: "cancel-payout", payoutId: pl.id } }))).status).toBe(302);
    expect(await memberBalances(legacy.id)).toMatchObject({ available: 1200, inPayout: 0 });
    expect((await verifyLedger()).ok).toBe(true);
  });

  it("no clear IBAN nor holder's name at rest: a dump of the whole database after an export, and after the member deletes the account", async () => {
    const fin = await signedInUser({ role: "finance" });
    const holder = "Ysolde Kervarec-Ploumanac'h";
    const me = await memberWith(1300, { holderName: holder });
    expect((await withdraw(me.cookie, "13")).status).toBe(302);
    const [p] = await payoutsOf(me.id);
    await finance(fin.cookie, { intent: "approve", payoutId: p.id });
    expect((await finance(fin.cookie, { intent: "export" })).status).toBe(200);
    const [exported] = await payoutsOf(me.id);
    // the file finance downloads names the creditor in clear: only the stored copy is sealed
    const file = await callRoute(fileLoader, req(`/admin/paiements/lots/${exported.batchId}`, { cookie: fin.cookie }), { batchId: exported.batchId! });
    expect(file.data).toContain(me.iban);
    expect(file.data).toContain("Ysolde Kervarec-Ploumanac");
    const secrets = [me.iban, me.iban.slice(4), "Ysolde", "Kervarec"];

    const afterExport = await dumpEverything(database());
    for (const secret of secrets) expect(afterExport.includes(secret), `${secret} after the export`).toBe(false);

    await finance(fin.cookie, { intent: "mark-sent", batchId: exported.batchId! });
    await finance(fin.cookie, { intent: "complete", payoutId: p.id });
    await deleteAccount(me.id, me.email);
    expect(await (await getDb()).select().from(s.user).where(eq(s.user.id, me.id))).toEqual([]);
    const afterDeletion = await dumpEverything(database());
    for (const secret of secrets) expect(afterDeletion.includes(secret), `${secret} after the deletion`).toBe(false);
    // the batch is still downloadable as accounting evidence, with its hash
    expect((await callRoute(fileLoader, req(`/admin/paiements/lots/${exported.batchId}`, { cookie: fin.cookie }), { batchId: exported.batchId! })).status).toBe(200);
   });

  it("bank data a previous version stored in clear is sealed at start, and still read the same", async () => {
    const fin = await signedInUser({ role: "finance" });
    const me = await memberWith(1100, { holderName: "Gwenola Le Clair" });
    await withdraw(me.cookie, "11");
    const [p] = await payoutsOf(me.id);
    await finance(fin.cookie, { intent: "approve", payoutId: p.id });
    await exportApprovedPayouts(fin);
    const db = await getDb();
    const [{ batchId }] = await payoutsOf(me.id);
    const [batch] = await db.select().from(s.payoutBatches).where(eq(s.payoutBatches.id, batchId!));
    const xml = openBankText(batch.fileXml);
    // as an earlier version left them: clear names and a clear file
    await db.update(s.payoutMethods).set({ holderName: "Gwenola Le Clair" }).where(eq(s.payoutMethods.userId, me.id));
    await db.update(s.payouts).set({ holderName: "Gwenola Le Clair" }).where(eq(s.payouts.id, p.id));
    await db.update(s.payoutBatches).set({ fileXml: xml }).where(eq(s.payoutBatches.id, batchId!));

    const sealed = await sealClearBankData();
    expect(sealed.methods).toBeGreaterThanOrEqual(1);
    expect(sealed.payouts).toBeGreaterThanOrEqual(1);
    expect(sealed.batches).toBeGreaterThanOrEqual(1);
    expect(await sealClearBankData()).toEqual({ methods: 0, payouts: 0, batches: 0 });
    const raw = await db.execute<{ v: string }>(sql`
      select concat_ws(' ', (select string_agg(holder_name, ' ') from payout_methods), (select string_agg(holder_name, ' ') from payouts), (select string_agg(file_xml, ' ') from payout_batches)) as v`);
    expect(raw.rows[0].v).not.toContain("Gwenola");
    expect(raw.rows[0].v).not.toContain(me.iban);
    const file = await callRoute(fileLoader, req(`/admin/paiements/lots/${batchId}`, { cookie: fin.cookie }), { batchId: batchId! });
    expect(file.status).toBe(200);
    expect(file.data).toBe(xml);
    expect((await getBankDetails(me.id))?.holderName).toBe("Gwenola Le Clair");
   });

  it("a refused or failed payout gives the money back, with the reason shown to the member", async () => {
    const fin = await signedInUser({ role: "finance" });
    const a = await memberWith(1000);
    await withdraw(a.cookie, "10");
    const [pa] = await payoutsOf(a.id);
    expect((await finance(fin.cookie, { intent: "refuse", payoutId: pa.id, reason: "" })).status).toBe(400);
    expect((await finance(fin.cookie, { intent: "refuse", payoutId: pa.id, reason: "Titulaire différent du membre" })).status).toBe(200);
    expect(await memberBalances(a.id)).toMatchObject({ available: 1000, inPayout: 0 });
    const pageA = await callRoute(memberLoader, req("/mon-cashback", { cookie: a.cookie }));
    expect(pageA.data.payouts[0]).toMatchObject({ status: "cancelled", reason: "Titulaire différent du membre" });

    const b = await memberWith(1100);
    await withdraw(b.cookie, "11");
    const [pb] = await payoutsOf(b.id);
    await finance(fin.cookie, { intent: "approve", payoutId: pb.id });
    await exportApprovedPayouts(fin);
    const batchId = (await payoutsOf(b.id))[0].batchId!;
    await finance(fin.cookie, { intent: "mark-sent", batchId });
    // completed needs "sent"; a wrong state is a 409 with the status in French
    expect((await finance(fin.cookie, { intent: "approve", payoutId: pb.id })).data.toast?.description).toBe("Action impossible : ce paiement est au statut « Virement envoyé ».");
    expect((await finance(fin.cookie, { intent: "fail", payoutId: pb.id, reason: "AC04 compte clôturé" })).status).toBe(200);
    expect(await memberBalances(b.id)).toMatchObject({ available: 1100, inPayout: 0, paid: 0 });
    expect((await mailsTo(b.email)).some((m) => m.kind === "payout-failed" && m.text.includes("AC04 compte clôturé"))).toBe(true);
    expect((await verifyLedger()).ok).toBe(true);
  });

  it("only finance and admins see or touch payouts", async () => {
    const member = await signedInUser();
    const editor = await signedInUser({ role: "editor" });
    for (const who of [member, editor]) {
      expect((await callRoute(adminLoader, req("/admin/paiements", { cookie: who.cookie }))).status).toBe(302);
      expect((await finance(who.cookie, { intent: "export" })).status).toBe(403);
      expect((await callRoute(fileLoader, req(`/admin/paiements/lots/${randomUUID()}`, { cookie: who.cookie }), { batchId: randomUUID() })).status).toBe(302);
    }
    const admin = await signedInUser({ role: "admin" });
    expect((await callRoute(adminLoader, req("/admin/paiements", { cookie: admin.cookie }))).status).toBe(200);
    expect((await callRoute(adminLoader, req("/admin/paiements"))).location).toBe("/auth?redirect=%2Fadmin%2Fpaiements");
  });

  it("an admin allows a joint account: the second member may then register the IBAN, audited, and payouts to it go to review", async () => {
    const fin = await signedInUser({ role: "finance" });
    const first = await memberWith(0);
    const second = await memberWith(1500, { ibanAgeDays: -1 });
    await expect(saveBankDetails(second, { iban: first.iban, holderName: "Camille et Alex Dupont" })).rejects.toMatchObject({ status: 409 });

    const bad = await finance(fin.cookie, { intent: "allow-shared-iban", email: second.email, iban: "FR76 1234", reason: "Compte joint" });
    expect(bad.status).toBe(400);
    expect(bad.data.toast?.description).toBe("Cet IBAN n'est pas valide ou n'appartient pas à la zone SEPA.");
    const unknown = await finance(fin.cookie, { intent: "allow-shared-iban", email: "personne@example.fr", iban: first.iban, reason: "Compte joint" });
    expect(unknown.status).toBe(404);
    const allowed = await finance(fin.cookie, { intent: "allow-shared-iban", email: second.email, iban: first.iban.toLowerCase(), reason: "Compte joint des époux Dupont" });
    expect(allowed.status).toBe(200);
    expect((await finance(fin.cookie, { intent: "allow-shared-iban", email: second.email, iban: first.iban, reason: "Encore" })).status).toBe(409);
    const db = await getDb();
    const [entry] = await db.select().from(s.auditLog).where(and(eq(s.auditLog.actorId, fin.id), eq(s.auditLog.entity, "iban_share_override")));
    expect(entry.after).toMatchObject({ email: second.email, ibanLast4: first.iban.slice(-4), reason: "Compte joint des époux Dupont" });
    expect(JSON.stringify(entry)).not.toContain(first.iban);

    // a third member without the permission is still refused
    const third = await memberWith(0, { ibanAgeDays: -1 });
    await expect(saveBankDetails(third, { iban: first.iban, holderName: "Alex Dupont" })).rejects.toMatchObject({ status: 409 });
    await saveBankDetails(second, { iban: first.iban, holderName: "Camille et Alex Dupont" }, new Date(Date.now() - 10 * DAY));
    await withdraw(second.cookie, "15");
    const [p] = await payoutsOf(second.id);
    expect(p.reviewReasons.map((r) => r.code)).toContain("shared_iban");
  });

  it("the minimum is a setting the admin changes on /admin/settings", async () => {
    const admin = await signedInUser({ role: "admin" });
    const post = (form: Record<string, string>) => callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { temuEndsAt: "2030-01-01T00:00", ...form } }));
    const bad = await post({ payoutMinimum: "0,50" });
    expect(bad.status).toBe(400);
    expect(formErrors(bad).payoutMinimum).toEqual(["Le retrait minimum doit être un montant en euros entre 1 et 1 000 (par exemple 10)."]);
    expect((await post({ payoutMinimum: "15" })).status).toBe(200);
    try {
      const me = await memberWith(1200);
      const out = await withdraw(me.cookie, "12");
      expect(out.status).toBe(400);
      expect(out.data.result?.error?.[""]?.[0].replace(/\u202f|\u00a0/g, " ")).toBe("Le retrait minimum est de 15,00 €.");
    } finally {
      expect((await post({ payoutMinimum: "10" })).status).toBe(200);
    }
  });

  it("a requested payout is held by one ledger operation with a deterministic key", async () => {
    const me = await memberWith(1000);
    const p = await requestPayout(me, { amountCents: 1000, idempotencyKey: randomUUID() });
    const db = await getDb();
    const ops = await db.execute<{ n: string }>(sql`select count(*) as n from ledger_operations where idempotency_key = ${`po:${p.id}:hold`}`);
    expect(Number(ops.rows[0].n)).toBe(1);
  });
});
