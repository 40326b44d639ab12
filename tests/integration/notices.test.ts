import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { MODERATION_MESSAGES, NOTICE_MESSAGES } from "#app/modules/notices/notices.schema";
import { action as moderationAction, loader as moderationLoader } from "#app/routes/admin/moderation";
import { action as noticeAction, loader as noticeLoader } from "#app/routes/notice";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { moderationTab } from "#tests/helpers/moderation";
import { flashedToast } from "#tests/helpers/toast";

const site = () => getEnv().SITE_URL.replace(/\/$/, "");
const notice = (form: Record<string, string>, ip = `198.51.100.${Math.floor(Math.random() * 250)}`, cookie?: string) =>
  callRoute(noticeAction, req("/signaler-un-contenu", { cookie, form }), {}, { clientIp: ip, cspNonce: "" });
const valid = () => ({
  targetUrl: `${site()}/coup-de-crevarde`,
  category: "scam",
  explanation: "Ce deal renvoie vers un faux site qui imite la marque et demande la carte bancaire.",
  notifierName: "Camille Martin",
  notifierEmail: `camille-${Math.random().toString(36).slice(2)}@example.fr`,
  goodFaith: "on",
});
const referenceOf = (out: { data: unknown }) => String((out.data as { reference?: string }).reference);
const mailsTo = async (to: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to));

describeEachDb("notices of illegal content (DSA)", () => {
  it("anyone sends a notice: stored with a reference, acknowledged on the page and by e-mail", async () => {
    const form = valid();
    const out = await notice(form);
    expect(out.status).toBe(200);
    expect(referenceOf(out)).toMatch(/^SIG-[2-9A-Z]{6}$/);
    const [row] = await (await getDb()).select().from(s.contentNotices).where(eq(s.contentNotices.reference, referenceOf(out)));
    expect(row).toMatchObject({ targetUrl: form.targetUrl, category: "scam", notifierName: "Camille Martin", notifierEmail: form.notifierEmail, goodFaith: true, status: "received", userId: null });
    const mails = await mailsTo(form.notifierEmail);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([["notice-received", `Signalement ${referenceOf(out)} reçu`]]);
    expect(mails[0].text).toContain(form.targetUrl);
  });

  it("a signed-in member's notice is linked to the account; the page pre-fills only a URL of the site", async () => {
    const me = await signedInUser();
    const out = await notice(valid(), undefined, me.cookie);
    const [row] = await (await getDb()).select().from(s.contentNotices).where(eq(s.contentNotices.reference, referenceOf(out)));
    expect(row.userId).toBe(me.id);
    const own = await callRoute(noticeLoader, req(`/signaler-un-contenu?url=${encodeURIComponent(`${site()}/marques/nuxe`)}`));
    expect(own.data.targetUrl).toBe(`${site()}/marques/nuxe`);
    const other = await callRoute(noticeLoader, req(`/signaler-un-contenu?url=${encodeURIComponent("https://evil.example/x")}`));
    expect(other.data.targetUrl).toBe("");
  });

  it("refuses incomplete or wrong notices in French and writes nothing", async () => {
    const db = await getDb();
    const before = await db.$count(s.contentNotices);
    const cases: [Record<string, string>, string, string][] = [
      [{ targetUrl: "" }, "targetUrl", NOTICE_MESSAGES.urlRequired],
      [{ targetUrl: "https://evil.example/page" }, "targetUrl", NOTICE_MESSAGES.urlInvalid],
      [{ targetUrl: "javascript:alert(1)" }, "targetUrl", NOTICE_MESSAGES.urlInvalid],
      [{ category: "spam" }, "category", NOTICE_MESSAGES.categoryRequired],
      [{ explanation: "illégal" }, "explanation", NOTICE_MESSAGES.explanationRequired],
      [{ explanation: "x".repeat(4001) }, "explanation", NOTICE_MESSAGES.explanationTooLong],
      [{ notifierName: "" }, "notifierName", NOTICE_MESSAGES.nameRequired],
      [{ notifierEmail: "" }, "notifierEmail", NOTICE_MESSAGES.emailRequired],
      [{ notifierEmail: "pas-un-email" }, "notifierEmail", NOTICE_MESSAGES.emailInvalid],
      [{ goodFaith: "" }, "goodFaith", NOTICE_MESSAGES.goodFaithRequired],
    ];
    for (const [change, field, message] of cases) {
      const out = await notice({ ...valid(), ...change });
      expect(out.status, field).toBe(400);
      expect(out.data.result?.error?.[field], field).toEqual([message]);
    }
    expect(await db.$count(s.contentNotices)).toBe(before);
    // art. 16(2)(c): a notice about the protection of minors may be anonymous (no acknowledgement e-mail then)
    const anonymous = await notice({ ...valid(), category: "minors", notifierName: "", notifierEmail: "" });
    expect(anonymous.status).toBe(200);
    expect(await db.$count(s.contentNotices)).toBe(before + 1);
  });

  it("limits notices per connection with a French 429", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) expect((await notice(valid(), ip)).status).toBe(200);
    const limited = await notice(valid(), ip);
    expect(limited.status).toBe(429);
    expect(limited.data.result?.error?.[""]).toEqual([NOTICE_MESSAGES.rateLimited]);
  });

  it("a moderator decides with a statement of reasons: the notifier gets it by e-mail, the audit log keeps it, once", async () => {
    const db = await getDb();
    const moderator = await signedInUser({ role: "moderator" });
    const form = valid();
    const sent = await notice(form);
    const queue = await moderationTab(moderator.cookie, "illicites");
    const item = queue.pending.find((n) => n.reference === referenceOf(sent));
    expect(item).toMatchObject({ categoryLabel: "Arnaque, hameçonnage ou lien malveillant", notifier: `Camille Martin <${form.notifierEmail}>` });

    const decide = (fields: Record<string, string>) => callRoute(moderationAction, req("/admin/moderation", { cookie: moderator.cookie, form: { intent: "decide", noticeId: item!.id, ...fields } }));
    const short = await decide({ decision: "removed", statement: "Retiré." });
    expect([short.status, short.data.toast?.description]).toEqual([400, MODERATION_MESSAGES.statementRequired]);
    const statement = "Le lien menait vers un site d'hameçonnage : le deal est retiré (règle : liens trompeurs).";
    const done = await decide({ decision: "removed", statement });
    expect(done.status).toBe(303);
    expect(flashedToast(done.headers)?.title).toBe("Décision enregistrée");
    const [row] = await db.select().from(s.contentNotices).where(eq(s.contentNotices.id, item!.id));
    expect(row).toMatchObject({ status: "decided", decision: "removed", statementFr: statement, decidedBy: `admin:${moderator.id}` });
    const mails = await mailsTo(form.notifierEmail);
    const decision = mails.find((m) => m.kind === "notice-decision");
    expect(decision?.subject).toBe(`Décision sur ton signalement ${row.reference}`);
    expect(decision?.text).toContain("Contenu retiré");
    expect(decision?.text).toContain(statement);
    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, item!.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "content_notices", action: "update", actorId: moderator.id });
    // a second decision is refused and changes nothing
    const again = await decide({ decision: "no_action", statement: "Finalement, aucune mesure n'est nécessaire ici." });
    expect([again.status, again.data.toast?.description]).toEqual([409, MODERATION_MESSAGES.alreadyDecided]);
    expect(await db.$count(s.auditLog, eq(s.auditLog.entityId, item!.id))).toBe(1);
    const after = await moderationTab(moderator.cookie, "illicites");
    expect(after.pending.some((n) => n.id === item!.id)).toBe(false);
    expect(after.decided.find((n) => n.id === item!.id)).toMatchObject({ decisionLabel: "Contenu retiré", statement });
  });

  it("only moderators and admins see or decide notices", async () => {
    for (const role of ["user", "editor", "finance"] as const) {
      const who = await signedInUser({ role });
      const page = await callRoute(moderationLoader, req("/admin/moderation", { cookie: who.cookie }));
      expect(page.location, role).toBe(role === "user" ? "/" : "/admin");
      const act = await callRoute(moderationAction, req("/admin/moderation", { cookie: who.cookie, form: { intent: "decide" } }));
      expect(act.status, role).toBe(403);
    }
    const admin = await signedInUser({ role: "admin" });
    expect((await callRoute(moderationLoader, req("/admin/moderation", { cookie: admin.cookie }))).status).toBe(200);
  });
});
