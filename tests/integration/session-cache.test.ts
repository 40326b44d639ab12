import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { getAuth, getSessionUser, SESSION_COOKIE, sessionCacheKey, sessionCacheSize } from "#app/lib/auth.server";
import { SESSION_MAX_AGE } from "#app/composition/auth.server";
import * as schema from "#db/schema";
import { cookieFor, createUser, req } from "#tests/helpers/auth";
import { describeEachDb, listenDuringSuite } from "#tests/helpers/db";

/**
 * The members of recent sessions kept in memory (ADR 032), as a server runs it: listening
 * for data changes (ADR 024). Every write that could change who a cookie belongs to, or
 * what they may do, is seen by the next request.
 */
describeEachDb("session cache", ({ database }) => {
  const { seen, heard } = listenDuringSuite(database);
  afterEach(() => {
    vi.useRealTimers();
  });
  const member = (cookie: string) => getSessionUser(req("/mon-compte", { cookie }));

  async function signedIn(options: Parameters<typeof createUser>[0] = {}) {
    const user = await createUser(options);
    seen.length = 0;
    const cookie = await cookieFor(user.email, user.password);
    // the sign-in's own write drops every entry: wait for it, as a server would have before the next request
    await heard("session");
    return { ...user, cookie };
  }

  it("answers a signed-in member's next requests from memory", async () => {
    const { id, cookie } = await signedIn();
    const first = await member(cookie);
    expect(first).toMatchObject({ id, role: "user" });
    // each loader gets its own Request: the same (frozen) member, not a new lookup
    expect(await member(cookie)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("ends a session signed out or revoked on any server at once", async () => {
    const { cookie } = await signedIn();
    expect(await member(cookie)).not.toBeNull();
    seen.length = 0;
    const auth = await getAuth();
    await auth.api.signOut({ headers: new Headers({ cookie, origin: "http://localhost:3000" }) });
    await heard("session");
    expect(await member(cookie)).toBeNull();

    // a revocation straight in the database (another server, an admin tool)
    const other = await signedIn();
    expect(await member(other.cookie)).not.toBeNull();
    seen.length = 0;
    await database().db.delete(schema.session).where(eq(schema.session.userId, other.id));
    await heard("session");
    expect(await member(other.cookie)).toBeNull();
  });

  it("sees a role change, a ban and a profile change on the next request", async () => {
    const { id, cookie } = await signedIn();
    expect((await member(cookie))?.role).toBe("user");

    seen.length = 0;
    await database().db.update(schema.user).set({ role: "editor" }).where(eq(schema.user.id, id));
    await heard("user");
    expect((await member(cookie))?.role).toBe("editor");

    seen.length = 0;
    await database().db.update(schema.profiles).set({ username: "Renommée" }).where(eq(schema.profiles.id, id));
    await heard("profiles");
    expect((await member(cookie))?.username).toBe("Renommée");

    // a ban through the admin plugin revokes the member's sessions
    const admin = await signedIn({ role: "admin" });
    seen.length = 0;
    const auth = await getAuth();
    await auth.api.banUser({ body: { userId: id, banReason: "test" }, headers: new Headers({ cookie: admin.cookie, origin: "http://localhost:3000" }) });
    await heard("session");
    expect(await member(cookie)).toBeNull();
  });

  it("ends an entry when its session expires, with no write at all", async () => {
    const { id, cookie } = await signedIn();
    seen.length = 0;
    // an hour short of the full 30 days: not yet due for better-auth's daily refresh (a write)
    const expiresAt = new Date(Date.now() + SESSION_MAX_AGE * 1000 - 60 * 60_000);
    await database().db.update(schema.session).set({ expiresAt }).where(eq(schema.session.userId, id));
    await heard("session");
    const first = await member(cookie);
    expect(first).not.toBeNull();
    expect(await member(cookie)).toBe(first);
    // a minute past its end (the clock only: the database and timers run as usual)
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expiresAt.getTime() + 60_000);
    expect(await member(cookie)).toBeNull();
  });

  it("keeps no entry for a forged, unknown or doubled session cookie", async () => {
    const { cookie } = await signedIn();
    const before = sessionCacheSize();
    const [name, value] = cookie.split(/=(.*)/s);
    const [token, signature] = decodeURIComponent(value).split(".");
    // a real token with a signature that is not the server's
    const forged = `${name}=${encodeURIComponent(`${token}.${signature.split("").reverse().join("")}`)}`;
    expect(await member(forged)).toBeNull();
    expect(await member(`${SESSION_COOKIE}=nothing.here`)).toBeNull();
    expect(sessionCacheSize()).toBe(before);

    // two session cookies: better-auth checks one of them, and the answer is never kept
    const other = await signedIn();
    const size = sessionCacheSize();
    const both = `${other.cookie}; ${cookie}`;
    expect(sessionCacheKey(both)).toBeNull();
    const answer = await member(both);
    expect(answer).not.toBeNull();
    expect(await member(both)).not.toBe(answer);
    expect(sessionCacheSize()).toBe(size);
  });
});
