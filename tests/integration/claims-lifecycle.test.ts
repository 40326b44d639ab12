import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { expireStaleClaims, settleClaimsForConversion } from "#app/modules/claims/claim-lifecycle.server";
import { CLAIM_MESSAGES } from "#app/modules/claims/claims.schema";
import { claimsOverview, fileClaim, markNetworkSent, resolveClaim } from "#app/modules/claims/claims.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import { toParisDateInput } from "#app/modules/settings/paris-time";
import { action as memberAction, loader as memberLoader } from "#app/routes/mon-cashback";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { makeClick, makeProgramme, rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, type FormAnswer } from "#tests/helpers/route";

const DAY = 86_400_000;

type Status = "submitted" | "matched" | "sent" | "accepted" | "refused" | "expired" | "withdrawn";

/** A member (signed in), a programme of its own network account, and one click 10 days old. */
async function setup(network: "awin" | "cj" | "tradedoubler" = "awin") {
  const me = await signedInUser();
  const account = `acc-${randomUUID().slice(0, 8)}`;
  const p = await makeProgramme(network, { account });
  const click = await makeClick(me.id, p.id);
  const db = await getDb();
  await db.update(s.clickSessions).set({ createdAt: new Date(Date.now() - 10 * DAY) }).where(eq(s.clickSessions.id, click.id));
  return { me, p, click, account };
}

/** A claim row in the given state (the filing itself is tested in claims.test.ts). */
async function claim(userId: string, programId: string, clickSessionId: string, status: Status, extra: Partial<typeof s.cashbackClaims.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(s.cashbackClaims)
    .values({
      userId,
      clickSessionId,
      programId,
      orderRef: `CMD-${randomUUID().slice(0, 8)}`,
      orderAt: new Date(Date.now() - 8 * DAY),
      orderAmountCents: 4990,
      noOtherCode: true,
      status,
      submittedAt: new Date(Date.now() - 9 * DAY),
      ...extra,
    })
    .returning();
  return row;
}

const claimRow = async (id: string) => (await (await getDb()).select().from(s.cashbackClaims).where(eq(s.cashbackClaims.id, id)))[0];
const mailsTo = async (email: string) =>
  (await getDb()).select().from(s.emailOutbox).where(and(eq(s.emailOutbox.to, email), like(s.emailOutbox.kind, "claim-%"))).orderBy(s.emailOutbox.createdAt);
const member = (cookie: string, form: Record<string, string>) => callRoute(memberAction, req("/mon-cashback", { cookie, form }));
const formErrors = (out: { data: unknown }) => (out.data as FormAnswer)?.result?.error?.[""] ?? undefined;
const myClaims = async (cookie: string) => (await callRoute(memberLoader, req("/mon-cashback", { cookie }))).data.claims;

describeEachDb("missing-cashback claims: withdrawal, expiry, updates by e-mail, answered by an imported conversion", () => {
  it("the member withdraws a claim not yet sent: « Retirée » in the timeline, no button any more, and the order can be claimed again", async () => {
    const { me, p, click } = await setup();
    const c = await claim(me.id, p.id, click.id, "matched");
    const before = await myClaims(me.cookie);
    expect(before.find((x) => x.id === c.id)).toMatchObject({ canWithdraw: true, canReopen: false });

    const out = await member(me.cookie, { intent: "claim-withdraw", claimId: c.id });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/mon-cashback#reclamations");
    const after = await claimRow(c.id);
    expect(after.status).toBe("withdrawn");
    expect(after.resolvedAt).toBeInstanceOf(Date);
    const view = (await myClaims(me.cookie)).find((x) => x.id === c.id);
    expect(view).toMatchObject({ status: "withdrawn", canWithdraw: false, canReopen: false });
    expect(view?.steps.map((x) => x.step)).toEqual(["submitted", "withdrawn"]);
    // the member's own action: no « Réclamation mise à jour »
    expect(await mailsTo(me.email)).toHaveLength(0);

    // a second withdrawal is refused with the reason
    const again = await member(me.cookie, { intent: "claim-withdraw", claimId: c.id });
    expect(again.status).toBe(409);
    expect(formErrors(again)).toEqual([CLAIM_MESSAGES.cannotWithdraw("Retirée")]);

    // the withdrawn claim no longer holds the order number
    const refiled = await fileClaim(me, { clickSessionId: click.id, orderRef: c.orderRef, orderDate: toParisDateInput(new Date(Date.now() - 8 * DAY)), amountCents: 4990, noOtherCode: true }, null);
    expect(refiled).toMatchObject({ status: "matched", orderRef: c.orderRef });
  });

  it("withdrawal: another member's claim is a 404, a sent claim a 409, a malformed id a 400; nothing changes", async () => {
    const { me, p, click } = await setup();
    const other = await setup();
    const theirs = await claim(other.me.id, other.p.id, other.click.id, "matched");
    const sent = await claim(me.id, p.id, click.id, "sent", { sentAt: new Date(Date.now() - DAY) });

    const foreign = await member(me.cookie, { intent: "claim-withdraw", claimId: theirs.id });
    expect(foreign.status).toBe(404);
    expect(formErrors(foreign)).toEqual([CLAIM_MESSAGES.notFound]);
    expect((await claimRow(theirs.id)).status).toBe("matched");

    const late = await member(me.cookie, { intent: "claim-withdraw", claimId: sent.id });
    expect(late.status).toBe(409);
    expect(formErrors(late)).toEqual([CLAIM_MESSAGES.cannotWithdraw("Transmise au marchand")]);
    expect((await claimRow(sent.id)).status).toBe("sent");

    const bad = await member(me.cookie, { intent: "claim-withdraw", claimId: "not-a-claim" });
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error?.claimId).toEqual([CLAIM_MESSAGES.notFound]);

    // signed out: to the sign-in page
    const anonymous = await callRoute(memberAction, req("/mon-cashback", { form: { intent: "claim-withdraw", claimId: sent.id } }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth/);
  });

  it("the daily job expires a claim sent 120 days ago with no answer (once, with an e-mail); the member re-opens it once", async () => {
    expect(jobSchedules.find((x) => x.name === "claims.expire")).toMatchObject({ cron: "15 6 * * *" });
    expect(typeof jobHandlers["claims.expire"]).toBe("function");

    const { me, p, click } = await setup("cj");
    // the job's clock is injected; the member's re-open below happens a moment after it
    const now = new Date();
    const due = await claim(me.id, p.id, click.id, "sent", { submittedAt: new Date(now.getTime() - 121 * DAY), sentAt: new Date(now.getTime() - 120 * DAY) });
    const young = await claim(me.id, p.id, click.id, "sent", { sentAt: new Date(now.getTime() - 120 * DAY + 60_000) });
    const answered = await claim(me.id, p.id, click.id, "refused", { sentAt: new Date(now.getTime() - 300 * DAY), resolvedAt: new Date(now.getTime() - 200 * DAY) });

    expect(await expireStaleClaims(now)).toBeGreaterThanOrEqual(1);
    expect(await claimRow(due.id)).toMatchObject({ status: "expired", resolvedAt: now });
    expect((await claimRow(young.id)).status).toBe("sent");
    expect((await claimRow(answered.id)).status).toBe("refused");
    // idempotent: a second run expires nothing more and sends no second e-mail
    expect(await expireStaleClaims(now)).toBe(0);
    const mails = await mailsTo(me.email);
    expect(mails.map((m) => m.kind)).toEqual(["claim-expired"]);
    expect(mails[0].subject).toBe(`Réclamation mise à jour : ${p.networkProgramId}`);
    expect(mails[0].text).toContain(`Le marchand n'a pas répondu à ta réclamation pour ta commande ${due.orderRef}`);
    expect(mails[0].text).toContain("Tu peux la relancer une fois");

    const expired = (await myClaims(me.cookie)).find((x) => x.id === due.id);
    expect(expired).toMatchObject({ status: "expired", canReopen: true, canWithdraw: false });
    expect(expired?.steps.map((x) => x.step)).toEqual(["submitted", "sent", "expired"]);

    // « Relancer ma réclamation »: back in finance's queue (to send), once
    const reopened = await member(me.cookie, { intent: "claim-reopen", claimId: due.id });
    expect(reopened.status).toBe(302);
    expect(await claimRow(due.id)).toMatchObject({ status: "matched", resolvedAt: null });
    expect((await claimRow(due.id)).reopenedAt).toBeInstanceOf(Date);
    const queue = await claimsOverview();
    expect(queue.toSend.find((g) => g.network === "cj")?.claims.map((c) => c.id)).toContain(due.id);
    const view = (await myClaims(me.cookie)).find((x) => x.id === due.id);
    expect(view).toMatchObject({ status: "matched", canReopen: false, canWithdraw: true });
    expect(view?.steps.map((x) => x.step)).toEqual(["submitted", "sent", "reopened"]);

    // sent again, and again no answer: it expires for good
    const finance = await signedInUser({ role: "finance" });
    const resentAt = new Date(now.getTime() + DAY);
    await markNetworkSent(finance, "cj", resentAt);
    const later = new Date(resentAt.getTime() + 121 * DAY);
    expect(await expireStaleClaims(later)).toBeGreaterThanOrEqual(2);
    expect((await claimRow(due.id)).status).toBe("expired");
    const dueMails = (await mailsTo(me.email)).filter((m) => m.kind === "claim-expired" && m.text.includes(due.orderRef));
    expect(dueMails).toHaveLength(2);
    expect(dueMails.filter((m) => m.text.includes("Tu peux la relancer"))).toHaveLength(1);
    const twice = await member(me.cookie, { intent: "claim-reopen", claimId: due.id });
    expect(twice.status).toBe(409);
    expect(formErrors(twice)).toEqual([CLAIM_MESSAGES.alreadyReopened]);
    expect((await claimRow(due.id)).status).toBe("expired");
  });

  it("re-opening: only an expired claim of one's own", async () => {
    const { me, p, click } = await setup();
    const other = await setup();
    const sent = await claim(me.id, p.id, click.id, "sent", { sentAt: new Date() });
    const theirs = await claim(other.me.id, other.p.id, other.click.id, "expired", { sentAt: new Date(Date.now() - 130 * DAY), resolvedAt: new Date() });
    const notYet = await member(me.cookie, { intent: "claim-reopen", claimId: sent.id });
    expect(notYet.status).toBe(409);
    expect(formErrors(notYet)).toEqual([CLAIM_MESSAGES.cannotReopen("Transmise au marchand")]);
    const foreign = await member(me.cookie, { intent: "claim-reopen", claimId: theirs.id });
    expect(foreign.status).toBe(404);
    expect((await claimRow(theirs.id)).status).toBe("expired");
  });

  it("« Réclamation mise à jour » at each change finance makes: sent to the network, accepted, refused with its reason", async () => {
    const { me, p, click } = await setup("tradedoubler");
    const finance = await signedInUser({ role: "finance" });
    const a = await claim(me.id, p.id, click.id, "matched");
    const b = await claim(me.id, p.id, click.id, "matched");
    await markNetworkSent(finance, "tradedoubler");
    let mails = await mailsTo(me.email);
    expect(mails.map((m) => m.kind)).toEqual(["claim-sent", "claim-sent"]);
    expect(mails.map((m) => m.text).join("\n")).toContain(`Nous avons transmis au marchand ta réclamation pour ta commande ${a.orderRef}`);

    await resolveClaim(finance, a.id, { accepted: true });
    await resolveClaim(finance, b.id, { accepted: false, reason: "Commande annulée par le client" });
    mails = await mailsTo(me.email);
    expect(mails.map((m) => m.kind).slice(2).sort()).toEqual(["claim-accepted", "claim-refused"]);
    const refused = mails.find((m) => m.kind === "claim-refused")!;
    expect(refused.subject).toBe(`Réclamation mise à jour : ${p.networkProgramId}`);
    expect(refused.text).toContain(`Ta réclamation pour ta commande ${b.orderRef}`);
    expect(refused.text).toContain("Raison : Commande annulée par le client");
    expect(refused.html).toContain("/mon-cashback#reclamations");
    // a refused change (wrong state) writes no e-mail
    await expect(resolveClaim(finance, b.id, { accepted: true })).rejects.toMatchObject({ status: 409 });
    expect(await mailsTo(me.email)).toHaveLength(4);
  });

  it("an imported conversion answers the claim for its order only: another order on the claim's click leaves it open, a declined order makes it a dispute", async () => {
    const { me, p, click, account } = await setup();
    const secondClick = await makeClick(me.id, p.id);
    // a sent claim on a click that also carries another tracked order, and a matched claim on its own click
    const sameClick = await claim(me.id, p.id, click.id, "sent", { sentAt: new Date(Date.now() - 2 * DAY) });
    const byRef = await claim(me.id, p.id, secondClick.id, "matched");
    // another programme's claim with the same order reference is not touched
    const elsewhere = await setup();
    const foreign = await claim(elsewhere.me.id, elsewhere.p.id, elsewhere.click.id, "sent", { orderRef: byRef.orderRef, sentAt: new Date() });
    // a declined conversion never accepts the claim: it goes to finance as a dispute
    const thirdClick = await makeClick(me.id, p.id);
    const declined = await claim(me.id, p.id, thirdClick.id, "sent", { sentAt: new Date() });

    const records = [
      rec({ networkAccountId: account, networkProgramId: p.networkProgramId, clickId: click.clickId, orderRef: "NET-REF-OTHER", commissionAmount: "10.00" }),
      // the network's spelling of the member's order reference: other case, spaces
      rec({ networkAccountId: account, networkProgramId: p.networkProgramId, clickId: secondClick.clickId, orderRef: ` ${byRef.orderRef.toLowerCase().replace("-", " - ")} `, commissionAmount: "5.00" }),
      rec({ networkAccountId: account, networkProgramId: p.networkProgramId, clickId: thirdClick.clickId, orderRef: declined.orderRef, status: "declined", commissionAmount: "4.00" }),
    ];
    // a crash before the page commits leaves the claims open and no e-mail: one transaction with the import's write
    await expect(
      importRecords({ records, source: "pull", actor: "system" }, { beforeCommit: async () => Promise.reject(new Error("crash before commit")) }),
    ).rejects.toThrow("crash before commit");
    expect(await claimRow(byRef.id)).toMatchObject({ status: "matched", conversionId: null });
    expect(await mailsTo(me.email)).toHaveLength(0);

    await importRecords({ records, source: "pull", actor: "system" });

    const db = await getDb();
    const convsOf = async () => db.select().from(s.conversions).where(eq(s.conversions.networkAccountId, account));
    let convs = await convsOf();
    const convOf = (ref: string) => convs.find((c) => c.orderRef === ref)!;
    // order A tracked on the click does not answer the claim for order B
    expect(await claimRow(sameClick.id)).toMatchObject({ status: "sent", conversionId: null, resolvedAt: null });
    expect(await claimRow(byRef.id)).toMatchObject({ status: "accepted", conversionId: convOf(records[1].orderRef!).id });
    expect(await claimRow(foreign.id)).toMatchObject({ status: "sent", conversionId: null });
    const dispute = await claimRow(declined.id);
    expect(dispute).toMatchObject({ status: "disputed", conversionId: convOf(declined.orderRef).id, resolvedAt: null });
    expect(dispute.disputedAt).toBeInstanceOf(Date);

    // the money is the import's: two pending member cashbacks (70 % of 10 € and of 5 €), nothing more
    const cbs = await db.select().from(s.memberCashbacks).where(and(eq(s.memberCashbacks.userId, me.id), eq(s.memberCashbacks.status, "pending")));
    expect(cbs.map((c) => [c.status, c.amountCents]).sort()).toEqual([
      ["pending", 350],
      ["pending", 700],
    ]);
    expect(await memberBalances(me.id)).toMatchObject({ pending: 1050, available: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });

    const mails = await mailsTo(me.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(["claim-accepted", "claim-disputed"]);
    expect(mails.find((m) => m.kind === "claim-accepted")!.text).toContain("Ton achat apparaît maintenant dans « Mes achats »");
    expect(mails.find((m) => m.kind === "claim-disputed")!.text).toContain("Notre équipe examine ta demande");
    const views = await myClaims(me.cookie);
    expect(views.find((x) => x.id === byRef.id)?.steps.map((x) => x.step)).toEqual(["submitted", "accepted"]);
    expect(views.find((x) => x.id === declined.id)).toMatchObject({ status: "disputed", canWithdraw: false });
    expect(views.find((x) => x.id === declined.id)?.steps.map((x) => x.step)).toEqual(["submitted", "sent", "disputed"]);

    // importing the claim's own order, on the same click, accepts it
    const orderB = rec({ networkAccountId: account, networkProgramId: p.networkProgramId, clickId: click.clickId, orderRef: sameClick.orderRef, commissionAmount: "2.00" });
    await importRecords({ records: [orderB], source: "pull", actor: "system" });
    convs = await convsOf();
    expect(await claimRow(sameClick.id)).toMatchObject({ status: "accepted", conversionId: convOf(sameClick.orderRef).id });
    expect(views.find((x) => x.id === sameClick.id)?.status).toBe("sent");
    expect((await myClaims(me.cookie)).find((x) => x.id === sameClick.id)?.steps.map((x) => x.step)).toEqual(["submitted", "sent", "accepted"]);
    expect(await mailsTo(me.email)).toHaveLength(3);

    // finance sees the dispute and closes it with the usual actions
    const finance = await signedInUser({ role: "finance" });
    expect((await claimsOverview()).disputed.map((c) => c.id)).toContain(declined.id);
    await resolveClaim(finance, declined.id, { accepted: false, reason: "Commande retournée au marchand" });
    expect(await claimRow(declined.id)).toMatchObject({ status: "refused", refusalReasonFr: "Commande retournée au marchand" });
    expect((await claimsOverview()).disputed.map((c) => c.id)).not.toContain(declined.id);

    // a replay of the same rows changes nothing and sends nothing
    await importRecords({ records: [...records, orderB], source: "pull", actor: "system" });
    expect(await mailsTo(me.email)).toHaveLength(4);
    // and a conversion that already answered a claim answers no other
    await db.transaction(async (tx) => expect(await settleClaimsForConversion(tx, convOf("NET-REF-OTHER"))).toEqual({ accepted: [], disputed: [] }));
    await db.transaction(async (tx) => expect(await settleClaimsForConversion(tx, convOf(sameClick.orderRef))).toEqual({ accepted: [], disputed: [] }));
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("a conversion without an order reference answers the claim closest in amount (±1 € or 2 %) and day (±2 days) on its programme, and no other", async () => {
    const { me, p, click, account } = await setup();
    const orderAt = new Date(Date.now() - 8 * DAY);
    const near = await claim(me.id, p.id, click.id, "sent", { orderAt, orderAmountCents: 4990, sentAt: new Date() });
    const tooFar = await claim(me.id, p.id, click.id, "sent", { orderAt, orderAmountCents: 12000, sentAt: new Date() });
    const otherDay = await claim(me.id, p.id, click.id, "matched", { orderAt: new Date(orderAt.getTime() - 5 * DAY), orderAmountCents: 3000 });
    // a member's claim on another programme with the same amount and day
    const other = await setup();
    const elsewhere = await claim(me.id, other.p.id, other.click.id, "matched", { orderAt, orderAmountCents: 4990 });

    const noRef = (over: Parameters<typeof rec>[0]) => rec({ networkAccountId: account, networkProgramId: p.networkProgramId, clickId: click.clickId, orderRef: null, ...over });
    await importRecords({
      records: [
        // 50.60 € a day later: within 1 € of 49.90 €
        noRef({ saleAmount: "50.60", transactionAt: new Date(orderAt.getTime() + DAY), commissionAmount: "3.00" }),
        // 125 € for a 120 € claim: 5 € apart, more than 2 % (2.40 €)
        noRef({ saleAmount: "125.00", transactionAt: orderAt, commissionAmount: "6.00" }),
        // the right amount, 5 days off
        noRef({ saleAmount: "30.00", transactionAt: orderAt, commissionAmount: "1.50" }),
      ],
      source: "pull",
      actor: "system",
    });
    const db = await getDb();
    const convs = await db.select().from(s.conversions).where(eq(s.conversions.networkAccountId, account));
    expect(await claimRow(near.id)).toMatchObject({ status: "accepted", conversionId: convs.find((c) => Number(c.saleAmount) === 50.6)!.id });
    expect(await claimRow(tooFar.id)).toMatchObject({ status: "sent", conversionId: null });
    expect(await claimRow(otherDay.id)).toMatchObject({ status: "matched", conversionId: null });
    expect(await claimRow(elsewhere.id)).toMatchObject({ status: "matched", conversionId: null });
  });

  it("a claim accepted through a conversion the network then declines becomes a dispute for finance, never stays « Acceptée »", async () => {
    const { me, p, click, account } = await setup();
    const c = await claim(me.id, p.id, click.id, "sent", { sentAt: new Date() });
    const key = `k-${randomUUID()}`;
    const pending = rec({ conversionKey: key, networkAccountId: account, networkProgramId: p.networkProgramId, clickId: click.clickId, orderRef: c.orderRef });
    await importRecords({ records: [pending], source: "pull", actor: "system" });
    expect(await claimRow(c.id)).toMatchObject({ status: "accepted" });
    await importRecords({ records: [rec({ ...pending, status: "declined", networkStatusRaw: "declined", raw: undefined })], source: "pull", actor: "system" });
    const after = await claimRow(c.id);
    expect(after).toMatchObject({ status: "disputed", resolvedAt: null });
    expect(after.conversionId).not.toBeNull();
    expect((await mailsTo(me.email)).map((m) => m.kind)).toEqual(["claim-accepted", "claim-disputed"]);
    // finance accepts the dispute with the usual action
    const finance = await signedInUser({ role: "finance" });
    await resolveClaim(finance, c.id, { accepted: true });
    expect(await claimRow(c.id)).toMatchObject({ status: "accepted" });
    expect((await myClaims(me.cookie)).find((x) => x.id === c.id)?.steps.map((x) => x.step)).toEqual(["submitted", "sent", "disputed", "accepted"]);
  });
});
