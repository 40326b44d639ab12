import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as feedbackAction, loader as codesLoader } from "#app/routes/codes-promo";
import { loader as brandLoader } from "#app/routes/brands.$id";
import { loader as adminCodesLoader } from "#app/routes/admin/promo-codes";
import { deleteAccount, exportAccountData } from "#app/modules/accounts/accounts.server";
import { listFailingCodes, withFeedback } from "#app/modules/promo-codes/code-feedback.server";
import { listBrandCodes, listFeaturedCodes } from "#app/modules/promo-codes/promo-codes.server";
import { RATE_LIMITS } from "#app/lib/rate-limit.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { askMoi } from "#tests/helpers/moi";
import { callRoute } from "#tests/helpers/route";

describeEachDb("code feedback (« Ça a marché ? »)", ({ database }) => {
  let brand: typeof s.brands.$inferSelect;
  beforeAll(async () => {
    [brand] = await database().db.insert(s.brands).values({ name: "Marque Avis", slug: "marque-avis", websiteUrl: "https://avis.example" }).returning();
  });

  const newCode = async (code: string, extra: Partial<typeof s.promoCodes.$inferInsert> = {}) =>
    (await database().db.insert(s.promoCodes).values({ brandId: brand.id, code, discountAmount: "10%", ...extra }).returning())[0];

  /** `answers` voters (plain user rows, no sessions) answering `code`; the last ones in `answers` order are the most recent. */
  async function votes(promoCodeId: string, answers: boolean[]) {
    const db = database().db;
    const start = Date.now() - answers.length * 60_000;
    for (const [i, worked] of answers.entries()) {
      const id = randomUUID();
      await db.insert(s.user).values({ id, name: `votant ${id}`, email: `${id}@example.fr`, emailVerified: true });
      const at = new Date(start + i * 60_000);
      await db.insert(s.codeFeedback).values({ promoCodeId, userId: id, worked, createdAt: at, updatedAt: at });
    }
  }

  const answer = (cookie: string | undefined, form: Record<string, string>) => callRoute(feedbackAction, req("/codes-promo", { form, cookie }));
  const rows = (promoCodeId: string) => database().db.select().from(s.codeFeedback).where(eq(s.codeFeedback.promoCodeId, promoCodeId));

  it("a member answers, changes the answer and undoes it: one row per member and code", async () => {
    const code = await newCode("OUINON");
    const member = await signedInUser();
    const yes = await answer(member.cookie, { promoCodeId: code.id, answer: "oui", _js: "1" });
    expect(yes.status).toBe(200);
    expect(yes.data).toMatchObject({ ok: true, mine: true, reason: null, message: "Merci pour ton retour !" });
    expect((await rows(code.id)).map((r) => [r.userId, r.worked])).toEqual([[member.id, true]]);

    const no = await answer(member.cookie, { promoCodeId: code.id, answer: "non", _js: "1" });
    expect(no.data).toMatchObject({ ok: true, mine: false, reason: null, message: "Merci pour ton retour !" });
    expect((await rows(code.id)).map((r) => [r.userId, r.worked])).toEqual([[member.id, false]]);

    // concurrent answers of the same member never make two rows
    await Promise.all(["oui", "non", "oui", "oui"].map((a) => answer(member.cookie, { promoCodeId: code.id, answer: a, _js: "1" })));
    expect(await rows(code.id)).toHaveLength(1);

    const undo = await answer(member.cookie, { promoCodeId: code.id, answer: "annuler", _js: "1" });
    expect(undo.data).toMatchObject({ ok: true, mine: null, reason: null, message: "Ta réponse a été retirée." });
    expect(await rows(code.id)).toEqual([]);
  });

  it("the answer's reply carries the code's figures with it counted: a card served from the shared page shows them at once", async () => {
    const code = await newCode("CHIFFRES");
    for (const worked of ["oui", "oui"]) await answer((await signedInUser()).cookie, { promoCodeId: code.id, answer: worked, _js: "1" });
    const member = await signedInUser();
    const no = await answer(member.cookie, { promoCodeId: code.id, answer: "non", _js: "1" });
    expect(no.data.figures).toEqual({ rate: "67\u00a0% de réussite", verified: expect.stringMatching(/^vérifié il y a /) });
    const undo = await answer(member.cookie, { promoCodeId: code.id, answer: "annuler", _js: "1" });
    expect(undo.data.figures).toEqual({ rate: null, verified: null });
  });

  it("a « Non » may say why: the reason is kept with the answer, cleared by « Oui », and shown to admins on failing codes", async () => {
    const code = await newCode("POURQUOI");
    const member = await signedInUser();
    const why = await answer(member.cookie, { promoCodeId: code.id, answer: "non", reason: "minimum", _js: "1" });
    expect(why.data).toMatchObject({ ok: true, mine: false, reason: "minimum", message: "Merci pour ton retour !" });
    expect((await rows(code.id)).map((r) => [r.worked, r.reason])).toEqual([[false, "minimum"]]);
    // the card shows the member's reason back
    const [card] = await withFeedback([{ id: code.id, expiresAt: null }], member.id);
    expect(card.feedback).toMatchObject({ mine: false, mineReason: "minimum" });
    // without JS too
    const plain = await answer(member.cookie, { promoCodeId: code.id, answer: "non", reason: "expired", redirectTo: "/codes-promo" });
    expect(plain.status).toBe(303);
    expect((await rows(code.id))[0].reason).toBe("expired");
    await answer(member.cookie, { promoCodeId: code.id, answer: "oui", _js: "1" });
    expect((await rows(code.id)).map((r) => [r.worked, r.reason])).toEqual([[true, null]]);
    // a reason with « Oui », or an unknown reason, is bad input
    for (const form of [{ answer: "oui", reason: "expired" }, { answer: "non", reason: "la-flemme" }]) {
      const res = await answer(member.cookie, { promoCodeId: code.id, ...form, _js: "1" });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.data.message).toBe("Réponse invalide.");
    }
    expect((await rows(code.id))[0].worked).toBe(true);
    // the database refuses a reason on « Oui » whoever writes it
    await expect(database().db.update(s.codeFeedback).set({ reason: "used" }).where(eq(s.codeFeedback.promoCodeId, code.id))).rejects.toThrow();

    // admins see why a failing code fails, most given reason first
    const failing = await newCode("RAISONS");
    await votes(failing.id, [false, false, false, false, false]);
    await database().db.update(s.codeFeedback).set({ reason: "expired" }).where(eq(s.codeFeedback.promoCodeId, failing.id));
    const one = (await database().db.select().from(s.codeFeedback).where(eq(s.codeFeedback.promoCodeId, failing.id)))[0];
    await database()
      .db.update(s.codeFeedback)
      .set({ reason: "excluded" })
      .where(and(eq(s.codeFeedback.promoCodeId, failing.id), eq(s.codeFeedback.userId, one.userId)));
    const listed = (await listFailingCodes()).find((c) => c.code === "RAISONS");
    expect(listed?.reasons).toEqual(["Code expiré (4)", "Produits exclus (1)"]);
  });

  it("without JS: a plain POST redirects back to the page (validated same-site path) with a toast", async () => {
    const code = await newCode("SANSJS");
    const member = await signedInUser();
    const back = await answer(member.cookie, { promoCodeId: code.id, answer: "non", redirectTo: "/marques/marque-avis?x=1" });
    expect(back.status).toBe(303);
    expect(back.location).toBe("/marques/marque-avis?x=1");
    expect(back.headers.get("set-cookie")).toContain("cr_toast=");
    expect((await rows(code.id))[0].worked).toBe(false);
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await answer(member.cookie, { promoCodeId: code.id, answer: "oui", redirectTo: target });
      expect(res.location, target).toBe("/codes-promo");
    }
  });

  it("visitors are refused and asked to sign in; bad input is a French 4xx", async () => {
    const code = await newCode("VISITEUR");
    const js = await answer(undefined, { promoCodeId: code.id, answer: "oui", _js: "1" });
    expect(js.status).toBe(401);
    expect(js.data).toEqual({ ok: false, message: "Connecte-toi pour dire si le code a marché." });
    const plain = await answer(undefined, { promoCodeId: code.id, answer: "oui", redirectTo: "/marques/marque-avis" });
    expect(plain.status).toBe(303);
    expect(plain.location).toBe("/auth?redirect=%2Fmarques%2Fmarque-avis");
    expect(await rows(code.id)).toEqual([]);

    const member = await signedInUser();
    const bad: Array<Record<string, string>> = [{ promoCodeId: "pas-un-uuid", answer: "oui" }, { promoCodeId: code.id, answer: "peut-être" }, { promoCodeId: code.id }];
    for (const form of bad) {
      const res = await answer(member.cookie, { ...form, _js: "1" });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.data.message).toBe("Réponse invalide.");
    }
    const gone = await answer(member.cookie, { promoCodeId: randomUUID(), answer: "oui", _js: "1" });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe("Ce code promo n'existe plus.");
  });

  it("answers are rate-limited per member (30 per 10 minutes, undos included)", async () => {
    const code = await newCode("LIMITE");
    const member = await signedInUser();
    for (let i = 0; i < RATE_LIMITS.codeFeedback.limit; i++) {
      const res = await answer(member.cookie, { promoCodeId: code.id, answer: i % 2 ? "annuler" : "oui", _js: "1" });
      expect(res.status, `answer ${i}`).toBe(200);
    }
    const refused = await answer(member.cookie, { promoCodeId: code.id, answer: "non", _js: "1" });
    expect(refused.status).toBe(429);
    expect(refused.data.message).toBe("Tu as répondu trop souvent. Réessaie dans quelques minutes.");
    // another member is not affected
    const other = await signedInUser();
    expect((await answer(other.cookie, { promoCodeId: code.id, answer: "non", _js: "1" })).status).toBe(200);
  });

  it("lists show the rate from 3 answers, order the same expiry by Wilson lower bound and sink failing codes", async () => {
    const [b] = await database().db.insert(s.brands).values({ name: "Marque Rang", slug: "marque-rang", websiteUrl: "https://rang.example" }).returning();
    const add = async (code: string, expiresAt: Date | null) =>
      (await database().db.insert(s.promoCodes).values({ brandId: b.id, code, discountAmount: "5%", expiresAt, isFeatured: true }).returning())[0];
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const few = await add("APEU", null); // 2/2 « Oui »: 100 % naive, too few answers to show
    const many = await add("BBEAUCOUP", null); // 9/10
    const perfect = await add("CPARFAIT", null); // 3/3
    const failing = await add("AECHOUE", soon); // earliest expiry, but 5 « Non » in a row
    const untouched = await add("DRIEN", null);
    await votes(few.id, [true, true]);
    await votes(many.id, [true, true, true, false, true, true, true, true, true, true]);
    await votes(perfect.id, [true, true, true]);
    await votes(failing.id, [true, true, false, false, false, false, false]);

    const visitor = await listBrandCodes(b.id, null);
    expect(visitor.map((c) => c.id)).toEqual([many.id, perfect.id, few.id, untouched.id, failing.id]);
    const byId = new Map(visitor.map((c) => [c.id, c]));
    expect(byId.get(many.id)!.feedback).toEqual({ rate: "90\u00a0% de réussite", verified: "vérifié il y a 1 minute", mine: null, mineReason: null });
    expect(byId.get(few.id)!.feedback).toEqual({ rate: null, verified: null, mine: null, mineReason: null });
    expect(byId.get(failing.id)!.feedback.rate).toBe("29\u00a0% de réussite");
    expect(byId.get(many.id)!.masked).toBe(true);

    // the home page's featured codes: the failing one no longer takes a slot
    const featured = await listFeaturedCodes(null);
    expect(featured.map((c) => c.code)).not.toContain("AECHOUE");

    // a member sees their own answer: the brand page is the same for everyone (ADR 048), /api/moi carries it
    const member = await signedInUser();
    await answer(member.cookie, { promoCodeId: untouched.id, answer: "non", _js: "1" });
    const page = await callRoute(brandLoader, req("/marques/marque-rang", { cookie: member.cookie }), { id: "marque-rang" });
    expect(page.data.codes.find((c) => c.id === untouched.id)?.feedback.mine).toBeNull();
    const moi = await askMoi(member.cookie, { codes: page.data.codes.map((c) => c.id) });
    expect(moi.feedback[untouched.id]).toEqual({ mine: false, reason: null });
    expect(moi.promoCodes[untouched.id]).toBe("DRIEN");
    // so is /codes-promo
    const codesPage = await callRoute(codesLoader, req("/codes-promo", { cookie: member.cookie }));
    expect(codesPage.data.codes.find((c) => c.id === untouched.id)?.feedback.mine).toBeNull();

    // answers older than 30 days no longer count
    await database().db.update(s.codeFeedback).set({ updatedAt: sql`now() - interval '31 days'` }).where(eq(s.codeFeedback.promoCodeId, many.id));
    expect((await listBrandCodes(b.id, null)).find((c) => c.id === many.id)!.feedback.rate).toBeNull();
  });

  it("failing codes are flagged to admins with the catalogue permission", async () => {
    const rule5 = await newCode("CINQNON");
    const rate = await newCode("TRENTEPC");
    const fine = await newCode("CAVA");
    await votes(rule5.id, [true, true, true, true, true, false, false, false, false, false]);
    await votes(rate.id, [false, false, true, false, false, true, false, false, false, true]); // 3/10 = 30 %: not under 30 %
    await votes(fine.id, [false, false, false, false, true]);
    let flagged = (await listFailingCodes()).map((c) => c.code);
    expect(flagged).toContain("CINQNON");
    expect(flagged).not.toContain("TRENTEPC");
    expect(flagged).not.toContain("CAVA");
    await votes(rate.id, [false]); // 3/11 = 27 %
    flagged = (await listFailingCodes()).map((c) => c.code);
    expect(flagged).toContain("TRENTEPC");

    const admin = await signedInUser({ role: "admin" });
    const page = await callRoute(adminCodesLoader, req("/admin/promo-codes", { cookie: admin.cookie }));
    expect(page.status).toBe(200);
    expect(page.data.failing.find((c) => c.code === "CINQNON")).toMatchObject({ brandName: "Marque Avis", answers: 10, rate: "50\u00a0% de réussite" });
    const member = await signedInUser();
    const refused = await callRoute(adminCodesLoader, req("/admin/promo-codes", { cookie: member.cookie }));
    expect(refused.location).toBe("/");
  });

  it("the data export lists the member's answers; deleting the account removes them", async () => {
    const code = await newCode("EXPORT");
    const member = await signedInUser();
    await answer(member.cookie, { promoCodeId: code.id, answer: "oui", _js: "1" });
    const exported = await exportAccountData(member.id);
    expect(exported!.codeFeedback).toEqual([expect.objectContaining({ promoCodeId: code.id, code: "EXPORT", brand: "Marque Avis", worked: true, reason: null })]);
    await deleteAccount(member.id, member.email);
    expect(await database().db.select().from(s.codeFeedback).where(eq(s.codeFeedback.userId, member.id))).toEqual([]);
    expect(await rows(code.id)).toEqual([]);
  });
});
