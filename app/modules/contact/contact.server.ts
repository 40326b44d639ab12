/**
 * « Nous contacter » (issue #34 item 7, ADR 041): a message is stored with a
 * reference and, in the same transaction, a `contact.notify` job is queued;
 * the job mails it to the staff who handle messages and sends its sender a
 * copy (through the mail module's outbox and `mail.send` jobs). Staff move it
 * through new → in progress → done in /admin/contact, each change audited.
 */
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { createElement } from "react";
import { contactMessages, user } from "#db/schema";
import { ROLES } from "#db/constants";
import { ContactCopyEmail, ContactStaffEmail } from "#app/emails/contact";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { send, type Job } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { sendMail } from "#app/lib/mail.server";
import { can } from "#app/lib/permissions";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { contactStatus } from "#db/states/contact-status";
import { CONTACT_ADMIN_MESSAGES, CONTACT_STATUS_LABELS, CONTACT_SUBJECT_LABELS, type ContactInput, type ContactStatus, type ContactSubject } from "./contact.schema";

type Actor = { id: string; email: string };

/** The job queue that mails a new message to the staff and its copy to the sender. */
export const CONTACT_NOTIFY_QUEUE = "contact.notify";

/** The roles that receive and handle contact messages: those holding `moderation` (admins and moderators, ADR 022). */
const CONTACT_STAFF_ROLES = ROLES.filter((role) => can(role, "moderation"));

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const newReference = () => `CT-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/** Store a message and queue its notification, in one transaction: the job exists only if the message does. */
export async function submitContact(input: ContactInput, options: { userId?: string | null } = {}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ reference: newReference(), subject: input.subject, email: input.email, message: input.message, userId: options.userId ?? null })
      .returning();
    await send(CONTACT_NOTIFY_QUEUE, { messageId: row.id }, { tx, key: row.id });
    return row;
  });
}

/**
 * The `contact.notify` job: one mail per staff account (admins and
 * moderators, not banned) and the sender's copy, queued with notifiedAt in one
 * transaction, so a retried job never mails twice.
 */
export async function notifyContactJob(job: Job): Promise<void> {
  const { messageId } = job.payload as { messageId: string };
  const db = await getDb();
  const env = getEnv();
  await db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for("update");
    // deleted meanwhile (its sender's account erased), or already notified by an attempt that committed
    if (!message || message.notifiedAt) return;
    const [staff, [member]] = await Promise.all([
      tx
        .select({ email: user.email })
        .from(user)
        .where(and(inArray(user.role, CONTACT_STAFF_ROLES), or(isNull(user.banned), eq(user.banned, false))))
        .orderBy(asc(user.email)),
      message.userId ? tx.select({ name: user.name }).from(user).where(eq(user.id, message.userId)) : Promise.resolve([]),
    ]);
    const subject = CONTACT_SUBJECT_LABELS[message.subject as ContactSubject] ?? message.subject;
    const base = { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, reference: message.reference, subject, message: message.message };
    if (staff.length === 0) logger.warn({ reference: message.reference }, "contact: no staff account to notify");
    for (const s of staff) {
      await sendMail(
        {
          to: s.email,
          subject: `[Contact] ${subject} (${message.reference})`,
          kind: "contact-staff",
          headers: { "Reply-To": message.email },
          react: createElement(ContactStaffEmail, { ...base, email: message.email, member: member?.name ?? null }),
        },
        { tx },
      );
    }
    await sendMail({ to: message.email, subject: `Ton message ${message.reference} est bien arrivé`, kind: "contact-copy", react: createElement(ContactCopyEmail, base) }, { tx });
    await tx.update(contactMessages).set({ notifiedAt: new Date() }).where(eq(contactMessages.id, message.id));
  });
}

export interface ContactMessageRow {
  id: string;
  reference: string;
  subject: ContactSubject;
  subjectLabel: string;
  email: string;
  message: string;
  member: string | null;
  status: ContactStatus;
  statusLabel: string;
  createdAt: string;
}

/** The messages of /admin/contact: the open ones (new, then in progress) oldest first, then the last handled ones. */
export async function listContactMessages(filter: ContactStatus | "open" = "open", limit = 200): Promise<ContactMessageRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ m: contactMessages, member: user.name })
    .from(contactMessages)
    .leftJoin(user, eq(user.id, contactMessages.userId))
    .where(filter === "open" ? ne(contactMessages.status, contactStatus.is.done) : eq(contactMessages.status, filter))
    .orderBy(filter === contactStatus.is.done ? desc(contactMessages.createdAt) : asc(contactMessages.createdAt))
    .limit(limit);
  return rows.map(({ m, member }) => ({
    id: m.id,
    reference: m.reference,
    subject: m.subject as ContactSubject,
    subjectLabel: CONTACT_SUBJECT_LABELS[m.subject as ContactSubject] ?? m.subject,
    email: m.email,
    message: m.message,
    member,
    status: m.status,
    statusLabel: CONTACT_STATUS_LABELS[m.status],
    createdAt: m.createdAt.toISOString(),
  }));
}

/** Move a message to a status, with its audit entry, in one transaction. */
export async function setContactStatus(actor: Actor, input: { id: string; status: ContactStatus }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, input.id)).for("update");
    if (!before) throw new DomainError(CONTACT_ADMIN_MESSAGES.missing, 404);
    const status = contactStatus.transition(before.status, input.status, () => new DomainError(CONTACT_ADMIN_MESSAGES.unchanged, 409));
    const [after] = await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, input.id)).returning();
    await recordAuditIn(tx, actor, { action: "update", entity: "contact_messages", entityId: after.id, before: { status: before.status }, after: { status: after.status } });
    return after;
  });
}

/** A member's messages, for the export of their data (RGPD art. 15 and 20): by account or by address. */
export async function exportContactMessages(userId: string, address: string) {
  const db = await getDb();
  const rows = await db
    .select({ reference: contactMessages.reference, subject: contactMessages.subject, email: contactMessages.email, message: contactMessages.message, status: contactMessages.status, sentAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(or(eq(contactMessages.userId, userId), sql`lower(${contactMessages.email}) = ${address}`))
    .orderBy(asc(contactMessages.createdAt));
  return rows.map((r) => ({ ...r, subject: CONTACT_SUBJECT_LABELS[r.subject as ContactSubject] ?? r.subject, status: CONTACT_STATUS_LABELS[r.status] }));
}

/** Erase a deleted member's messages (by account or by address), in the deletion's transaction. */
export async function deleteContactMessagesOf(tx: Pick<Db, "delete">, userId: string, address: string) {
  await tx.delete(contactMessages).where(or(eq(contactMessages.userId, userId), sql`lower(${contactMessages.email}) = ${address}`));
}
