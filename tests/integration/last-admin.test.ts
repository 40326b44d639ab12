import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { action as userAction } from "#app/routes/admin/users";
import { LastAdminError, updateUserAdmin, deleteUserAdmin } from "#app/modules/users/users-admin.server";
import { USER_MESSAGES } from "#app/modules/users/user-form.schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

describeEachDb("the last administrator", ({ database }) => {
  it("two admins demoting each other at once: one is refused with the French message, one admin remains", async () => {
    const db = database().db;
    const a = await signedInUser({ role: "admin" });
    const b = await signedInUser({ role: "admin" });
    const demote = (actor: typeof a, target: typeof a) =>
      callRoute(userAction, req("/admin/users", { cookie: actor.cookie, form: { intent: "save", id: target.id, role: "user", username: "" } }));
    const results = await Promise.all([demote(a, b), demote(b, a)]);
    // one wins; the other is refused: 409 with the message when both ran at
    // once (PostgreSQL), 403 when the first had already finished (PGlite runs
    // one query at a time, so the second actor is no longer an admin)
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.find((r) => r.status !== 200)!;
    expect([403, 409]).toContain(refused.status);
    if (refused.status === 409) expect(refused.data.toast?.description).toBe(USER_MESSAGES.lastAdmin);
    const admins = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.role, "admin"));
    expect(admins).toHaveLength(1);

    // the domain refuses to remove the last one, whatever the caller
    const last = admins[0].id;
    await expect(updateUserAdmin({ id: last, role: "user", username: null } as Parameters<typeof updateUserAdmin>[0], { id: "test-admin", email: "admin@test.local" })).rejects.toBeInstanceOf(LastAdminError);
    await expect(deleteUserAdmin(last, { id: "test-admin", email: "admin@test.local" })).rejects.toBeInstanceOf(LastAdminError);
    expect((await db.select({ role: s.user.role }).from(s.user).where(eq(s.user.id, last)))[0].role).toBe("admin");
  });

  it("two demotions racing in the domain: the row locks let only one through", async () => {
    const db = database().db;
    await db.update(s.user).set({ role: "user" });
    const a = await signedInUser({ role: "admin" });
    const b = await signedInUser({ role: "admin" });
    const results = await Promise.allSettled([
      updateUserAdmin({ id: a.id, role: "user", username: null } as Parameters<typeof updateUserAdmin>[0], { id: "test-admin", email: "admin@test.local" }),
      updateUserAdmin({ id: b.id, role: "user", username: null } as Parameters<typeof updateUserAdmin>[0], { id: "test-admin", email: "admin@test.local" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(LastAdminError);
    expect(await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.role, "admin"))).toHaveLength(1);
  });
});
