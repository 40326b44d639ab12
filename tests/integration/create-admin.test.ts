import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { promoteToAdmin } from "#app/modules/users/users-admin.server";
import { cookieFor, createUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

describeEachDb("npm run create-admin (first admin of a deployment)", ({ database }) => {
  it("makes a new, unverified account an admin who can sign in, with no e-mail delivered", async () => {
    const db = database().db;
    // a deployment without SMTP_URL: the verification e-mail only reaches the outbox, which only admins read
    const u = await createUser({ email: "premiere.admin@example.fr", verified: false });
    await expect(cookieFor(u.email, u.password)).rejects.toThrow();
    expect(await promoteToAdmin("premiere.admin@EXAMPLE.fr")).toBe(true);
    const [row] = await db.select().from(s.user).where(eq(s.user.id, u.id));
    expect(row).toMatchObject({ role: "admin", emailVerified: true });
    expect(await cookieFor(u.email, u.password)).toMatch(/session_token=/);
    expect(await promoteToAdmin("inconnue@example.fr")).toBe(false);
  });
});
