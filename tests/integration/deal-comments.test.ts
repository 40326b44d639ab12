import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as dealAction, loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { loader as dealsLoader } from "#app/routes/coup-de-crevarde";
import { loader as moiLoader } from "#app/routes/api.moi";
import type { Moi } from "#app/modules/members/moi.server";
import { memberComments } from "#app/modules/members/moi";
import { action as moderationAction } from "#app/routes/admin/moderation";
import { moderationTab } from "#tests/helpers/moderation";
import { flashedToast } from "#tests/helpers/toast";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { COMMENT_EDIT_WINDOW_MS, COMMENT_MESSAGES, REPORT_MESSAGES } from "#app/modules/deals/deal-comments";
import { editComment } from "#app/modules/deals/deal-comments.server";
import { DealComments } from "#app/components/catalogue/deal-comments";
import { MODERATION_DEAL_MESSAGES } from "#app/modules/deals/posting.schema";
import { RATE_LIMITS } from "#app/lib/rate-limit.server";
import { getDb, type Database } from "#app/lib/db.server";
import { listenForDataChanges, onDataChange } from "#app/lib/data-changes.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const MONTH_AGO = new Date(Date.now() - 30 * 86_400_000);
const STATEMENT = "Ce commentaire insulte un autre membre, ce que la charte interdit.";

describeEachDb("comments and reports on a deal page", ({ database }) => {
  let brand: typeof s.brands.$inferSelect;
  beforeAll(async () => {
    [brand] = await database().db.insert(s.brands).values({ name: "Marque Commentaire", slug: "marque-commentaire", websiteUrl: "https://comment.example" }).returning();
  });

  const newDeal = async (values: Partial<typeof s.crevardeDeals.$inferInsert> = {}) =>
    (
      await database()
        .db.insert(s.crevardeDeals)
        .values({
          title: "Lampe commentée",
          description: "Une lampe de bureau à petit prix.",
          price: "9,99€",
          source: "temu",
          badgeText: "Top",
          url: "https://comment.example/lampe",
          brandId: brand.id,
          ...values,
        })
        .returning()
    )[0];
  /** An established member (30 days, e-mail verified): comments are published at once. */
  const member = async (options: Parameters<typeof signedInUser>[0] = {}) => {
    const m = await signedInUser(options);
    await database().db.update(s.user).set({ createdAt: MONTH_AGO }).where(eq(s.user.id, m.id));
    return m;
  };
  const act = (dealId: string, cookie: string | undefined, form: Record<string, string>, js = true) =>
    callRoute(dealAction, req(`/coup-de-crevarde/${dealId}`, { cookie, form: js ? { _js: "1", ...form } : form }), { id: dealId });
  const page = (dealId: string, cookie?: string) => callRoute(dealLoader, req(`/coup-de-crevarde/${dealId}`, { cookie }), { id: dealId });
  const moi = async (dealId: string, cookie?: string) => (await callRoute(moiLoader, req(`/api/moi?deal=${dealId}`, { cookie }))).data as Moi;
  /** the comments as a member sees them once the page has hydrated: everyone's page, with their own parts from /api/moi (ADR 048) */
  const seen = async (dealId: string, cookie: string) => {
    const [{ data }, own] = await Promise.all([page(dealId, cookie), moi(dealId, cookie)]);
    return own.deal ? memberComments(data.comments, own.deal.comments, data.commentsNext === null) : data.comments;
  };
  const commentsOf = async (dealId: string) => database().db.select().from(s.dealComments).where(eq(s.dealComments.dealId, dealId)).orderBy(s.dealComments.createdAt);
  const countOf = async (dealId: string) => (await database().db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, dealId)))[0].commentsCount;
  const mailsTo = async (to: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to));

  it("a member comments and replies (a reply to a reply joins the top-level thread); the counter follows; text is stored as typed", async () => {
    const deal = await newDeal();
    const alice = await member({ username: "alice" });
    const bob = await member({ username: "bob" });
    const typed = '<script>alert("x")</script> Vu moins cher sur https://autre.example/lampe.';
    const posted = await act(deal.id, alice.cookie, { intent: "comment", body: typed });
    const [top] = await commentsOf(deal.id);
    // the new comment's id: the page shows it even past the shown comments (?commentaire=)
    expect([posted.status, posted.data]).toEqual([200, { ok: true, message: COMMENT_MESSAGES.posted, commentId: top.id }]);
    expect(posted.headers.get("set-cookie")).toMatch(/^cr_fresh=1; Max-Age=10; Path=\//);
    expect(top).toMatchObject({ body: typed, status: "visible", authorId: alice.id, parentId: null });

    const reply = await act(deal.id, bob.cookie, { intent: "comment", body: "Merci !", parentId: top.id });
    expect(reply.status).toBe(200);
    const [, r1] = await commentsOf(deal.id);
    const nested = await act(deal.id, alice.cookie, { intent: "comment", body: "De rien.", parentId: r1.id });
    expect(nested.status).toBe(200);
    const rows = await commentsOf(deal.id);
    expect(rows.map((r) => r.parentId)).toEqual([null, top.id, top.id]);
    expect(await countOf(deal.id)).toBe(3);

    const visitor = await page(deal.id);
    expect(visitor.data.comments).toHaveLength(1);
    expect(visitor.data.comments[0]).toMatchObject({ authorName: "alice", body: typed, mine: false, editableUntil: null });
    expect(visitor.data.comments[0].replies.map((c) => [c.authorName, c.body])).toEqual([
      ["bob", "Merci !"],
      ["alice", "De rien."],
    ]);
    expect(visitor.data.deal.commentsCount).toBe(3);
    // the author's e-mail never leaves the server
    expect(JSON.stringify(visitor.data)).not.toContain(alice.email);

    // escaped on output; the link is a plain nofollow link to http(s) only
    const Stub = createRoutesStub([{ path: "*", Component: () => createElement(DealComments, { dealId: deal.id, count: 3, comments: visitor.data.comments, signedIn: false }) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: [`/coup-de-crevarde/${deal.id}`] }));
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('href="https://autre.example/lampe"');
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(html).toContain("Connecte-toi pour commenter");

    // the card counter, and « Commentés » orders by visible comments
    const quiet = await newDeal({ title: "Lampe sans commentaire" });
    const list = await callRoute(dealsLoader, req("/coup-de-crevarde?tab=commentes&q=Lampe"));
    const ids = list.data.deals.map((d) => d.id);
    expect(ids.indexOf(deal.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(list.data.deals.find((d) => d.id === deal.id)?.commentsCount).toBe(3);
  });

  it("without JavaScript: a plain POST redirects back to the comment with a toast; a visitor goes to sign in", async () => {
    const deal = await newDeal();
    const alice = await member();
    const plain = await act(deal.id, alice.cookie, { intent: "comment", body: "Sans JS", redirectTo: `/coup-de-crevarde/${deal.id}` }, false);
    expect(plain.status).toBe(303);
    const [row] = await commentsOf(deal.id);
    expect(plain.location).toBe(`/coup-de-crevarde/${deal.id}?commentaire=${row.id}#commentaire-${row.id}`);
    expect(plain.headers.get("set-cookie")).toContain("toast");
    // and the member's next views of deal pages are their own for one TTL, so they see their comment at once (ADR 048)
    expect(plain.headers.get("set-cookie")).toContain("cr_fresh=1; Max-Age=10");
    const visitor = await act(deal.id, undefined, { intent: "comment", body: "Anonyme" }, false);
    expect([visitor.status, visitor.location]).toEqual([303, `/auth?redirect=${encodeURIComponent(`/coup-de-crevarde/${deal.id}`)}`]);
    const visitorJs = await act(deal.id, undefined, { intent: "comment", body: "Anonyme" });
    expect([visitorJs.status, visitorJs.data.message]).toEqual([401, COMMENT_MESSAGES.signIn]);
  });

  it("refuses bad input with French 4xx messages, never a 500", async () => {
    const deal = await newDeal();
    const alice = await member();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "comment", body: "   " }, 400, COMMENT_MESSAGES.bodyRequired],
      [{ intent: "comment", body: "a".repeat(4001) }, 400, COMMENT_MESSAGES.bodyTooLong],
      [{ intent: "comment", body: "ok", parentId: "pas-un-id" }, 400, COMMENT_MESSAGES.commentMissing],
      [{ intent: "comment", body: "ok", parentId: "00000000-0000-4000-8000-000000000000" }, 404, COMMENT_MESSAGES.commentMissing],
      [{ intent: "edit-comment", commentId: "00000000-0000-4000-8000-000000000000", body: "x" }, 404, COMMENT_MESSAGES.commentMissing],
      [{ intent: "report", targetType: "comment", targetId: "00000000-0000-4000-8000-000000000000", reason: "spam" }, 404, COMMENT_MESSAGES.commentMissing],
      [{ intent: "report", targetType: "deal", targetId: deal.id, reason: "nope" }, 400, REPORT_MESSAGES.reasonRequired],
      [{ intent: "report", targetType: "deal", targetId: deal.id, reason: "spam", details: "x".repeat(1001) }, 400, REPORT_MESSAGES.detailsTooLong],
    ];
    for (const [form, status, message] of cases) {
      const res = await act(deal.id, alice.cookie, form);
      expect([res.status, res.data.message], JSON.stringify(form).slice(0, 80)).toEqual([status, message]);
    }
    const hidden = await newDeal({ status: "pending_review" });
    const onHidden = await act(hidden.id, alice.cookie, { intent: "comment", body: "Coucou" });
    expect([onHidden.status, onHidden.data.message]).toEqual([404, COMMENT_MESSAGES.dealMissing]);
    expect(await commentsOf(deal.id)).toEqual([]);
  });

  it("the author edits within 10 minutes, not after, and nobody else can", async () => {
    const deal = await newDeal();
    const alice = await member();
    const bob = await member();
    await act(deal.id, alice.cookie, { intent: "comment", body: "Premier jet" });
    const [c] = await commentsOf(deal.id);
    expect((await page(deal.id, alice.cookie)).data.comments[0].editableUntil).toBeNull();
    expect((await seen(deal.id, alice.cookie))[0]!.editableUntil).toBe(new Date(c.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString());
    expect((await seen(deal.id, bob.cookie))[0]!.editableUntil).toBeNull();
    const edited = await act(deal.id, alice.cookie, { intent: "edit-comment", commentId: c.id, body: "Version corrigée" });
    expect([edited.status, edited.data.message]).toEqual([200, COMMENT_MESSAGES.edited]);
    expect((await commentsOf(deal.id))[0]).toMatchObject({ body: "Version corrigée" });
    expect((await page(deal.id)).data.comments[0]).toMatchObject({ edited: true });
    // the author sees the text as it is now, even on a page kept from before the edit
    expect((await moi(deal.id, alice.cookie)).deal?.comments.editable[c.id]).toMatchObject({ body: "Version corrigée", edited: true });
    const other = await act(deal.id, bob.cookie, { intent: "edit-comment", commentId: c.id, body: "Piraté" });
    expect([other.status, other.data.message]).toEqual([403, COMMENT_MESSAGES.notAuthor]);
    await expect(editComment({ userId: alice.id, commentId: c.id, body: "Trop tard", now: new Date(c.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS + 1000) })).rejects.toMatchObject({
      status: 409,
      message: COMMENT_MESSAGES.editClosed,
    });
    await database().db.update(s.dealComments).set({ createdAt: new Date(Date.now() - COMMENT_EDIT_WINDOW_MS - 60_000) }).where(eq(s.dealComments.id, c.id));
    const late = await act(deal.id, alice.cookie, { intent: "edit-comment", commentId: c.id, body: "Trop tard" });
    expect([late.status, late.data.message]).toEqual([409, COMMENT_MESSAGES.editClosed]);
    expect((await seen(deal.id, alice.cookie))[0]!.editableUntil).toBeNull();
  });

  it("a new account's first 3 comments wait for a moderator: seen by their author only, not counted; the 4th is published", async () => {
    const deal = await newDeal();
    const newcomer = await signedInUser({ username: "nouveau" });
    const other = await member();
    for (let i = 1; i <= 3; i++) {
      const res = await act(deal.id, newcomer.cookie, { intent: "comment", body: `Message ${i}` });
      expect(res.data.message).toBe(COMMENT_MESSAGES.held);
    }
    expect((await commentsOf(deal.id)).map((c) => c.status)).toEqual(["pending", "pending", "pending"]);
    expect(await countOf(deal.id)).toBe(0);
    expect((await seen(deal.id, newcomer.cookie)).map((c) => [c.status, c.body, c.mine])).toEqual([1, 2, 3].map((i) => ["pending", `Message ${i}`, true]));
    expect((await page(deal.id, newcomer.cookie)).data.comments).toEqual([]);
    expect(await seen(deal.id, other.cookie)).toEqual([]);
    expect((await page(deal.id)).data.comments).toEqual([]);
    const fourth = await act(deal.id, newcomer.cookie, { intent: "comment", body: "Message 4" });
    expect(fourth.data.message).toBe(COMMENT_MESSAGES.posted);
    expect(await countOf(deal.id)).toBe(1);
  });

  it("reports: once per member and target, never one's own; a deal can be reported too", async () => {
    const deal = await newDeal();
    const alice = await member();
    const bob = await member();
    await act(deal.id, alice.cookie, { intent: "comment", body: "Achetez chez moi" });
    const [c] = await commentsOf(deal.id);
    const own = await act(deal.id, alice.cookie, { intent: "report", targetType: "comment", targetId: c.id, reason: "spam" });
    expect([own.status, own.data.message]).toEqual([403, REPORT_MESSAGES.own]);
    const first = await act(deal.id, bob.cookie, { intent: "report", targetType: "comment", targetId: c.id, reason: "spam", details: "Publicité" });
    expect([first.status, first.data.message]).toEqual([200, REPORT_MESSAGES.done]);
    const again = await act(deal.id, bob.cookie, { intent: "report", targetType: "comment", targetId: c.id, reason: "abusive" });
    expect([again.status, again.data.message]).toEqual([409, REPORT_MESSAGES.already]);
    expect((await seen(deal.id, bob.cookie))[0]!.reported).toBe(true);
    expect((await seen(deal.id, alice.cookie))[0]).toMatchObject({ reported: false, mine: true });
    const dealReport = await act(deal.id, bob.cookie, { intent: "report", targetType: "deal", targetId: deal.id, reason: "misleading" });
    expect(dealReport.status).toBe(200);
    expect((await moi(deal.id, bob.cookie)).deal?.reported).toBe(true);
    expect((await moi(deal.id, alice.cookie)).deal?.reported).toBe(false);
    const reports = await database().db.select().from(s.contentReports).where(eq(s.contentReports.reporterId, bob.id));
    expect(reports.map((r) => [r.targetType, r.reason, r.details, r.status]).sort()).toEqual([
      ["comment", "spam", "Publicité", "open"],
      ["deal", "misleading", null, "open"],
    ]);
  });

  it("comments, edits and reports are rate-limited per member (French 429)", async () => {
    const deal = await newDeal();
    const alice = await member();
    for (let i = 0; i < RATE_LIMITS.comment.limit; i++) expect((await act(deal.id, alice.cookie, { intent: "comment", body: `n° ${i}` })).status, `comment ${i}`).toBe(200);
    const limited = await act(deal.id, alice.cookie, { intent: "comment", body: "encore" });
    expect([limited.status, limited.data.message]).toEqual([429, COMMENT_MESSAGES.tooMany]);
    expect((await act(deal.id, (await member()).cookie, { intent: "comment", body: "moi aussi" })).status).toBe(200);

    const reporter = await member();
    const targets = await commentsOf(deal.id);
    for (let i = 0; i < RATE_LIMITS.contentReport.limit; i++) {
      const target = targets[i % targets.length];
      await act(deal.id, reporter.cookie, { intent: "report", targetType: "comment", targetId: target.id, reason: "spam" });
    }
    const tooMany = await act(deal.id, reporter.cookie, { intent: "report", targetType: "deal", targetId: deal.id, reason: "spam" });
    expect([tooMany.status, tooMany.data.message]).toEqual([429, REPORT_MESSAGES.tooMany]);

    const [mine] = await commentsOf(deal.id);
    for (let i = 0; i < RATE_LIMITS.commentEdit.limit; i++) expect((await act(deal.id, alice.cookie, { intent: "edit-comment", commentId: mine.id, body: `v${i}` })).status).toBe(200);
    const edits = await act(deal.id, alice.cookie, { intent: "edit-comment", commentId: mine.id, body: "encore" });
    expect([edits.status, edits.data.message]).toEqual([429, COMMENT_MESSAGES.tooManyEdits]);
  });

  it("moderators approve held comments, remove reported ones (reports upheld, audit, statement e-mailed), dismiss reports, remove reported deals", async () => {
    const db = await getDb();
    const deal = await newDeal();
    const moderator = await signedInUser({ role: "moderator" });
    const decide = (form: Record<string, string>) => callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form }));
    const newcomer = await signedInUser();
    const alice = await member();
    const bob = await member();
    await act(deal.id, newcomer.cookie, { intent: "comment", body: "Je suis nouveau" });
    await act(deal.id, alice.cookie, { intent: "comment", body: "Tu es nul" });
    await act(deal.id, alice.cookie, { intent: "comment", body: "Bon plan, merci" });
    const [held, rude, fine] = await commentsOf(deal.id);
    await act(deal.id, bob.cookie, { intent: "comment", body: "Réponse", parentId: rude.id });
    await act(deal.id, bob.cookie, { intent: "report", targetType: "comment", targetId: rude.id, reason: "abusive" });
    await act(deal.id, bob.cookie, { intent: "report", targetType: "comment", targetId: fine.id, reason: "spam" });
    await act(deal.id, bob.cookie, { intent: "report", targetType: "deal", targetId: deal.id, reason: "misleading", details: "Le prix affiché est faux" });

    expect((await moderationTab(moderator.cookie, "commentaires")).pendingComments.map((c) => c.id)).toContain(held.id);
    const queue = await moderationTab(moderator.cookie, "signalements");
    expect(queue.reportedComments.find((c) => c.id === rude.id)).toMatchObject({ reports: 1, reasons: ["Propos injurieux, haineux ou harcèlement"], authorEmail: alice.email });
    expect(queue.reportedDeals.find((d) => d.id === deal.id)).toMatchObject({ reports: 1, details: ["Le prix affiché est faux"] });

    const approved = await decide({ intent: "approve-comment", commentId: held.id });
    expect([approved.status, flashedToast(approved.headers)?.title]).toEqual([303, "Commentaire publié"]);
    // the moderator's next views of deal pages are their own for one TTL: they see their decision at once (ADR 048)
    expect(approved.headers.get("set-cookie")).toContain("cr_fresh=1; Max-Age=10");
    expect((await decide({ intent: "approve-comment", commentId: held.id })).status).toBe(409);

    const short = await decide({ intent: "remove-comment", commentId: rude.id, rule: "abusive", statement: "Non." });
    expect([short.status, short.data.toast?.description]).toEqual([400, MODERATION_DEAL_MESSAGES.statementRequired]);
    const noRule = await decide({ intent: "remove-comment", commentId: rude.id, rule: "", statement: STATEMENT });
    expect([noRule.status, noRule.data.toast?.description]).toEqual([400, "Choisissez la règle enfreinte."]);
    const removed = await decide({ intent: "remove-comment", commentId: rude.id, rule: "abusive", statement: STATEMENT });
    expect([removed.status, flashedToast(removed.headers)?.title]).toEqual([303, "Commentaire retiré"]);
    const mail = (await mailsTo(alice.email)).find((m) => m.kind === "comment-removed");
    expect(mail?.subject).toBe("Ton commentaire a été retiré");
    expect(mail?.text).toContain(STATEMENT);
    expect(mail?.text).toContain("Propos injurieux");
    const [rudeReport] = await db.select().from(s.contentReports).where(and(eq(s.contentReports.targetId, rude.id)));
    expect(rudeReport).toMatchObject({ status: "upheld", handledBy: moderator.id, decision: "removed: abusive" });
    expect(rudeReport.handledAt).not.toBeNull();

    // the removed comment stays as a placeholder for its reply; the counter drops it
    const seen = await page(deal.id);
    const thread = seen.data.comments.find((c) => c.id === rude.id);
    expect(thread).toMatchObject({ status: "removed", body: null, authorName: "" });
    expect(thread?.replies.map((r) => r.body)).toEqual(["Réponse"]);
    expect(JSON.stringify(seen.data)).not.toContain("Tu es nul");

    const dismissed = await decide({ intent: "dismiss-reports", targetType: "comment", targetId: fine.id });
    expect([dismissed.status, flashedToast(dismissed.headers)?.title]).toEqual([303, "Signalements classés"]);
    expect((await decide({ intent: "dismiss-reports", targetType: "comment", targetId: fine.id })).status).toBe(409);

    const dealRemoved = await decide({ intent: "remove-deal", dealId: deal.id, rule: "misleading", statement: "Le prix annoncé ne correspond pas au prix réel du marchand." });
    expect(dealRemoved.status).toBe(303);
    const [dealReport] = await db.select().from(s.contentReports).where(and(eq(s.contentReports.targetType, "deal"), eq(s.contentReports.targetId, deal.id)));
    expect(dealReport).toMatchObject({ status: "upheld", handledBy: moderator.id });
    const after = await moderationTab(moderator.cookie, "signalements");
    expect(after.reportedDeals.map((d) => d.id)).not.toContain(deal.id);
    expect(after.reportedComments.map((c) => c.id)).not.toContain(rude.id);

    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.actorId, moderator.id));
    const entries = audit.map((a) => [a.entity, a.entityId]);
    expect(entries).toContainEqual(["deal_comments", held.id]);
    expect(entries).toContainEqual(["deal_comments", rude.id]);
    expect(entries).toContainEqual(["content_reports", fine.id]);
    expect(audit.find((a) => a.entity === "deal_comments" && a.entityId === rude.id)?.after).toMatchObject({ status: "removed", rule: "abusive", statement: STATEMENT, reports: 1 });

    // members and other staff cannot moderate
    for (const role of ["user", "editor", "finance"] as const) {
      const who = await signedInUser({ role });
      const res = await callRoute(moderationAction, req("/admin/moderation", { cookie: who.cookie, form: { intent: "approve-comment", commentId: fine.id } }));
      expect(res.status, role).toBe(403);
    }
  });

  it("the data export holds the member's comments and reports; a deleted account's comments stay as « Membre supprimé »", async () => {
    const deal = await newDeal();
    const alice = await member();
    const bob = await member();
    await act(deal.id, alice.cookie, { intent: "comment", body: "Mon avis" });
    const [c] = await commentsOf(deal.id);
    await act(deal.id, bob.cookie, { intent: "comment", body: "Réponse", parentId: c.id });
    await act(deal.id, bob.cookie, { intent: "report", targetType: "comment", targetId: c.id, reason: "other" });
    const exported = await exportAccountData(alice.id);
    expect(exported?.dealComments).toEqual([expect.objectContaining({ dealId: deal.id, deal: "Lampe commentée", comment: "Mon avis", status: "visible" })]);
    expect((await exportAccountData(bob.id))?.contentReports).toEqual([expect.objectContaining({ targetType: "comment", targetId: c.id, reason: "other" })]);

    await database().db.delete(s.user).where(eq(s.user.id, alice.id));
    const seen = await page(deal.id);
    expect(seen.data.comments[0]).toMatchObject({ authorName: "Membre supprimé", body: "Mon avis" });
    expect(seen.data.comments[0].replies).toHaveLength(1);
  });

  it("comments move comments_count without emptying every server's caches", async () => {
    const deal = await newDeal({ title: "Lampe silencieuse" });
    const alice = await member();
    const db = database();
    const stop = await listenForDataChanges(db, (db as Database & { url?: string }).url);
    const seen: string[] = [];
    const off = onDataChange((table) => seen.push(table));
    try {
      await act(deal.id, alice.cookie, { intent: "comment", body: "Sans bruit" });
      expect(await countOf(deal.id)).toBe(1);
      await db.db.update(s.crevardeDeals).set({ title: "Lampe silencieuse, modifiée" }).where(eq(s.crevardeDeals.id, deal.id));
      await expect.poll(() => seen, { timeout: 60_000 }).toContain("crevarde_deals");
      // the comment fired nothing: exactly one notification, the title's
      expect(seen.filter((t) => t === "crevarde_deals")).toHaveLength(1);
    } finally {
      off();
      await stop();
    }
  });
  it("a comment keeps its poster's address for a year (ugc_connection_logs); a blocked member cannot comment (403)", async () => {
    const deal = await newDeal();
    const m = await member();
    const posted = await act(deal.id, m.cookie, { intent: "comment", body: "Merci pour le bon plan !" });
    expect(posted.status).toBe(200);
    const [comment] = await commentsOf(deal.id);
    const logs = await database().db.select().from(s.ugcConnectionLogs).where(and(eq(s.ugcConnectionLogs.contentType, "comment"), eq(s.ugcConnectionLogs.contentId, comment.id)));
    expect(logs.map((l) => [l.userId, l.ip])).toEqual([[m.id, "203.0.113.7"]]);

    await database().db.update(s.user).set({ banned: true, banExpires: new Date(Date.now() + 86_400_000) }).where(eq(s.user.id, m.id));
    const refused = await act(deal.id, m.cookie, { intent: "comment", body: "Encore un commentaire" });
    expect(refused.status).toBe(403);
    expect(refused.data.message).toMatch(/^Ton compte est bloqué/);
    expect(await commentsOf(deal.id)).toHaveLength(1);
  });
});
