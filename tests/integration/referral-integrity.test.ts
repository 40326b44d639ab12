import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { subDays } from "date-fns/subDays";
import { eq } from "drizzle-orm";
import { composeIBAN, isValidIBAN } from "ibantools";
import { expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { DEVICE_COOKIE } from "#app/lib/device-cookie.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { referralCodeFor } from "#app/modules/invites/invites.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import { saveBankDetails } from "#app/modules/payouts/bank-details.server";
import { purgeExpiredData } from "#app/modules/privacy/retention.server";
import { REFERRAL_VOID_REASONS } from "#app/modules/referrals/referrals";
import { decideHeldReferral, ReferralReviewError } from "#app/modules/referrals/referrals.server";
import { recordAccountSignals } from "#app/modules/referrals/signals.server";
import { action as authAction } from "#app/routes/auth";
import { action as reviewAction, loader as reviewLoader } from "#app/routes/admin/parrainages";
import { loader as inviteLoader } from "#app/routes/invite";
import * as s from "#db/schema";
import { createUser, req, signedInUser } from "#tests/helpers/auth";
import { makeClick, makeProgramme, rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { refer, verifyAddress as verify } from "#tests/helpers/referrals";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PASSWORD = "Rouge-gorge 2025";

const tag = () => randomUUID().slice(0, 8);

/** The invitation code of a member who signed in from this browser (IP, User-Agent); returns the device cookie the sign-in set. */
async function referrerSignsIn(options: { ip: string; userAgent: string; email?: string }) {
  const t = tag();
  const member = await createUser({ email: options.email ?? `marraine-${t}@example.fr`, username: `Marraine-${t}` });
  const login = await callRoute(
    authAction,
    req("/auth", { form: { intent: "login", email: member.email, password: member.password }, headers: { "user-agent": options.userAgent } }),
    {},
    { clientIp: options.ip },
  );
  expect(login.status).toBe(302);
  const device = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    .split(";")[0];
  return { ...member, code: await referralCodeFor(member.id), device };
}

/** A sign-up through the form, from this browser, with the invitation code it carries. */
async function signUp(options: { email: string; code?: string; ip: string; userAgent: string; cookie?: string; username?: string }) {
  const form: Record<string, string> = { intent: "signup", username: options.username ?? `Filleule-${tag()}`, email: options.email, password: PASSWORD };
  if (options.code) form.parrain = options.code;
  return callRoute(authAction, req("/auth", { form, cookie: options.cookie, headers: { "user-agent": options.userAgent } }), {}, { clientIp: options.ip });
}


async function profileOf(userId: string) {
  const [p] = await (await getDb()).select().from(s.profiles).where(eq(s.profiles.id, userId));
  return p;
}

async function rewardsOf(refereeId: string) {
  return (await getDb()).select().from(s.referralRewards).where(eq(s.referralRewards.refereeId, refereeId)).orderBy(s.referralRewards.kind);
}

function uniqueIban(): string {
  const iban = composeIBAN({ countryCode: "DE", bban: `37040044${String(randomInt(1e9)).padStart(10, "0")}` });
  if (!iban || !isValidIBAN(iban)) throw new Error("could not compose an IBAN");
  return iban;
}

/** The friend's purchase is validated by the network (10 € commission → 7 € cashback). */
async function friendFirstCashback(friendId: string) {
  const programme = await makeProgramme("awin");
  const click = await makeClick(friendId, programme.id);
  const approved = rec({ clickId: click.clickId, networkProgramId: programme.networkProgramId, status: "approved" });
  await importRecords({ records: [approved], source: "pull", actor: "system" });
}

describeEachDb("referral integrity (issue #35 items 3 and 4)", () => {
  /* ------------------------------ item 4 ------------------------------ */

  it("the referrer binds only when the owner verifies the address, from the code of the owner's own sign-up", async () => {
    const referrer = await referrerSignsIn({ ip: "198.51.100.10", userAgent: FIREFOX });
    const email = `filleule-${tag()}@example.fr`;
    const signup = await signUp({ email, code: referrer.code, ip: "192.0.2.20", userAgent: CHROME });
    expect(signup.status).toBe(200);
    const db = await getDb();
    const [created] = await db.select().from(s.user).where(eq(s.user.email, email));
    // before the verification: noted, not bound, nothing promised
    expect(await profileOf(created.id)).toMatchObject({ referredBy: null, pendingReferredBy: referrer.id });
    expect(await rewardsOf(created.id)).toEqual([]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 0 });

    await verify(email, { ip: "192.0.2.20" });
    expect(await profileOf(created.id)).toMatchObject({ referredBy: referrer.id, pendingReferredBy: null });
    expect((await rewardsOf(created.id)).map((r) => [r.kind, r.status])).toEqual([
      ["referee_welcome", "pending"],
      ["referrer_first", "pending"],
    ]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 300 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("re-posting the sign-up form with a victim's unverified address and one's own code makes nobody the victim's referrer", async () => {
    const attacker = await referrerSignsIn({ ip: "198.51.100.30", userAgent: FIREFOX });
    const friend = await referrerSignsIn({ ip: "198.51.100.31", userAgent: FIREFOX });
    const db = await getDb();

    // 1. the victim signed up without a code; the attacker re-posts with the victim's address
    const victim = `victime-${tag()}@example.fr`;
    await signUp({ email: victim, ip: "192.0.2.40", userAgent: CHROME });
    const again = await signUp({ email: victim, code: attacker.code, ip: "192.0.2.41", userAgent: FIREFOX, username: `Pirate-${tag()}` });
    expect(again.status).toBe(200);
    const [v] = await db.select().from(s.user).where(eq(s.user.email, victim));
    expect(await profileOf(v.id)).toMatchObject({ referredBy: null, pendingReferredBy: null });
    // the victim verifies (the link of the first sign-up): still nobody's friend
    await verify(victim, { ip: "192.0.2.40" });
    expect(await profileOf(v.id)).toMatchObject({ referredBy: null, pendingReferredBy: null });
    expect(await rewardsOf(v.id)).toEqual([]);
    expect(await memberBalances(attacker.id)).toMatchObject({ pending: 0, available: 0 });

    // 2. the victim signed up through a friend's link: the attacker cannot take the friend's place
    const invited = `invitee-${tag()}@example.fr`;
    await signUp({ email: invited, code: friend.code, ip: "192.0.2.50", userAgent: CHROME });
    await signUp({ email: invited, code: attacker.code, ip: "192.0.2.51", userAgent: FIREFOX, username: `Pirate-${tag()}` });
    const [i] = await db.select().from(s.user).where(eq(s.user.email, invited));
    expect(await profileOf(i.id)).toMatchObject({ referredBy: null, pendingReferredBy: friend.id });
    await verify(invited, { ip: "192.0.2.50" });
    expect(await profileOf(i.id)).toMatchObject({ referredBy: friend.id, pendingReferredBy: null });
    expect((await rewardsOf(i.id)).map((r) => r.referrerId)).toEqual([friend.id, friend.id]);
    expect(await memberBalances(attacker.id)).toMatchObject({ pending: 0 });
  });

  /* ------------------------------ item 3 ------------------------------ */

  it("the same /24 within 30 days holds the referral, whatever the User-Agent; another network and another browser hold nothing", async () => {
    const referrer = await referrerSignsIn({ ip: "203.0.113.10", userAgent: FIREFOX });
    const email = `reseau-${tag()}@example.fr`;
    await signUp({ email, code: referrer.code, ip: "203.0.113.77", userAgent: CHROME });
    const friend = await verify(email, { ip: "203.0.113.78" });
    const held = await rewardsOf(friend.id);
    expect(held.map((r) => r.status)).toEqual(["held", "held"]);
    expect(held[0].heldReason).toMatch(/même réseau IP/i);
    expect(held[0].heldReason).not.toContain("appareil");

    // the User-Agent alone: the same browser string from other networks changes nothing
    const other = await referrerSignsIn({ ip: "198.51.100.60", userAgent: CHROME });
    const clean = `propre-${tag()}@example.fr`;
    await signUp({ email: clean, code: other.code, ip: "192.0.2.61", userAgent: CHROME });
    const cleanFriend = await verify(clean, { ip: "192.0.2.61" });
    expect((await rewardsOf(cleanFriend.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
  });

  it("an IPv6 /64 counts as one network; sightings more than 30 days apart do not", async () => {
    const t = tag();
    const a = await createUser({ username: `V6a-${t}` });
    const b = await createUser({ username: `V6b-${t}` });
    await recordAccountSignals(a.id, { ip: "2001:db8:1:2:aaaa::1" });
    await recordAccountSignals(b.id, { ip: "2001:db8:1:2:bbbb::2" });
    await refer(b.id, await referralCodeFor(a.id));
    expect((await rewardsOf(b.id)).map((r) => r.status)).toEqual(["held", "held"]);

    // 29 days apart: held; a sighting older than 30 days: not read
    const c = await createUser({ username: `Old-${t}` });
    const d = await createUser({ username: `New-${t}` });
    await recordAccountSignals(c.id, { ip: "203.0.113.200" }, subDays(new Date(), 29));
    await recordAccountSignals(d.id, { ip: "203.0.113.201" });
    await refer(d.id, await referralCodeFor(c.id));
    expect((await rewardsOf(d.id)).map((r) => r.status)).toEqual(["held", "held"]);
    const e = await createUser({ username: `Far-${t}` });
    const f = await createUser({ username: `Now-${t}` });
    await recordAccountSignals(e.id, { ip: "198.18.0.1" }, subDays(new Date(), 31));
    await recordAccountSignals(f.id, { ip: "198.18.0.2" });
    await refer(f.id, await referralCodeFor(e.id));
    expect((await rewardsOf(f.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
  });

  it("the same device cookie holds the referral, from another network and another User-Agent", async () => {
    const referrer = await referrerSignsIn({ ip: "198.51.100.70", userAgent: FIREFOX });
    const email = `appareil-${tag()}@example.fr`;
    await signUp({ email, code: referrer.code, ip: "192.0.2.71", userAgent: CHROME, cookie: referrer.device });
    const friend = await verify(email, { ip: "192.0.2.72" });
    const held = await rewardsOf(friend.id);
    expect(held.map((r) => r.status)).toEqual(["held", "held"]);
    expect(held[0].heldReason).toMatch(/même appareil/i);
    // the cookie is stored as a keyed hash only
    const stored = await (await getDb()).select().from(s.accountSignals).where(eq(s.accountSignals.userId, friend.id));
    expect(JSON.stringify(stored)).not.toContain(referrer.device.split("=")[1]);
    expect(JSON.stringify(stored)).not.toContain("192.0.2");
  });

  it("an address equal after normalisation (Gmail dots and +tag) holds the referral", async () => {
    const t = tag();
    const referrer = await referrerSignsIn({ ip: "198.51.100.80", userAgent: FIREFOX, email: `jean.dupont.${t}@gmail.com` });
    const email = `jeandupont${t}+bonus@googlemail.com`;
    await signUp({ email, code: referrer.code, ip: "192.0.2.81", userAgent: CHROME });
    const friend = await verify(email, { ip: "192.0.2.82" });
    const held = await rewardsOf(friend.id);
    expect(held.map((r) => r.status)).toEqual(["held", "held"]);
    expect(held[0].heldReason).toContain("adresse e-mail");
  });

  it("the payout IBAN's fingerprint holds the referral when saved; nothing is paid at the validation; an admin approves it on /admin/parrainages and both are paid", async () => {
    const t = tag();
    const referrer = await signedInUser({ username: `Iban-${t}` });
    const friend = await signedInUser({ username: `IbanAmie-${t}` });
    await refer(friend.id, await referralCodeFor(referrer.id));
    const iban = uniqueIban();
    await saveBankDetails(referrer, { iban, holderName: "Camille Dupont" });
    await saveBankDetails(referrer, { iban: uniqueIban(), holderName: "Camille Dupont" });
    expect((await rewardsOf(friend.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
    await saveBankDetails(friend, { iban, holderName: "Camille Dupont" });
    const held = await rewardsOf(friend.id);
    expect(held.map((r) => r.status)).toEqual(["held", "held"]);
    expect(held[0].heldReason).toMatch(/même IBAN/i);
    // the member reads « En cours de vérification », the money stays promised
    const invite = await callRoute(inviteLoader, req("/invite", { cookie: referrer.cookie }));
    expect(invite.data.rewards).toEqual([expect.objectContaining({ status: "held", amountCents: 300 })]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 300, available: 0 });

    await friendFirstCashback(friend.id);
    expect((await rewardsOf(friend.id)).map((r) => r.status)).toEqual(["held", "held"]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 300, available: 0 });
    expect(await memberBalances(friend.id)).toMatchObject({ available: 700 });

    const finance = await signedInUser({ role: "finance" });
    const page = await callRoute(reviewLoader, req("/admin/parrainages", { cookie: finance.cookie }));
    const listed = page.data.held.find((h) => h.refereeId === friend.id);
    expect(listed).toMatchObject({ referrer: { id: referrer.id, email: referrer.email }, referee: { id: friend.id }, totalCents: 500 });
    expect(listed?.reason).toMatch(/même IBAN/i);
    const member = await signedInUser();
    expect((await callRoute(reviewAction, req("/admin/parrainages", { cookie: member.cookie, form: { intent: "approve", refereeId: friend.id } }))).status).toBe(403);

    const approved = await callRoute(reviewAction, req("/admin/parrainages", { cookie: finance.cookie, form: { intent: "approve", refereeId: friend.id } }));
    expect(approved.status).toBe(200);
    expect((await rewardsOf(friend.id)).map((r) => [r.status, r.reviewedBy])).toEqual([
      ["credited", `admin:${finance.id}`],
      ["credited", `admin:${finance.id}`],
    ]);
    expect(await memberBalances(referrer.id)).toMatchObject({ pending: 0, available: 300 });
    expect(await memberBalances(friend.id)).toMatchObject({ pending: 0, available: 900 });
    const [audit] = await (await getDb()).select().from(s.auditLog).where(eq(s.auditLog.entityId, friend.id));
    expect(audit).toMatchObject({ entity: "referral", actorId: finance.id });
    // decided once
    const twice = await callRoute(reviewAction, req("/admin/parrainages", { cookie: finance.cookie, form: { intent: "refuse", refereeId: friend.id } }));
    expect(twice.status).toBe(409);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("an approved hold before any cashback goes back to pending and is not held again; a refused one is void with the reason", async () => {
    const t = tag();
    const a = await createUser({ username: `Appr-${t}` });
    const b = await createUser({ username: `ApprAmie-${t}` });
    await recordAccountSignals(a.id, { deviceId: `device-${t}` });
    await recordAccountSignals(b.id, { deviceId: `device-${t}` });
    await refer(b.id, await referralCodeFor(a.id));
    expect((await rewardsOf(b.id)).map((r) => r.status)).toEqual(["held", "held"]);
    await decideHeldReferral({ id: "admin-1", email: "admin@example.fr" }, b.id, "approve");
    expect((await rewardsOf(b.id)).map((r) => r.status)).toEqual(["pending", "pending"]);
    await friendFirstCashback(b.id);
    expect((await rewardsOf(b.id)).map((r) => r.status)).toEqual(["credited", "credited"]);

    const c = await createUser({ username: `Refu-${t}` });
    const d = await createUser({ username: `RefuAmie-${t}` });
    await recordAccountSignals(c.id, { deviceId: `other-${t}` });
    await recordAccountSignals(d.id, { deviceId: `other-${t}` });
    await refer(d.id, await referralCodeFor(c.id));
    await decideHeldReferral({ id: "admin-1", email: "admin@example.fr" }, d.id, "refuse");
    expect((await rewardsOf(d.id)).map((r) => [r.status, r.voidReason])).toEqual([
      ["void", REFERRAL_VOID_REASONS.refusedAfterReview],
      ["void", REFERRAL_VOID_REASONS.refusedAfterReview],
    ]);
    expect(await memberBalances(c.id)).toMatchObject({ pending: 0, available: 0 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("two decisions at once on one hold: one applies, the other is refused", async () => {
    const t = tag();
    const a = await createUser({ username: `Race-${t}` });
    const b = await createUser({ username: `RaceAmie-${t}` });
    await recordAccountSignals(a.id, { deviceId: `race-${t}` });
    await recordAccountSignals(b.id, { deviceId: `race-${t}` });
    await refer(b.id, await referralCodeFor(a.id));
    const admin = { id: "admin-2", email: "admin2@example.fr" };
    const outcomes = await Promise.allSettled([decideHeldReferral(admin, b.id, "approve"), decideHeldReferral(admin, b.id, "refuse")]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(ReferralReviewError);
    const statuses = (await rewardsOf(b.id)).map((r) => r.status);
    expect([["pending", "pending"], ["void", "void"]]).toContainEqual(statuses);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("IP networks are purged 30 days after they were last seen; device cookies are kept", async () => {
    const member = await createUser();
    await recordAccountSignals(member.id, { ip: "198.51.100.90", deviceId: `purge-${tag()}` }, subDays(new Date(), 31));
    await purgeExpiredData({ uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-signals-purge-")) });
    const left = await (await getDb()).select({ kind: s.accountSignals.kind }).from(s.accountSignals).where(eq(s.accountSignals.userId, member.id));
    expect(left).toEqual([{ kind: "device" }]);
  });
});
