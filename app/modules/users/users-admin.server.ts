import { desc, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { profiles, user } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { paginate } from "~/modules/admin/pagination.server";
import type { userFormSchema } from "./user-form.schema";

/** One page of accounts, newest first (user_created_at_idx), optionally searched by e-mail or username. */
export async function listUsersAdmin(search: string | null, page = 1) {
  const db = await getDb();
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? or(ilike(user.email, term), ilike(profiles.username, term)) : undefined;
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(where);
    return row?.n ?? 0;
  };
  return paginate(page, count, (limit, offset) =>
    db
      .select({
        id: user.id,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        cashSaved: profiles.cashSaved,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function updateUserAdmin(input: z.output<typeof userFormSchema>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx.update(user).set({ role: input.role, name: input.username ?? "", updatedAt: new Date() }).where(eq(user.id, input.id)).returning({ id: user.id });
    if (!u) return null;
    await tx.update(profiles).set({ username: input.username }).where(eq(profiles.id, input.id));
    return u;
  });
}

/** Deleting the user cascades to the profile, sessions and accounts. */
export async function deleteUserAdmin(id: string) {
  const db = await getDb();
  const [row] = await db.delete(user).where(eq(user.id, id)).returning({ email: user.email });
  return row ?? null;
}

/** Promote an existing account (by e-mail, case-insensitive) to admin; false when unknown. */
export async function promoteToAdmin(email: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(sql`lower(${user.email}) = lower(${email})`).returning({ id: user.id });
  return rows.length > 0;
}

/** Admins other than `exceptId`: the last admin can be neither demoted nor deleted. */
export async function countOtherAdmins(exceptId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(sql`${user.role} = 'admin' and ${user.id} <> ${exceptId}`);
  return row?.n ?? 0;
}
