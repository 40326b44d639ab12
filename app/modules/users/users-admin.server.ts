import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { profiles, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { deleteAccount, isUsernameTaken, UsernameTakenError } from "#app/modules/accounts/accounts.server";
import { paginate } from "#app/modules/admin/pagination.server";
import { listOrder, searchWhere } from "#app/modules/admin/list-query.server";
import type { ListQuery } from "#app/modules/admin/list-query";
import type { UserSort, userListSpec } from "./user-list";
import type { userFormSchema } from "./user-form.schema";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { validatedCashbackByMember } from "#app/modules/cashback/member-cashback.server";

type Actor = { id: string; email: string };

/**
 * One page of accounts: searched (e-mail, username), filtered by role and
 * sorted as the URL says; newest first (user_created_at_idx) by default, the
 * id as tie-breaker.
 */
export async function listUsersAdmin(query: Pick<ListQuery<UserSort, (typeof userListSpec)["filters"]>, "q" | "sort" | "dir" | "filters" | "page">) {
  const db = await getDb();
  const where = and(searchWhere(query.q, [user.email, profiles.username]), query.filters.role ? eq(user.role, query.filters.role) : undefined);
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(where);
    return row?.n ?? 0;
  };
  const page = await paginate(query.page, count, (limit, offset) =>
    db
      .select({
        id: user.id,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(where)
      .orderBy(...listOrder(query.sort, query.dir, { created: user.createdAt, email: user.email, username: profiles.username }, user.id))
      .limit(limit)
      .offset(offset),
  );
  // each account's « Cashback validé », the figure /profile shows (issue #34 item 8)
  const validated = await validatedCashbackByMember(page.rows.map((r) => r.id));
  return { ...page, rows: page.rows.map((r) => ({ ...r, validatedCashbackCents: validated.get(r.id) ?? 0 })) };
}

/** Refused write: it would leave the site without any administrator. */
export class LastAdminError extends Error {
  constructor() {
    super("the last administrator cannot lose the admin role");
  }
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

/**
 * Lock every admin row, then refuse if `id` is the only admin left. Two admins
 * demoting each other at the same moment are serialised by the row locks, so
 * one of them always stays admin.
 */
async function assertNotLastAdmin(tx: Tx, id: string) {
  const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).for("update");
  if (admins.some((a) => a.id === id) && admins.every((a) => a.id === id)) throw new LastAdminError();
}

/** Change a member's role and pseudo, with its audit entry, in one transaction (null: no such account). */
export async function updateUserAdmin(input: z.output<typeof userFormSchema>, actor: Actor) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (input.role !== "admin") await assertNotLastAdmin(tx, input.id);
    if (input.username && (await isUsernameTaken(input.username, { userId: input.id }, tx))) throw new UsernameTakenError();
    const [before] = await tx.select().from(user).where(eq(user.id, input.id));
    if (!before) return null;
    const [after] = await tx.update(user).set({ role: input.role, name: input.username ?? "", updatedAt: new Date() }).where(eq(user.id, input.id)).returning();
    await tx.update(profiles).set({ username: input.username }).where(eq(profiles.id, input.id));
    await recordAuditIn(tx, actor, { action: "update", entity: "user", entityId: input.id, before, after });
    return { id: after.id };
  });
}

/**
 * Deleting the user cascades to the profile, sessions and accounts; refused while cashback money is theirs; the
 * ledger accounts stay under an opaque reference, with any debt (ADR 013).
 */
export async function deleteUserAdmin(id: string, actor: Actor) {
  const db = await getDb();
  const [target] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
  if (!target) return null;
  // the member's own erasure (ADR 008 §Erasure), refused for the last admin
  await deleteAccount(id, target.email, { actor, check: (tx) => assertNotLastAdmin(tx, id) });
  return { email: target.email };
}

/**
 * Promote an existing account (by e-mail, case-insensitive) to admin; false
 * when unknown (`npm run create-admin`). The operator vouches for the address:
 * it is marked verified, since without SMTP_URL the verification link is
 * readable only by an admin.
 */
export async function promoteToAdmin(email: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.update(user).set({ role: "admin", emailVerified: true, updatedAt: new Date() }).where(sql`lower(${user.email}) = lower(${email})`).returning({ id: user.id });
  return rows.length > 0;
}

