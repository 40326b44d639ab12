import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as dealAction, loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { COMMENT_EDIT_WINDOW_MS, COMMENTS_PER_PAGE } from "#app/modules/deals/deal-comments";
import { listDealComments } from "#app/modules/deals/deal-comments.server";
import { DealComments } from "#app/components/catalogue/deal-comments";
import { cookieHeaderFrom, req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { createToastHeaders } from "#app/lib/toast.server";
import { loader as moiLoader } from "#app/routes/api.moi";
import type { Moi } from "#app/modules/members/moi.server";
import { memberComments } from "#app/modules/members/moi";

const MONTH_AGO = new Date(Date.now() - 30 * 86_400_000);
const HOURS_AGO = Date.now() - 3 * 3_600_000;
/** The n-th comment's time: one minute apart, oldest first. */
const at = (n: number) => new Date(HOURS_AGO + n * 60_000);

describeEachDb("the deal page's comments, 30 top-level comments at a time", ({ database }) => {
  let brand: typeof s.brands.$inferSelect;
  let alice: SignedInUser;
  let bob: SignedInUser;
  beforeAll(async () => {
    [brand] = await database().db.insert(s.brands).values({ name: "Marque Pages", slug: "marque-pages", websiteUrl: "https://pages.example" }).returning();
    alice = await signedInUser({ username: "alice-pages" });
    bob = await signedInUser({ username: "bob-pages" });
    await database().db.update(s.user).set({ createdAt: MONTH_AGO }).where(eq(s.user.id, alice.id));
    await database().db.update(s.user).set({ createdAt: MONTH_AGO }).where(eq(s.user.id, bob.id));
  });

  const newDeal = async () =>
    (
      await database()
        .db.insert(s.crevardeDeals)
        .values({ title: "Tapis très commenté", description: "Un tapis.", price: "19,99€", source: "temu", badgeText: "Top", url: "https://pages.example/tapis", brandId: brand.id })
        .returning()
    )[0];
  type Row = typeof s.dealComments.$inferInsert;
  const insert = async (rows: Row[]) => database().db.insert(s.dealComments).values(rows).returning();
  /** `n` top-level comments « n° 1 » … « n° n », one minute apart, by alice. */
  const threads = async (dealId: string, n: number) =>
    insert(Array.from({ length: n }, (_, i) => ({ dealId, authorId: alice.id, body: `n° ${i + 1}`, createdAt: at(i + 1) })));
  const page = (dealId: string, search = "", cookie?: string) => callRoute(dealLoader, req(`/coup-de-crevarde/${dealId}${search}`, { cookie }), { id: dealId });
  /** the comments as a member sees them once the page has hydrated: everyone's page, with their own parts from /api/moi (ADR 048) */
  const seen = async (dealId: string, search: string, cookie: string) => {
    const { data } = await page(dealId, search, cookie);
    const own = (await callRoute(moiLoader, req(`/api/moi?deal=${dealId}`, { cookie }))).data as Moi;
    return own.deal ? memberComments(data.comments, own.deal.comments, data.commentsNext === null) : data.comments;
  };
  const bodies = (comments: Array<{ body: string | null }>) => comments.map((c) => c.body ?? "(retiré)");
  const nos = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `n° ${from + i}`);

  /** 65 top-level comments; replies under n° 2 (two), n° 50 (one, deep in the list) and n° 64. */
  async function longDeal() {
    const deal = await newDeal();
    const tops = await threads(deal.id, 65);
    const [r2a, r2b, r50, r64] = await insert([
      { dealId: deal.id, parentId: tops[1].id, authorId: bob.id, body: "réponse au n° 2", createdAt: at(70) },
      { dealId: deal.id, parentId: tops[1].id, authorId: alice.id, body: "autre réponse au n° 2", createdAt: at(71) },
      { dealId: deal.id, parentId: tops[49].id, authorId: bob.id, body: "réponse au n° 50", createdAt: at(72) },
      { dealId: deal.id, parentId: tops[63].id, authorId: bob.id, body: "réponse au n° 64", createdAt: at(73) },
    ]);
    return { deal, tops, replies: { r2a, r2b, r50, r64 } };
  }

  it("shows the first 30 top-level comments, oldest first, each with all its replies; « Afficher plus » asks for 60; the total is the deal's counter", async () => {
    const { deal } = await longDeal();
    const first = await page(deal.id);
    expect(first.status).toBe(200);
    expect(COMMENTS_PER_PAGE).toBe(30);
    expect(bodies(first.data.comments)).toEqual(nos(1, 30));
    expect(first.data.comments[1].replies.map((r) => r.body)).toEqual(["réponse au n° 2", "autre réponse au n° 2"]);
    expect(first.data.commentsNext).toBe(60);
    // 30 top-level comments and 2 replies shown, of 69 public comments
    expect([first.data.commentsShown, first.data.deal.commentsCount]).toEqual([32, 69]);
    // no reply of a comment that is not shown is sent
    expect(JSON.stringify(first.data)).not.toContain("réponse au n° 50");

    const second = await page(deal.id, "?commentaires=60");
    expect(bodies(second.data.comments)).toEqual(nos(1, 60));
    expect(second.data.comments[49].replies.map((r) => r.body)).toEqual(["réponse au n° 50"]);
    expect([second.data.commentsNext, second.data.commentsShown]).toEqual([90, 63]);

    const all = await page(deal.id, "?commentaires=90");
    expect(bodies(all.data.comments)).toEqual(nos(1, 65));
    expect([all.data.commentsNext, all.data.commentsShown]).toEqual([null, 69]);
    // any number up to the maximum: the next link adds 30
    const some = await page(deal.id, "?commentaires=45");
    expect([some.data.comments.length, some.data.commentsNext]).toEqual([45, 75]);

    // the link: a plain link to ?commentaires=60, back at the last comment read (the 30th), with how many are shown
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => createElement(DealComments, { dealId: deal.id, count: 69, comments: first.data.comments, next: first.data.commentsNext, shown: first.data.commentsShown, signedIn: false }),
      },
    ]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: [`/coup-de-crevarde/${deal.id}`] }));
    expect(html).toContain(`href="/coup-de-crevarde/${deal.id}?commentaires=60#commentaire-${first.data.comments[29].id}"`);
    expect(html).toContain(">Afficher plus de commentaires<");
    expect(html).toContain("32 sur 69 commentaires");
    // every comment shown: no link
    const AllStub = createRoutesStub([
      { path: "*", Component: () => createElement(DealComments, { dealId: deal.id, count: 69, comments: all.data.comments, next: null, shown: 69, signedIn: false }) },
    ]);
    expect(renderToStaticMarkup(createElement(AllStub, { initialEntries: [`/coup-de-crevarde/${deal.id}`] }))).not.toContain("Afficher plus de commentaires");
  });

  it("?commentaire=<id> shows enough top-level comments to hold that comment, or the comment a reply answers", async () => {
    const { deal, tops, replies } = await longDeal();
    const top40 = await page(deal.id, `?commentaire=${tops[39].id}`);
    expect(top40.status).toBe(200);
    expect(bodies(top40.data.comments)).toEqual(nos(1, 60));
    expect(top40.data.commentsNext).toBe(90);

    // a reply deep in the list: its comment (n° 50) is shown with the reply
    const reply = await page(deal.id, `?commentaire=${replies.r50.id}`);
    expect(reply.data.comments.length).toBe(60);
    expect(reply.data.comments.at(-11)).toMatchObject({ body: "n° 50", replies: [expect.objectContaining({ id: replies.r50.id })] });

    // on the first page already: the first page; past 60: every comment
    expect((await page(deal.id, `?commentaire=${tops[29].id}`)).data.comments.length).toBe(30);
    expect((await page(deal.id, `?commentaire=${replies.r64.id}`)).data.comments.length).toBe(65);
    // with ?commentaires=, the larger of the two
    expect((await page(deal.id, `?commentaires=90&commentaire=${tops[4].id}`)).data.comments.length).toBe(65);
    expect((await page(deal.id, `?commentaires=30&commentaire=${tops[40].id}`)).data.comments.length).toBe(60);
    expect((await page(deal.id, `?commentaires=nimporte&commentaire=${tops[40].id}`)).data.comments.length).toBe(60);

    // the domain function alone
    const listed = await listDealComments(deal.id, null, { commentId: replies.r64.id });
    expect([listed.comments.length, listed.next]).toEqual([65, null]);
  });

  it("bad ?commentaires= and ?commentaire= values are answered 200 with the first page", async () => {
    const { deal } = await longDeal();
    const other = await newDeal();
    const [elsewhere] = await threads(other.id, 1);
    const bad = [
      "?commentaires=abc",
      "?commentaires=-30",
      "?commentaires=0",
      "?commentaires=30.5",
      "?commentaires=1e3",
      "?commentaires=",
      "?commentaires=1001",
      "?commentaires=99999999999999999999999",
      `?commentaires=${"9".repeat(5000)}`,
      "?commentaires=%00",
      "?commentaire=pas-un-id",
      "?commentaire=00000000-0000-4000-8000-000000000000",
      `?commentaire=${elsewhere.id}`,
      "?commentaire=' or 1=1 --",
    ];
    for (const search of bad) {
      const res = await page(deal.id, search);
      expect([res.status, res.data.comments?.length, res.data.commentsNext], search.slice(0, 60)).toEqual([200, 30, 60]);
    }
    // the maximum is accepted
    expect((await page(deal.id, "?commentaires=1000")).data.comments.length).toBe(65);
    // the other deal's page is unchanged by this deal's comment
    expect((await page(other.id, `?commentaire=${elsewhere.id}`)).data.comments.length).toBe(1);
  });

  it("pending comments only for their author, removed ones as placeholders while they have replies, across a page boundary", async () => {
    const deal = await newDeal();
    const newcomer = await signedInUser({ username: "nouvelle-pages" });
    // n° 1 … n° 29, then a pending comment, a removed one without reply, a removed one with a reply, then n° 30 … n° 35
    const early = await threads(deal.id, 29);
    const [pending, , removedWithReply] = await insert([
      { dealId: deal.id, authorId: newcomer.id, body: "en attente", status: "pending", createdAt: at(40) },
      { dealId: deal.id, authorId: bob.id, body: "retiré sans réponse", status: "removed", createdAt: at(41) },
      { dealId: deal.id, authorId: bob.id, body: "retiré avec réponse", status: "removed", createdAt: at(42) },
    ]);
    await insert(Array.from({ length: 6 }, (_, i) => ({ dealId: deal.id, authorId: alice.id, body: `n° ${30 + i}`, createdAt: at(50 + i) })));
    await insert([
      { dealId: deal.id, parentId: removedWithReply.id, authorId: alice.id, body: "réponse au retiré", createdAt: at(60) },
      // a removed reply never shows; a pending reply only to its author
      { dealId: deal.id, parentId: early[0].id, authorId: bob.id, body: "réponse retirée", status: "removed", createdAt: at(61) },
      { dealId: deal.id, parentId: early[28].id, authorId: newcomer.id, body: "réponse en attente", status: "pending", createdAt: at(62) },
    ]);

    // a visitor: the pending and the reply-less removed comments take no place; the 30th is the placeholder
    const visitor = await page(deal.id);
    expect(bodies(visitor.data.comments)).toEqual([...nos(1, 29), "(retiré)"]);
    expect(visitor.data.comments[29]).toMatchObject({ id: removedWithReply.id, status: "removed", authorName: "" });
    expect(visitor.data.comments[29].replies.map((r) => r.body)).toEqual(["réponse au retiré"]);
    expect(visitor.data.comments[0].replies).toEqual([]);
    expect(visitor.data.comments[28].replies).toEqual([]);
    expect(JSON.stringify(visitor.data)).not.toMatch(/en attente|retiré sans réponse|retiré avec réponse|réponse retirée/);
    expect([visitor.data.commentsNext, visitor.data.commentsShown, visitor.data.deal.commentsCount]).toEqual([60, 30, 36]);
    expect(bodies((await page(deal.id, "?commentaires=60")).data.comments)).toEqual([...nos(1, 29), "(retiré)", ...nos(30, 35)]);

    // its author: the page is everyone's; their pending comment and reply are put in their place once /api/moi has answered
    const author = await page(deal.id, "", newcomer.cookie);
    expect(bodies(author.data.comments)).toEqual([...nos(1, 29), "(retiré)"]);
    const authors = await seen(deal.id, "", newcomer.cookie);
    expect(bodies(authors)).toEqual([...nos(1, 29), "en attente", "(retiré)"]);
    expect(authors[29]).toMatchObject({ id: pending.id, status: "pending", mine: true });
    expect(authors[28]!.replies).toEqual([expect.objectContaining({ body: "réponse en attente", status: "pending", mine: true })]);
    expect(author.data.commentsNext).toBe(60);
    expect(bodies(await seen(deal.id, "?commentaires=60", newcomer.cookie))).toEqual([...nos(1, 29), "en attente", "(retiré)", ...nos(30, 35)]);

    // another member does not see it either; a link to it is the page where it would be
    expect(bodies(await seen(deal.id, "", bob.cookie)).at(-1)).toBe("(retiré)");
    const link = await page(deal.id, `?commentaire=${pending.id}`, bob.cookie);
    expect([link.status, link.data.comments.length]).toEqual([200, 30]);
    expect(JSON.stringify(link.data)).not.toContain("en attente");
  });

  it("« Signaler » and the edit window hold on later pages", async () => {
    const deal = await newDeal();
    const tops = await threads(deal.id, 40);
    // alice's newest comment was posted a minute ago: she may still edit it
    const [fresh] = await insert([{ dealId: deal.id, authorId: alice.id, body: "tout frais", createdAt: new Date(Date.now() - 60_000) }]);
    const reported = await callRoute(
      dealAction,
      req(`/coup-de-crevarde/${deal.id}`, { cookie: bob.cookie, form: { _js: "1", intent: "report", targetType: "comment", targetId: tops[34].id, reason: "spam" } }),
      { id: deal.id },
    );
    expect([reported.status, reported.data.commentId]).toEqual([200, tops[34].id]);
    const bobs = await seen(deal.id, "?commentaires=60", bob.cookie);
    expect(bobs[34]).toMatchObject({ body: "n° 35", reported: true });
    expect(bobs.filter((c) => c.reported)).toHaveLength(1);
    const alices = await seen(deal.id, `?commentaire=${fresh.id}`, alice.cookie);
    expect(alices.at(-1)).toMatchObject({
      id: fresh.id,
      mine: true,
      editableUntil: new Date(fresh.createdAt!.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString(),
    });
    expect(alices[0]!.editableUntil).toBeNull();
  });

  it("after posting, the author is sent to their comment on the page that shows it (a new comment is the last one)", async () => {
    const { deal } = await longDeal();
    // without JavaScript: back to the page they were on, with ?commentaire=<id>#commentaire-<id>
    const posted = await callRoute(
      dealAction,
      req(`/coup-de-crevarde/${deal.id}`, { cookie: bob.cookie, form: { intent: "comment", body: "Le dernier mot", redirectTo: `/coup-de-crevarde/${deal.id}?commentaires=30` } }),
      { id: deal.id },
    );
    expect(posted.status).toBe(303);
    const [mine] = await database().db.select().from(s.dealComments).where(eq(s.dealComments.body, "Le dernier mot"));
    expect(posted.location).toBe(`/coup-de-crevarde/${deal.id}?commentaires=30&commentaire=${mine.id}#commentaire-${mine.id}`);
    // the page it comes back to carries the flash message: rendered for the member alone, private, with their own parts
    const toast = cookieHeaderFrom(await createToastHeaders({ title: "Ton commentaire est publié.", type: "success" }));
    const back = await page(deal.id, posted.location!.replace(/^[^?]*/, "").replace(/#.*$/, ""), `${bob.cookie}; ${toast}`);
    expect(back.headers.get("cache-control")).toBe("private, no-store");
    expect(back.data.viewer).not.toBeNull();
    const shown = memberComments(back.data.comments, back.data.viewer!.comments, back.data.commentsNext === null);
    expect(shown.at(-1)).toMatchObject({ id: mine.id, body: "Le dernier mot", mine: true });
    expect(shown).toHaveLength(66);

    // with JavaScript: the answer names the comment (the page then goes to ?commentaire=<id>)
    const js = await callRoute(dealAction, req(`/coup-de-crevarde/${deal.id}`, { cookie: bob.cookie, form: { _js: "1", intent: "comment", body: "Encore un mot" } }), {
      id: deal.id,
    });
    const [again] = await database().db.select().from(s.dealComments).where(eq(s.dealComments.body, "Encore un mot"));
    expect(js.data).toMatchObject({ ok: true, commentId: again.id });
    // a deal report names no comment
    const dealReport = await callRoute(
      dealAction,
      req(`/coup-de-crevarde/${deal.id}`, { cookie: bob.cookie, form: { intent: "report", targetType: "deal", targetId: deal.id, reason: "spam", redirectTo: `/coup-de-crevarde/${deal.id}?commentaires=60` } }),
      { id: deal.id },
    );
    expect([dealReport.status, dealReport.location]).toEqual([303, `/coup-de-crevarde/${deal.id}?commentaires=60`]);
  });
});
