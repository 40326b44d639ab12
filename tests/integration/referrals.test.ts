import { randomInt, randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { composeIBAN, isValidIBAN } from "ibantools";
import { expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { deleteAccount, exportAccountData } from "#app/modules/accounts/accounts.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { confirmReferral, referralCodeFor } from "#app/modules/invites/invites.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import { saveBankDetails } from "#app/modules/payouts/bank-details.server";
import { REFERRAL_VOID_REASONS } from "#app/modules/referrals/referrals";
import { setSetting } from "#app/modules/settings/settings.server";
import { action as authAction } from "#app/routes/auth";
import { loader as inviteLoader } from "#app/routes/invite";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/admin/settings";
import { readSetting } from "#app/modules/settings/settings.server";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { importFootprint, makeClick, makeProgramme, rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { refer } from "#tests/helpers/referrals";
import { callRoute, formErrors } from "#tests/helpers/route";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

const pull = (records: Parameters<typeof importRecords>[0]["records"]) => importRecords({ records, source: "pull", actor: "system" });

function uniqueIban(): string {
  const iban = composeIBAN({ countryCode: "DE", bban: `37040044${String(randomInt(1e9)).padStart(10, "0")}` });
  if (!iban || !isValidIBAN(iban)) throw new Error("could not compose an IBAN");
  return iban;
}

/** A referrer and a friend linked through the invitation code, with both rewards pending. */
async function referral() {
  // pseudos are unique: each pair has its own
  const tag = randomUUID().slice(0, 6);
  const referrer = { ...(await signedInUser({ username: `Marraine-${tag}` })), username: `Marraine-${tag}` };
  const friend = { ...(await signedInUser({ username: `Amie-${tag}` })), username: `Amie-${tag}` };
  await refer(friend.id, await referralCodeFor(referrer.id));
  return { referrer, friend };
}

async function rewardsOf(refereeId: string) {
  const db = await getDb();
  return db.select().from(s.referralRewards).where(eq(s.referralRewards.refereeId, refereeId)).orderBy(s.referralRewards.kind);
}

/** The friend buys through a click; the network reports it pending, then approved (10 € commission → 7 € cashback). */
async function friendCashback(friendId: string, options: { visitorHash?: string } = {}) {
  const programme = await makeProgramme("awin");
  const click = await makeClick(friendId, programme.id);
  if (options.visitorHash) await (await getDb()).update(s.clickSessions).set({ visitorHash: options.visitorHash }).where(eq(s.clickSessions.id, click.id));
  const pending = rec({ clickId: click.clickId, networkProgramId: programme.networkProgramId });
  await pull([pending]);
  const approved = { ...pending, status: "approved" as const, networkStatusRaw: "approved", raw: { ...pending.raw, status: "approved" } };
  return { programme, click, approved };
}

async function ledgerKeys(rewardId: string) {
  const db = await getDb();
  const ops = await db.select({ key: s.ledgerOperations.idempotencyKey }).from(s.ledgerOperations).where(like(s.ledgerOperations.idempotencyKey, `ref:${rewardId}%`));
  const transfers = await db.select({ key: s.ledgerTransfers.idempotencyKey }).from(s.ledgerTransfers).where(like(s.ledgerTransfers.idempotencyKey, `ref:${rewardId}%`));
  return { ops: ops.map((o) => o.key).sort(), transfers: transfers.map((t) => t.key).sort() };
}

describeEachDb("referral rewards", () => {
  it("a sign-up through the invitation link, once the address is verified, promises both rewards, shown « En attente » and on /invite", async () => {
    const referrer = await signedInUser({ username: "Parrain" });
    const page = await callRoute(inviteLoader, req("/invite", { cookie: referrer.cookie }));
    const code = new URL(page.data.link).searchParams.get("parrain")!;
    await callRoute(authAction, req("/auth", { form: { intent: "signup", username: "Filleule", email: "filleule-ref@example.fr", password: "Rouge-gorge 2025", parrain: code } }));
    const db = await getDb();
    const [friend] = await db.select().from(s.user).where(eq(s.user.email, "filleule-ref@example.fr"));
    // nothing is promised before the friend verifies the address (ADR 040)
    expect(await rewardsOf(friend.id)).toEqual([]);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.id, friend.id));
    await confirmReferral(friend.id);
    const rewards = await rewardsOf(friend.id);
    expect(rewards.map((r) => [r.kind, r.userId, r.amountCents, r.status])).toEqual([
      ["referee_welcome", friend.id, 200, "pending"],
      ["referrer_first", referrer.id, 300, "pending"],
    ]);
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 200, available: 0 });
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 300, available: 0 });
    expect(await ledgerKeys(rewards[1].id)).toEqual({ ops: [`ref:${rewards[1].id}:pending`], transfers: [`ref:${rewards[1].id}:pending`] });

    const invite = await callRoute(inviteLoader, req("/invite", { cookie: referrer.cookie }));
    expect(invite.data.rewards).toEqual([expect.objectContaining({ kind: "referrer_first", status: "pending", amountCents: 300, other: "Filleule", voidReason: null })]);
    expect(JSON.stringify(invite.data)).not.toContain("filleule-ref@example.fr");
    // the same code again changes nothing (referred_by is set once)
    await refer(friend.id, code);
    expect(await rewardsOf(friend.id)).toHaveLength(2);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("the friend's first validated cashback pays both sides, once; replays and later validations pay nothing more", async () => {
    const { referrer, friend } = await referral();
    const { programme, click, approved } = await friendCashback(friend.id);
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 900, available: 0 });
    await pull([approved]);
    const rewards = await rewardsOf(friend.id);
    expect(rewards.map((r) => r.status)).toEqual(["credited", "credited"]);
    const [cb] = await (await getDb()).select().from(s.memberCashbacks).where(eq(s.memberCashbacks.userId, friend.id));
    expect(rewards.every((r) => r.sourceCashbackId === cb.id && r.creditedAt !== null)).toBe(true);
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 0, available: 700 + 200 });
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 0, available: 300 });
    const r = rewards[1];
    expect(await ledgerKeys(r.id)).toEqual({ ops: [`ref:${r.id}`, `ref:${r.id}:pending`], transfers: [`ref:${r.id}`, `ref:${r.id}:pending`, `ref:${r.id}:unpending`] });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });

    // the same page again: nothing written
    const before = await importFootprint();
    await pull([approved]);
    expect(await importFootprint()).toEqual(before);
    // a second validated cashback: the friend gets their cashback, nobody gets a bonus again
    const second = rec({ clickId: click.clickId, networkProgramId: programme.networkProgramId, status: "approved" });
    await pull([second]);
    expect(await memberBalances(friend.id)).toMatchObject({ available: 700 + 200 + 700 });
    expect(await memberBalances(referrer.id)).toMatchObject({ available: 300 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });

    const invite = await callRoute(inviteLoader, req("/invite", { cookie: referrer.cookie }));
    expect(invite.data.rewards).toEqual([expect.objectContaining({ status: "credited", amountCents: 300, other: friend.username })]);
    const mine = await callRoute(inviteLoader, req("/invite", { cookie: friend.cookie }));
    expect(mine.data.rewards).toEqual([expect.objectContaining({ kind: "referee_welcome", status: "credited", amountCents: 200, other: referrer.username })]);
  });

  it("the cashback that earned the rewards is reversed: both are taken back and void, with the reason; another validated cashback keeps them", async () => {
    const declined = (r: ReturnType<typeof rec>) => ({ ...r, status: "declined" as const, networkStatusRaw: "declined", declineReasonRaw: "cancelled by customer", raw: { ...r.raw, status: "declined" } });
    // 1. no other validated cashback: the rewards are taken back
    const { referrer, friend } = await referral();
    const { approved } = await friendCashback(friend.id);
    await pull([approved]);
    expect((await rewardsOf(friend.id)).map((r) => r.status)).toEqual(["credited", "credited"]);
    await pull([declined(approved)]);
    const rewards = await rewardsOf(friend.id);
    expect(rewards.map((r) => [r.status, r.voidReason])).toEqual([
      ["void", REFERRAL_VOID_REASONS.sourceReversed],
      ["void", REFERRAL_VOID_REASONS.sourceReversed],
    ]);
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 0, available: 0, owed: 0 });
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 0, available: 0, owed: 0 });
    expect((await ledgerKeys(rewards[1].id)).ops).toEqual([`ref:${rewards[1].id}`, `ref:${rewards[1].id}:pending`, `ref:${rewards[1].id}:reverse`]);
    const invite = await callRoute(inviteLoader, req("/invite", { cookie: referrer.cookie }));
    expect(invite.data.rewards).toEqual([expect.objectContaining({ status: "void", voidReason: REFERRAL_VOID_REASONS.sourceReversed })]);
    // the data export holds the rewards, the other member by pseudonym only
    const exported = await exportAccountData(referrer.id);
    expect(exported?.invitations.rewards).toEqual([expect.objectContaining({ kind: "referrer_first", status: "void", amountCents: 300, other: friend.username, voidReason: REFERRAL_VOID_REASONS.sourceReversed })]);
    expect(JSON.stringify(exported)).not.toContain(friend.email);
    // the same page again takes nothing more
    const before = await importFootprint();
    await pull([declined(approved)]);
    expect(await importFootprint()).toEqual(before);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });

    // 2. the friend has a second validated cashback: the rewards stay, now earned by it
    const pair = await referral();
    const first = await friendCashback(pair.friend.id);
    await pull([first.approved]);
    const second = rec({ clickId: first.click.clickId, networkProgramId: first.programme.networkProgramId, status: "approved" });
    await pull([second]);
    await pull([declined(first.approved)]);
    const kept = await rewardsOf(pair.friend.id);
    const [secondCb] = await (await getDb()).select().from(s.memberCashbacks).where(and(eq(s.memberCashbacks.userId, pair.friend.id), eq(s.memberCashbacks.status, "validated")));
    expect(kept.map((r) => [r.status, r.sourceCashbackId])).toEqual([
      ["credited", secondCb.id],
      ["credited", secondCb.id],
    ]);
    expect(await memberBalances(pair.referrer.id)).toMatchObject({ available: 300, owed: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("a shared IBAN fingerprint (even a disabled one) holds both rewards for review at the validation (ADR 040)", async () => {
    const { referrer, friend } = await referral();
    const db = await getDb();
    const base = { ibanEnc: Buffer.from("x"), ibanLast4: "0143", ibanFingerprint: `fp-${friend.id}`, holderName: "Camille", country: "FR", usableFrom: new Date() };
    await db.insert(s.payoutMethods).values([
      { ...base, userId: referrer.id, disabledAt: new Date() },
      { ...base, userId: friend.id },
    ]);
    const { approved } = await friendCashback(friend.id);
    await pull([approved]);
    const rewards = await rewardsOf(friend.id);
    expect(rewards.map((r) => r.status)).toEqual(["held", "held"]);
    expect(rewards[0].heldReason).toMatch(/même IBAN/i);
    // the promise stays pending money: nothing paid, nothing taken back until an admin decides
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 200, available: 700 });
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 300, available: 0 });
    expect((await ledgerKeys(rewards[0].id)).ops).toEqual([`ref:${rewards[0].id}:pending`]);
    const invite = await callRoute(inviteLoader, req("/invite", { cookie: referrer.cookie }));
    expect(invite.data.rewards).toEqual([expect.objectContaining({ status: "held", voidReason: null })]);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("a shared visitor hash on their clicks (IP and User-Agent) is no signal: both rewards are paid (ADR 040)", async () => {
    const { referrer, friend } = await referral();
    const programme = await makeProgramme("awin");
    const theirs = await makeClick(referrer.id, programme.id);
    const hash = `vh-${friend.id}`;
    await (await getDb()).update(s.clickSessions).set({ visitorHash: hash }).where(eq(s.clickSessions.id, theirs.id));
    const { approved } = await friendCashback(friend.id, { visitorHash: hash });
    await pull([approved]);
    expect((await rewardsOf(friend.id)).map((r) => r.status)).toEqual(["credited", "credited"]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 0, available: 300 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("a later check holds the pending rewards: the friend saves an IBAN the referrer used before", async () => {
    const { referrer, friend } = await referral();
    const iban = uniqueIban();
    await saveBankDetails(referrer, { iban, holderName: "Camille Dupont" });
    await saveBankDetails(referrer, { iban: uniqueIban(), holderName: "Camille Dupont" });
    expect((await rewardsOf(friend.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
    await saveBankDetails(friend, { iban, holderName: "Camille Dupont" });
    expect((await rewardsOf(friend.id)).map((r) => r.status)).toEqual(["held", "held"]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 300 });
    // the validation that follows pays the cashback only
    const { approved } = await friendCashback(friend.id);
    await pull([approved]);
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 200, available: 700 });
    expect(await memberBalances(referrer.id)).toMatchObject({ available: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("the friend's account deleted: the pending rewards are voided", async () => {
    const { referrer, friend } = await referral();
    const rewards = await rewardsOf(friend.id);
    await deleteAccount(friend.id, friend.email);
    const db = await getDb();
    const after = await db.select().from(s.referralRewards).where(and(eq(s.referralRewards.referrerId, referrer.id)));
    expect(after.filter((r) => rewards.some((x) => x.id === r.id)).map((r) => [r.status, r.voidReason])).toEqual(
      expect.arrayContaining([["void", REFERRAL_VOID_REASONS.refereeDeleted]]),
    );
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("the amounts come from the settings; 0 means no reward", async () => {
    await setSetting("referral_referee_bonus_cents", 0);
    await setSetting("referral_referrer_bonus_cents", 550);
    try {
      const { referrer, friend } = await referral();
      expect((await rewardsOf(friend.id)).map((r) => [r.kind, r.amountCents])).toEqual([["referrer_first", 550]]);
      expect(await memberBalances(referrer.id)).toMatchObject({ pending: 550 });
    } finally {
      await setSetting("referral_referee_bonus_cents", 200);
      await setSetting("referral_referrer_bonus_cents", 300);
    }
  });

  it("an admin sets the two bonuses in euros on /admin/settings; a wrong amount is refused in French", async () => {
    const admin = await signedInUser({ role: "admin" });
    const page = await callRoute(settingsLoader, req("/admin/settings", { cookie: admin.cookie }));
    expect(page.data.referral).toEqual({ refereeCents: 200, referrerCents: 300 });
    const bad = await callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { temuEndsAt: "2030-01-01T00:00", referralRefereeBonus: "deux euros" } }));
    expect(bad.status).toBe(400);
    expect(formErrors(bad).referralRefereeBonus).toEqual(["Le bonus de parrainage doit être un montant en euros entre 0 et 100 (par exemple 2,50)."]);
    const saved = await callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { temuEndsAt: "2030-01-01T00:00", referralRefereeBonus: "2,50", referralReferrerBonus: "4" } }));
    expect(saved.status).toBe(200);
    expect(await readSetting("referral_referee_bonus_cents")).toBe(250);
    expect(await readSetting("referral_referrer_bonus_cents")).toBe(400);
    // a form without the fields (an older page) leaves them as they are
    await callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { temuEndsAt: "2030-01-01T00:00" } }));
    expect(await readSetting("referral_referrer_bonus_cents")).toBe(400);
    await setSetting("referral_referee_bonus_cents", 200);
    await setSetting("referral_referrer_bonus_cents", 300);
  });
});
