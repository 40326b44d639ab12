import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { deleteAccount, exportAccountData } from "#app/modules/accounts/accounts.server";
import { CONTACT_ADMIN_MESSAGES, CONTACT_MESSAGES } from "#app/modules/contact/contact.schema";
import { CONTACT_NOTIFY_QUEUE, notifyContactJob } from "#app/modules/contact/contact.server";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin/contact";
import { action as contactAction, loader as contactLoader } from "#app/routes/contact";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { drainJobs } from "#tests/helpers/jobs";
import { callRoute, formErrors } from "#tests/helpers/route";

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;
const send = (form: Record<string, string>, options: { ip?: string; cookie?: string } = {}) =>
  callRoute(contactAction, req("/contact", { cookie: options.cookie, form }), {}, { clientIp: options.ip ?? freshIp(), cspNonce: "" });
const valid = () => ({
  subject: "payment",
  email: `sacha-${Math.random().toString(36).slice(2)}@example.fr`,
  message: "Bonjour, mon virement demandé il y a dix jours n'est toujours pas arrivé sur mon compte.",
});
const referenceOf = (out: { data: unknown }) => String((out.data as { reference?: string }).reference);
const messageOf = async (reference: string) => (await (await getDb()).select().from(s.contactMessages).where(eq(s.contactMessages.reference, reference)))[0];
const jobsFor = async (messageId: string) =>
  (await (await getDb()).select().from(s.jobs).where(eq(s.jobs.queue, CONTACT_NOTIFY_QUEUE))).filter((j) => (j.payload as { messageId?: string }).messageId === messageId);

describeEachDb("« Nous contacter » (issue #34 item 7)", () => {
  it("a visitor's message is stored, a contact.notify job is queued with it, and the page says it in French", async () => {
    const form = valid();
    const out = await send(form);
    expect(out.status).toBe(200);
    expect(referenceOf(out)).toMatch(/^CT-[2-9A-Z]{6}$/);
    expect(CONTACT_MESSAGES.sent(referenceOf(out))).toContain("Merci, ton message");
    const row = await messageOf(referenceOf(out));
    expect(row).toMatchObject({ subject: "payment", email: form.email, message: form.message, userId: null, status: "new", notifiedAt: null });
    const queued = await jobsFor(row.id);
    expect(queued).toHaveLength(1);
    expect(queued[0].key).toBe(row.id);
  });

  it("the job mails every staff account that handles messages (not banned) and sends the sender a copy, once", async () => {
    const db = await getDb();
    const admin = await signedInUser({ role: "admin" });
    const moderator = await signedInUser({ role: "moderator" });
    const editor = await signedInUser({ role: "editor" });
    const banned = await signedInUser({ role: "admin" });
    await db.update(s.user).set({ banned: true }).where(eq(s.user.id, banned.id));
    const form = valid();
    const row = await messageOf(referenceOf(await send(form)));
    await drainJobs();

    const staff = await db.select({ email: s.user.email, banned: s.user.banned }).from(s.user).where(inArray(s.user.role, ["admin", "moderator"]));
    const expected = staff.filter((u) => !u.banned).map((u) => u.email);
    expect(expected).toEqual(expect.arrayContaining([admin.email, moderator.email]));
    const staffMails = await db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.kind, "contact-staff"), eq(s.emailOutbox.subject, `[Contact] Un paiement ou un retrait (${row.reference})`)));
    expect(staffMails.map((m) => m.to).sort()).toEqual([...expected].sort());
    expect(staffMails.map((m) => m.to)).not.toContain(editor.email);
    expect(staffMails.map((m) => m.to)).not.toContain(banned.email);
    expect(staffMails[0].text).toContain(form.message);
    expect(staffMails[0].text).toContain(form.email);
    expect(staffMails[0].headers).toMatchObject({ "Reply-To": form.email });

    const copies = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, form.email));
    expect(copies.map((m) => [m.kind, m.subject])).toEqual([["contact-copy", `Ton message ${row.reference} est bien arrivé`]]);
    expect(copies[0].text).toContain(form.message);
    expect((await messageOf(row.reference)).notifiedAt).not.toBeNull();

    // a retried job (an attempt that committed, then failed to report) mails nobody twice
    await notifyContactJob({ id: 0, queue: CONTACT_NOTIFY_QUEUE, key: row.id, payload: { messageId: row.id }, attempts: 2, maxAttempts: 10 });
    expect(await db.$count(s.emailOutbox, eq(s.emailOutbox.to, form.email))).toBe(1);
    expect(await db.$count(s.emailOutbox, and(eq(s.emailOutbox.to, admin.email), eq(s.emailOutbox.subject, staffMails[0].subject)))).toBe(1);
  });

  it("a member's e-mail is filled in and the message is linked to the account; ?sujet= pre-selects a known subject only", async () => {
    const me = await signedInUser();
    const page = await callRoute(contactLoader, req("/contact?sujet=claim", { cookie: me.cookie }));
    expect(page.data).toEqual({ email: me.email, subject: "claim" });
    const visitor = await callRoute(contactLoader, req("/contact?sujet=pirate"));
    expect(visitor.data).toEqual({ email: "", subject: "" });
    const out = await send({ ...valid(), email: me.email }, { cookie: me.cookie });
    expect((await messageOf(referenceOf(out))).userId).toBe(me.id);
  });

  it("refuses a wrong message with a French 400 and stores nothing, queues nothing", async () => {
    const db = await getDb();
    const [messages, jobs] = [await db.$count(s.contactMessages), await db.$count(s.jobs, eq(s.jobs.queue, CONTACT_NOTIFY_QUEUE))];
    const cases: [Record<string, string>, string, string][] = [
      [{ subject: "" }, "subject", CONTACT_MESSAGES.subjectRequired],
      [{ subject: "spam" }, "subject", CONTACT_MESSAGES.subjectRequired],
      [{ email: "" }, "email", CONTACT_MESSAGES.emailRequired],
      [{ email: "pas-un-email" }, "email", CONTACT_MESSAGES.emailInvalid],
      [{ message: "Aidez-moi" }, "message", CONTACT_MESSAGES.messageRequired],
      [{ message: "x".repeat(5001) }, "message", CONTACT_MESSAGES.messageTooLong],
    ];
    for (const [change, field, text] of cases) {
      const out = await send({ ...valid(), ...change });
      expect(out.status, field).toBe(400);
      expect(formErrors(out)[field], field).toEqual([text]);
    }
    expect(await db.$count(s.contactMessages)).toBe(messages);
    expect(await db.$count(s.jobs, eq(s.jobs.queue, CONTACT_NOTIFY_QUEUE))).toBe(jobs);
  });

  it("limits messages per connection with a French 429 (Retry-After) and stores nothing past the limit", async () => {
    const db = await getDb();
    const ip = "192.0.2.91";
    for (let i = 0; i < 5; i++) expect((await send(valid(), { ip })).status).toBe(200);
    const before = await db.$count(s.contactMessages);
    const limited = await send(valid(), { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(formErrors(limited)[""]).toEqual([CONTACT_MESSAGES.rateLimited]);
    expect(await db.$count(s.contactMessages)).toBe(before);
    // another connection is not limited
    expect((await send(valid())).status).toBe(200);
  });

  it("/admin/contact: staff with moderation list the messages and change their status, each change audited; others are refused", async () => {
    const db = await getDb();
    const moderator = await signedInUser({ role: "moderator" });
    const form = valid();
    const row = await messageOf(referenceOf(await send(form)));
    const open = await callRoute(adminLoader, req("/admin/contact", { cookie: moderator.cookie }));
    expect(open.data.view).toBe("open");
    expect(open.data.messages.find((m) => m.id === row.id)).toMatchObject({ reference: row.reference, subjectLabel: "Un paiement ou un retrait", email: form.email, statusLabel: "Nouveau", member: null });

    const setStatus = (status: string, cookie = moderator.cookie, id = row.id) => callRoute(adminAction, req("/admin/contact", { cookie, form: { intent: "status", id, status } }));
    const moved = await setStatus("in_progress");
    expect([moved.status, moved.data]).toMatchObject([200, { toast: { title: "Statut mis à jour" } }]);
    expect((await messageOf(row.reference)).status).toBe("in_progress");
    const again = await setStatus("in_progress");
    expect([again.status, (again.data as { toast?: { description?: string } }).toast?.description]).toEqual([409, CONTACT_ADMIN_MESSAGES.unchanged]);
    expect((await setStatus("archived")).status).toBe(400);
    expect((await setStatus("done", moderator.cookie, "00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await setStatus("done")).status).toBe(200);
    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, row.id));
    expect(audit.map((a) => [a.action, a.entity, a.actorId, a.before, a.after])).toEqual([
      ["update", "contact_messages", moderator.id, { status: "new" }, { status: "in_progress" }],
      ["update", "contact_messages", moderator.id, { status: "in_progress" }, { status: "done" }],
    ]);
    const done = await callRoute(adminLoader, req("/admin/contact?vue=traites", { cookie: moderator.cookie }));
    expect(done.data.messages.find((m) => m.id === row.id)?.statusLabel).toBe("Traité");
    expect((await callRoute(adminLoader, req("/admin/contact", { cookie: moderator.cookie }))).data.messages.some((m) => m.id === row.id)).toBe(false);

    // an editor or a member may not read or change them (ADR 022)
    const editor = await signedInUser({ role: "editor" });
    expect((await callRoute(adminLoader, req("/admin/contact", { cookie: editor.cookie }))).location).toBe("/admin");
    const refused = await setStatus("new", editor.cookie);
    expect([refused.status, refused.data]).toEqual([403, "Accès réservé à la modération et aux administrateurs."]);
    const member = await signedInUser();
    expect((await setStatus("new", member.cookie)).status).toBe(403);
    expect((await messageOf(row.reference)).status).toBe("done");
  });

  it("a member's messages are in the export of their data and erased with the account (RGPD)", async () => {
    const db = await getDb();
    const me = await signedInUser();
    const signedIn = await send({ ...valid(), email: me.email }, { cookie: me.cookie });
    const asVisitor = await send({ ...valid(), email: me.email.toUpperCase(), subject: "account" });
    const exported = await exportAccountData(me.id);
    expect(exported?.contactMessages.map((m) => [m.reference, m.subject, m.status])).toEqual([
      [referenceOf(signedIn), "Un paiement ou un retrait", "Nouveau"],
      [referenceOf(asVisitor), "Mon compte", "Nouveau"],
    ]);
    await deleteAccount(me.id, me.email);
    for (const out of [signedIn, asVisitor]) expect(await messageOf(referenceOf(out))).toBeUndefined();
    expect(await db.$count(s.contactMessages)).toBeGreaterThan(0);
  });
});
