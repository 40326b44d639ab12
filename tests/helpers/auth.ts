import { randomUUID } from "node:crypto";
import { hashPassword, makeSignature } from "better-auth/crypto";
import { beforeAll } from "vitest";
import { getAuth } from "#app/lib/auth.server";
import { getDb } from "#app/lib/db.server";
import * as s from "#db/schema";
import type { Role } from "#db/constants";

export const TEST_ORIGIN = "http://localhost:3000";

/** scrypt costs tens of milliseconds: one hash per password for the file (each still checks on sign-in). */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/** A verified account with a password (no e-mail sent). */
export async function createUser(options: { role?: Role; email?: string; password?: string; username?: string; verified?: boolean } = {}) {
  const db = await getDb();
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.fr`;
  const password = options.password ?? "Rouge-gorge 2025";
  // pseudos are unique (profiles_username_lower_idx): the default one carries the id
  const username = options.username ?? `Testeuse-${id.slice(0, 8)}`;
  await db.insert(s.user).values({ id, name: username, email, emailVerified: options.verified ?? true, role: options.role ?? "user" });
  await db.insert(s.account).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: await hashOf(password) });
  // the trigger on "user" has created the profile already
  await db.insert(s.profiles).values({ id, email, username }).onConflictDoUpdate({ target: s.profiles.id, set: { username } });
  return { id, email, password };
}

/** Sign a user in through better-auth and return the Cookie header to send. */
export async function cookieFor(email: string, password: string): Promise<string> {
  const auth = await getAuth();
  const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: new Headers({ origin: TEST_ORIGIN }), returnHeaders: true });
  return cookieHeaderFrom(headers);
}

export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * The Cookie header of a new session of `userId`, made by better-auth as a sign-in
 * makes it (same table, same hooks, same signed cookie), without the password check:
 * scrypt costs tens of milliseconds. Tests of the sign-in itself use cookieFor.
 */
async function sessionCookieFor(userId: string): Promise<string> {
  const context = await (await getAuth()).$context;
  const session = await context.internalAdapter.createSession(userId, false);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

export async function signedInUser(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** One signed-in account per role, created before the suite's tests run: `const staff = accountsWithRoles(["editor", "finance"])`, then `staff.editor.cookie`. */
export function accountsWithRoles<const R extends Role>(roles: readonly R[]): Record<R, SignedInUser> {
  const accounts = {} as Record<R, SignedInUser>;
  beforeAll(async () => {
    for (const role of roles) accounts[role] = await signedInUser({ role });
  });
  return accounts;
}

/** Build a Request as a browser on the site would send it. */
export function req(path: string, init: RequestInit & { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", TEST_ORIGIN);
  if (init.cookie) headers.set("cookie", init.cookie);
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers.set("content-type", "application/x-www-form-urlencoded");
  }
  return new Request(`${TEST_ORIGIN}${path}`, { ...init, method: init.method ?? (init.form ? "POST" : "GET"), headers, body });
}
