import { and, desc, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { profiles, session, user } from "#db/schema";
import { MEMBER_BLOCKED_SUBJECT, MemberBlockedEmail } from "#app/emails/members";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { sendMail } from "#app/lib/mail.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { MODERATION_RULES, type ModerationRule } from "#app/modules/deals/posting.schema";
import { formatParis } from "#app/modules/settings/paris-time";
import { blockedMessage, blockEndsAt, BLOCK_MESSAGES, isBlocked, type BlockDuration } from "./member-blocks";

/** A blocked member tried to post, vote or flag: 403 with until when. */
class MemberBlockedError extends DomainError {
  constructor(until: Date | null) {
    super(blockedMessage(until), 403);
  }
}

type Actor = { id: string; email: string };

/** Throws MemberBlockedError while the member is blocked (checked by posting, voting and flagging, in their transaction when given). */
export async function assertNotBlocked(userId: string, now: Date, db?: Pick<Db, "select">) {
  const executor = db ?? (await getDb());
  const [member] = await executor.select({ banned: user.banned, banExpires: user.banExpires }).from(user).where(eq(user.id, userId));
  if (member && isBlocked(member, now)) throw new MemberBlockedError(member.banExpires);
}

/** The member a moderator names by pseudo (any case) or e-mail. */
async function findMember(db: Pick<Db, "select">, who: string) {
  const term = who.trim();
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(sql`lower(${user.email}) = lower(${term}) or lower(${profiles.username}) = lower(${term})`)
    .limit(1);
  return row ?? null;
}

/**
 * Block a member for 7 days, 30 days or for good, in one transaction: the
 * ban (better-auth then refuses their sign-in), their sessions revoked, the
 * audit entry and the statement of reasons e-mailed (DSA art. 17). Staff
 * (any role but "user") cannot be blocked.
 */
export async function blockMember(actor: Actor, input: { member: string; duration: BlockDuration; rule: ModerationRule; statement: string }, now = new Date()) {
  const db = await getDb();
  const env = getEnv();
  return db.transaction(async (tx) => {
    const target = await findMember(tx, input.member);
    if (!target) throw new DomainError(BLOCK_MESSAGES.unknown, 404);
    if (target.id === actor.id) throw new DomainError(BLOCK_MESSAGES.self, 403);
    if (target.role !== "user") throw new DomainError(BLOCK_MESSAGES.staff, 403);
    const [before] = await tx.select({ banned: user.banned, banReason: user.banReason, banExpires: user.banExpires }).from(user).where(eq(user.id, target.id)).for("update");
    const until = blockEndsAt(input.duration, now);
    const reason = `${MODERATION_RULES[input.rule]} : ${input.statement}`;
    await tx.update(user).set({ banned: true, banReason: reason, banExpires: until, updatedAt: now }).where(eq(user.id, target.id));
    await tx.delete(session).where(eq(session.userId, target.id));
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "user_block",
      entityId: target.id,
      before: { banned: before.banned ?? false, banExpires: before.banExpires?.toISOString() ?? null },
      after: { banned: true, duration: input.duration, banExpires: until?.toISOString() ?? null, rule: input.rule, statement: input.statement },
    });
    await sendMail(
      {
        to: target.email,
        subject: MEMBER_BLOCKED_SUBJECT,
        kind: "member-blocked",
        react: createElement(MemberBlockedEmail, {
          siteName: env.SITE_NAME,
          siteUrl: env.SITE_URL,
          until: until ? formatParis(until, "d MMMM yyyy 'à' HH'h'mm") : null,
          rule: MODERATION_RULES[input.rule],
          statement: input.statement,
        }),
      },
      { tx },
    );
    return { id: target.id, username: target.username, until };
  });
}

/** Lift a block (audited). 409 when the member is not blocked. */
export async function unblockMember(actor: Actor, userId: string, now = new Date()) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ banned: user.banned, banExpires: user.banExpires, banReason: user.banReason }).from(user).where(eq(user.id, userId)).for("update");
    if (!before || !isBlocked(before, now)) throw new DomainError(BLOCK_MESSAGES.notBlocked, 409);
    await tx.update(user).set({ banned: false, banReason: null, banExpires: null, updatedAt: now }).where(eq(user.id, userId));
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "user_block",
      entityId: userId,
      before: { banned: true, banExpires: before.banExpires?.toISOString() ?? null, reason: before.banReason },
      after: { banned: false },
    });
  });
}

/** For moderators: the members blocked now, latest first. */
const blockedNow = (now: Date) => and(eq(user.banned, true), sql`(${user.banExpires} is null or ${user.banExpires} > ${now})`);

/** How many members are blocked now. */
export async function countBlockedMembers(now = new Date()) {
  const db = await getDb();
  return db.$count(user, blockedNow(now));
}

export async function listBlockedMembers(now = new Date(), limit = 100, offset = 0) {
  const db = await getDb();
  const rows = await db
    .select({ id: user.id, email: user.email, username: profiles.username, reason: user.banReason, until: user.banExpires, since: user.updatedAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(blockedNow(now))
    .orderBy(desc(user.updatedAt), user.id)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, until: r.until?.toISOString() ?? null, since: r.since.toISOString() }));
}
