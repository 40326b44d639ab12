import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as moiLoader } from "#app/routes/api.moi";
import { dataCacheSize } from "#app/lib/data-cache.server";
import { listenForDataChanges } from "#app/lib/data-changes.server";
import type { Database } from "#app/lib/db.server";
import { ANONYMOUS_MOI, type Moi } from "#app/modules/members/moi.server";
import { loadMemberState, memberStateSize } from "#app/modules/members/member-state.server";
import { MOI_MAX_IDS, MOI_MESSAGES } from "#app/modules/members/moi.schema";
import { setSetting } from "#app/modules/settings/settings.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { askMoi } from "#tests/helpers/moi";
import { callRoute } from "#tests/helpers/route";

/** GET /api/moi (issue #38, ADR 048): each member their own state, a visitor nobody's. */
describeEachDb("/api/moi", ({ database }) => {
  let alice: SignedInUser;
  let bob: SignedInUser;
  let dealA: string;
  let dealB: string;
  let draft: string;
  let codeA: string;
  let codeB: string;
  let hiddenCode: string;
  let dealC: string;
  let aliceFresh: string;
  let aliceOld: string;
  let alicePending: string;
  let bobComment: string;
  let expiredCode: string;

  beforeAll(async () => {
    const db = database().db;
    alice = await signedInUser({ username: `Alice-${randomUUID().slice(0, 6)}` });
    bob = await signedInUser({ username: `Bob-${randomUUID().slice(0, 6)}` });
    const [brand] = await db.insert(s.brands).values({ name: "Marque Moi", slug: `marque-moi-${randomUUID().slice(0, 6)}`, websiteUrl: "https://moi.example" }).returning();
    const deal = (title: string, ctaText: string, values: Partial<typeof s.crevardeDeals.$inferInsert> = {}) =>
      db
        .insert(s.crevardeDeals)
        .values({ title, description: "x", price: "9€", source: "temu", badgeText: "x", ctaText, url: "https://moi.example/d", brandId: brand!.id, ...values })
        .returning()
        .then((rows) => rows[0]!.id);
    dealA = await deal("Deal à code", "MOICODE10");
    dealB = await deal("Deal à lien", "Voir le deal");
    draft = await deal("Deal en attente", "SECRET99", { status: "pending_review" });
    const code = (c: string) => db.insert(s.promoCodes).values({ brandId: brand!.id, code: c, discountAmount: "-10 %" }).returning().then((rows) => rows[0]!.id);
    codeA = await code("MOIA10");
    codeB = await code("MOIB20");
    hiddenCode = await db
      .insert(s.promoCodes)
      .values({ brandId: brand!.id, code: "MOIDRAFT", discountAmount: "-30 %", draft: true })
      .returning()
      .then((rows) => rows[0]!.id);
    expiredCode = await db
      .insert(s.promoCodes)
      .values({ brandId: brand!.id, code: "MOIFINI", discountAmount: "-5 %", expiresAt: new Date(Date.now() - 86_400_000) })
      .returning()
      .then((rows) => rows[0]!.id);
    // Alice: 🔥 on A, ❄️ (too expensive) on B, saved A and code A, « Oui » on code A
    await db.insert(s.dealVotes).values([
      { dealId: dealA, userId: alice.id, value: 1, weight: 1 },
      { dealId: dealB, userId: alice.id, value: -1, weight: 1, reason: "too_expensive" },
    ]);
    await db.insert(s.savedDeals).values({ userId: alice.id, dealId: dealA });
    await db.insert(s.savedPromoCodes).values({ userId: alice.id, promoCodeId: codeA });
    await db.insert(s.codeFeedback).values({ userId: alice.id, promoCodeId: codeA, worked: true });
    // Bob: ❄️ on A, saved B and code B, « Non » (expired) on code B
    await db.insert(s.dealVotes).values({ dealId: dealA, userId: bob.id, value: -1, weight: 1 });
    await db.insert(s.savedDeals).values({ userId: bob.id, dealId: dealB });
    await db.insert(s.savedPromoCodes).values({ userId: bob.id, promoCodeId: codeB });
    await db.insert(s.codeFeedback).values({ userId: bob.id, promoCodeId: codeB, worked: false, reason: "expired" });
    // the deal page of A: Alice's comment (posted a minute ago: still editable), her comment waiting for a moderator
    // and an old one; Bob's comment, which Alice reported; Bob's « Expiré ? » flag and his report of the deal
    const comment = (authorId: string, body: string, values: Partial<typeof s.dealComments.$inferInsert> = {}) =>
      db.insert(s.dealComments).values({ dealId: dealA, authorId, body, ...values }).returning().then((rows) => rows[0]!.id);
    aliceFresh = await comment(alice.id, "Alice vient d'écrire", { createdAt: new Date(Date.now() - 60_000) });
    aliceOld = await comment(alice.id, "Alice il y a une heure", { createdAt: new Date(Date.now() - 3_600_000) });
    alicePending = await comment(alice.id, "Alice en attente", { status: "pending" });
    bobComment = await comment(bob.id, "Bob a dit", { createdAt: new Date(Date.now() - 3_000_000) });
    await db.insert(s.contentReports).values({ targetType: "comment", targetId: bobComment, reporterId: alice.id, reason: "spam" });
    await db.insert(s.contentReports).values({ targetType: "deal", targetId: dealA, reporterId: bob.id, reason: "misleading" });
    await db.insert(s.dealExpiryFlags).values({ dealId: dealA, userId: bob.id, kind: "expired", weight: 1 });
    // Alice posted deal C a minute ago: its temperature is hers alone to see while it is new
    dealC = await deal("Deal d'Alice", "Voir le deal", { authorId: alice.id, temperature: 37, publishedAt: new Date(Date.now() - 60_000) });
  });

  const ask = (cookie?: string, query = `deals=${dealA},${dealB},${draft}&codes=${codeA},${codeB},${hiddenCode}`) => callRoute(moiLoader, req(`/api/moi?${query}`, { cookie }));
  const moiOf = async (cookie?: string) => {
    const res = await ask(cookie);
    expect(res.status).toBe(200);
    return res.data as Moi;
  };

  it("answers each member their own header, votes, saved deals and codes, feedback and deal codes, and nothing of the other's", async () => {
    const a = await moiOf(alice.cookie);
    expect(a.user).toMatchObject({ displayName: expect.stringMatching(/^Alice-/), dealsUsed: 0, role: "user" });
    expect(a.votes).toEqual({ [dealA]: { value: 1, reason: null }, [dealB]: { value: -1, reason: "too_expensive" } });
    expect(a.savedDeals).toEqual([dealA]);
    expect(a.savedCodes).toEqual([codeA]);
    expect(a.feedback).toEqual({ [codeA]: { mine: true, reason: null } });
    // the code of a published code deal; nothing of a deal no one may see yet
    expect(a.dealCodes).toEqual({ [dealA]: "MOICODE10" });
    // the shown live codes, unmasked (a brand or category page masks them for everyone); nothing of a draft code
    expect(a.promoCodes).toEqual({ [codeA]: "MOIA10", [codeB]: "MOIB20" });
    // and an expired code, as /codes-promo lists it apart; never to a visitor
    expect((await askMoi(alice.cookie, { codes: [expiredCode, hiddenCode] })).promoCodes).toEqual({ [expiredCode]: "MOIFINI" });
    expect((await askMoi(undefined, { codes: [expiredCode] })).promoCodes).toEqual({});

    const b = await moiOf(bob.cookie);
    expect(b.user?.displayName).toMatch(/^Bob-/);
    expect(b.votes).toEqual({ [dealA]: { value: -1, reason: null } });
    expect(b.savedDeals).toEqual([dealB]);
    expect(b.savedCodes).toEqual([codeB]);
    expect(b.feedback).toEqual({ [codeB]: { mine: false, reason: "expired" } });
    expect(JSON.stringify(b)).not.toContain(alice.id);
    expect(JSON.stringify(b)).not.toMatch(/Alice-/);
  });

  it("reads the shown deals' and codes' codes once for every member (data cache), and follows a change at once", async () => {
    const stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    try {
      const query = `deals=${dealA},${draft}&codes=${codeB}`;
      const codesOf = async (cookie: string) => {
        const moi = (await ask(cookie, query)).data as Moi;
        return { ...moi.dealCodes, ...moi.promoCodes };
      };
      const before = dataCacheSize();
      expect(await codesOf(alice.cookie)).toEqual({ [dealA]: "MOICODE10", [codeB]: "MOIB20" });
      const held = dataCacheSize();
      // one entry for the deals' codes, one for the promo codes (and the setting, when not yet held)
      expect(held - before).toBeGreaterThanOrEqual(2);
      // another member's answer comes from the same entries
      expect(await codesOf(bob.cookie)).toEqual({ [dealA]: "MOICODE10", [codeB]: "MOIB20" });
      expect(dataCacheSize()).toBe(held);
      // an admin changes the deal's code: the next answer has it
      await database().db.update(s.crevardeDeals).set({ ctaText: "MOICODE15" }).where(eq(s.crevardeDeals.id, dealA));
      await expect.poll(() => codesOf(bob.cookie), { timeout: 30_000 }).toEqual({ [dealA]: "MOICODE15", [codeB]: "MOIB20" });
    } finally {
      await database().db.update(s.crevardeDeals).set({ ctaText: "MOICODE10" }).where(eq(s.crevardeDeals.id, dealA));
      await stop();
    }
  });

  it("answers each member their own parts of a deal page (deal=), and nothing of the other's", async () => {
    const dealPage = async (cookie: string, id = dealA) => {
      const res = await ask(cookie, `deals=${id}&deal=${id}`);
      expect(res.status).toBe(200);
      return (res.data as Moi).deal;
    };
    const a = await dealPage(alice.cookie);
    expect(a).toMatchObject({ id: dealA, vote: { value: 1, reason: null }, saved: true, isAuthor: false, canModerate: false, heat: null, flags: [], reported: false });
    expect(new Set(a?.comments.mine)).toEqual(new Set([aliceFresh, aliceOld, alicePending]));
    expect(a?.comments.reported).toEqual([bobComment]);
    // only the fresh comment (and the pending one, posted now) may still be edited, with its text as it is now
    expect(Object.keys(a?.comments.editable ?? {}).sort()).toEqual([aliceFresh, alicePending].sort());
    expect(a?.comments.editable[aliceFresh]).toMatchObject({ body: "Alice vient d'écrire", edited: false });
    expect(a?.comments.pending).toEqual([expect.objectContaining({ id: alicePending, parentId: null, body: "Alice en attente", status: "pending", mine: true })]);

    const b = await dealPage(bob.cookie);
    expect(b).toMatchObject({ vote: { value: -1, reason: null }, saved: false, isAuthor: false, flags: ["expired"], reported: true });
    expect(b?.comments).toEqual({ mine: [bobComment], reported: [], editable: {}, pending: [] });
    expect(JSON.stringify(b)).not.toMatch(/Alice/);

    // the author of a new deal sees its temperature; a moderator may reactivate; nothing of a deal no one may see
    expect(await dealPage(alice.cookie, dealC)).toMatchObject({ isAuthor: true, heat: { isNew: true, temperature: 37 } });
    expect(await dealPage(bob.cookie, dealC)).toMatchObject({ isAuthor: false, heat: null });
    const moderator = await signedInUser({ role: "moderator" });
    expect((await dealPage(moderator.cookie))?.canModerate).toBe(true);
    expect(await dealPage(alice.cookie, draft)).toBeNull();
  });

  it("answers a visitor, or a forged or unknown session cookie, with nobody's data", async () => {
    await setSetting("cashback_launched", true);
    try {
      for (const cookie of [undefined, "crevarde.session_token=forged.value", `crevarde.session_token=${randomUUID()}.c2lnbmF0dXJl`, "cr_consent=x"]) {
        const moi = await moiOf(cookie);
        expect(moi, String(cookie)).toEqual(ANONYMOUS_MOI);
        const dealPage = await ask(cookie, `deals=${dealA}&deal=${dealA}`);
        expect(dealPage.data, String(cookie)).toEqual(ANONYMOUS_MOI);
        expect(JSON.stringify(moi)).not.toMatch(/MOICODE10|MOIA10|Alice-|Bob-/);
      }
    } finally {
      await setSetting("cashback_launched", false);
    }
  });

  it("is private to the cookie that asked: Cache-Control private, no-store and Vary: Cookie, for members and visitors", async () => {
    for (const cookie of [undefined, alice.cookie]) {
      const res = await ask(cookie);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("vary")).toBe("Cookie");
    }
  });

  it("answers for every code of « Mes codes promo » when the page names its list, past MOI_MAX_IDS; a visitor nobody's", async () => {
    const db = database().db;
    const name = `Catégorie moi ${randomUUID().slice(0, 6)}`;
    const [category] = await db.insert(s.categories).values({ name, slug: `categorie-moi-${randomUUID().slice(0, 6)}` }).returning();
    const [brand] = await db.insert(s.brands).values({ name: "Marque liste", slug: `marque-liste-${randomUUID().slice(0, 6)}` }).returning();
    const count = MOI_MAX_IDS + 5;
    const rows = await db
      .insert(s.promoCodes)
      .values(Array.from({ length: count }, (_, i) => ({ brandId: brand!.id, categoryId: category!.id, code: `LISTE${i}`, discountAmount: "-5 %" })))
      .returning();
    const query = `deals=&codes=&liste=codes-promo&categorie=${encodeURIComponent(name)}`;
    const a = (await ask(alice.cookie, query)).data as Moi;
    expect(Object.keys(a.promoCodes)).toHaveLength(count);
    expect(a.promoCodes[rows[count - 1]!.id]).toBe(`LISTE${count - 1}`);
    // the list of another category does not hold them
    expect(Object.values(((await ask(alice.cookie, "liste=codes-promo&categorie=Autre")).data as Moi).promoCodes)).not.toContain("LISTE0");
    expect((await ask(undefined, query)).data).toEqual(ANONYMOUS_MOI);
  });

  it("refuses malformed or too long lists of ids with a French 400", async () => {
    const many = Array.from({ length: MOI_MAX_IDS + 1 }, () => randomUUID()).join(",");
    for (const query of ["deals=pas-un-id", `codes=${codeA},1 OR 1=1`, `deals=${many}`, `codes=${"a".repeat(10_000)}`, "deal=pas-un-id", `deal=${dealA},${dealB}`, "deal=", "liste=mes-deals", `liste=codes-promo&categorie=${"x".repeat(101)}`]) {
      const res = await ask(alice.cookie, query);
      expect(res.status, query).toBe(400);
      expect(res.data).toEqual({ message: MOI_MESSAGES.invalid });
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    // no ids at all: the header alone
    const bare = await ask(alice.cookie, "");
    expect(bare.status).toBe(200);
    expect((bare.data as Moi).user?.displayName).toMatch(/^Alice-/);
    expect((bare.data as Moi).votes).toEqual({});
  });

  it("keeps each member's marks in memory, and forgets only that member's when one of their votes, saves or answers changes", async () => {
    const db = database().db;
    const stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    try {
      const base = memberStateSize();
      const both = async () => [await moiOf(alice.cookie), await moiOf(bob.cookie)] as const;
      const [a] = await both();
      expect(a.votes).toEqual({ [dealA]: { value: 1, reason: null }, [dealB]: { value: -1, reason: "too_expensive" } });
      expect(memberStateSize()).toBe(base + 2);
      // asked again: the same entries
      await both();
      expect(memberStateSize()).toBe(base + 2);

      // Bob votes: his marks are forgotten (on every server, by the row's trigger), Alice's stay
      await db.insert(s.dealVotes).values({ dealId: dealB, userId: bob.id, value: 1, weight: 1 });
      await expect.poll(memberStateSize, { timeout: 30_000 }).toBe(base + 1);
      expect((await moiOf(bob.cookie)).votes).toEqual({ [dealA]: { value: -1, reason: null }, [dealB]: { value: 1, reason: null } });
      expect(memberStateSize()).toBe(base + 2);

      // Alice saves a code, changes an answer, unsaves a deal: each shows in her next answer
      await db.insert(s.savedPromoCodes).values({ userId: alice.id, promoCodeId: codeB });
      await expect.poll(async () => (await moiOf(alice.cookie)).savedCodes.sort(), { timeout: 30_000 }).toEqual([codeA, codeB].sort());
      await db.update(s.codeFeedback).set({ worked: false, reason: "used" }).where(and(eq(s.codeFeedback.userId, alice.id), eq(s.codeFeedback.promoCodeId, codeA)));
      await expect.poll(async () => (await moiOf(alice.cookie)).feedback, { timeout: 30_000 }).toEqual({ [codeA]: { mine: false, reason: "used" } });
      await db.delete(s.savedDeals).where(and(eq(s.savedDeals.userId, alice.id), eq(s.savedDeals.dealId, dealA)));
      await expect.poll(async () => (await moiOf(alice.cookie)).savedDeals, { timeout: 30_000 }).toEqual([]);
      // and nothing of Alice's reached Bob
      const b = await moiOf(bob.cookie);
      expect(b.savedCodes).toEqual([codeB]);
      expect(b.feedback).toEqual({ [codeB]: { mine: false, reason: "expired" } });
    } finally {
      await db.delete(s.dealVotes).where(and(eq(s.dealVotes.userId, bob.id), eq(s.dealVotes.dealId, dealB)));
      await db.delete(s.savedPromoCodes).where(and(eq(s.savedPromoCodes.userId, alice.id), eq(s.savedPromoCodes.promoCodeId, codeB)));
      await db.update(s.codeFeedback).set({ worked: true, reason: null }).where(and(eq(s.codeFeedback.userId, alice.id), eq(s.codeFeedback.promoCodeId, codeA)));
      await db.insert(s.savedDeals).values({ userId: alice.id, dealId: dealA }).onConflictDoNothing();
      await stop();
    }
  });

  it("keeps no member with more marks than the bound: their reads go to the database", async () => {
    // Alice has 5 marks (2 votes, a saved deal, a saved code, an answer)
    expect(await loadMemberState(alice.id, 4)).toBeNull();
    expect(await loadMemberState(alice.id, 5)).toEqual({
      votes: { [dealA]: { value: 1, reason: null }, [dealB]: { value: -1, reason: "too_expensive" } },
      savedDeals: { [dealA]: true },
      savedCodes: { [codeA]: true },
      answers: { [codeA]: { worked: true, reason: null } },
    });
  });
});
