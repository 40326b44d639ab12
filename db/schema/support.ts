import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { sqlList } from "#app/lib/state-machine";
import { contactStatus, type ContactStatus } from "#db/states/contact-status";
import { searchDocument, timestamps, tsvector } from "./shared";

/* ------------------------------------------------------------------ */
/* Help centre and contact (issue #34 item 7, ADR 041)                 */
/* ------------------------------------------------------------------ */

/**
 * An article of the help centre (/aide/:slug), in one section
 * (app/modules/help/help.constants.ts), edited in /admin/aide. The body is
 * sanitized HTML; the generated document makes it findable by the site search.
 */
export const helpArticles = pgTable(
  "help_articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    section: text("section").notNull(),
    title: text("title").notNull(),
    /** one plain-text sentence: the answer in short, shown in lists and meta descriptions */
    summary: text("summary").notNull(),
    /** sanitized HTML */
    body: text("body").notNull(),
    /** order within its section (smallest first) */
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(true),
    /** the body's tags are not words for the parser, so the HTML indexes as its text */
    search: tsvector("search").generatedAlwaysAs(() => searchDocument([{ name: "title" }, "A"], [{ name: "summary" }, "B"], [{ name: "body" }, "D"])),
    ...timestamps,
  },
  (t) => [
    check("help_articles_section_check", sql`${t.section} in ('cashback', 'codes-promo', 'deals', 'compte', 'paiements')`),
    index("help_articles_section_idx").on(t.section, t.position),
    index("help_articles_search_idx").using("gin", t.search),
  ],
);

/**
 * A message sent from /contact: stored, mailed to the admins and copied to
 * its sender by the `contact.notify` job (notifiedAt once done), handled in
 * /admin/contact (status new → in_progress → done).
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** short reference given to the sender, e.g. "CT-7KQ2M9" */
    reference: text("reference").notNull().unique(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** the signed-in member who sent it, if any */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** its moves: the contactStatus machine (db/states/contact-status.ts) */
    status: text("status").$type<ContactStatus>().notNull().default(contactStatus.is.new),
    /** when the admins' mails and the sender's copy were queued */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("contact_messages_subject_check", sql`${t.subject} in ('cashback', 'claim', 'payment', 'promo-code', 'deal', 'account', 'partnership', 'other')`),
    check("contact_messages_status_check", sql`${t.status} in (${sql.raw(sqlList(contactStatus.states))})`),
    check("contact_messages_message_check", sql`char_length(${t.message}) <= 5000`),
    index("contact_messages_status_idx").on(t.status, t.createdAt),
    index("contact_messages_user_idx").on(t.userId),
  ],
);
