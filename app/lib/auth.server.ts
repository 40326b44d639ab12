import type { Auth as BetterAuth, BetterAuthOptions } from "better-auth";
import type { admin, AdminOptions, magicLink } from "better-auth/plugins";
import { and, eq, like } from "drizzle-orm";
import { redirect } from "react-router";
import * as schema from "#db/schema";
import { getDb, type Db } from "./db.server";
import { redirectWithToast } from "./toast.server";

import { can, toRole, type Permission } from "./permissions";
import type { Role } from "#db/constants";
import { signInHref } from "./safe-redirect.server";
import { requestMemo } from "./request-scope.server";
import { forget, remember } from "./remember.server";
import { createDataCache, SESSION_TABLES, type SessionTable } from "./data-cache.server";
import { createHash } from "node:crypto";
/** Name fragment of better-auth's session cookie (prefix "crevarde"). */
export const SESSION_COOKIE = "crevarde.session_token";

/**
 * The one header better-auth reads the client's IP from (sessions, the data
 * export): never X-Forwarded-For, which any client can write. Only our code
 * sets it, from `clientIpOf` (TRUST_PROXY's decision): `authHeaders` for the
 * calls our actions make, and server/app.ts for every request, replacing
 * whatever value a client sent (issue #35 item 11).
 */
export const CLIENT_IP_HEADER = "x-crevarde-client-ip";

/** The request's headers for a better-auth call, with the client IP our proxy settings decided (none: no IP). */
export function authHeaders(request: Request, ip: string | null | undefined): Headers {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip && ip !== "unknown") headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/**
 * Invalidate every outstanding password-reset link of a user (after a reset or a
 * password change). better-auth keeps them in "verification" as
 * identifier "reset-password:<token>", value = the user id.
 */
export async function revokeResetLinks(userId: string) {
  const db = await getDb();
  await db
    .delete(schema.verification)
    .where(and(like(schema.verification.identifier, "reset-password:%"), eq(schema.verification.value, userId)));
}

/**
 * The better-auth instance the domain calls: its options are the composition root's
 * (app/composition/auth.server.ts, ADR 052); its plugins are the admin and magic-link ones.
 */
export type AuthOptions = Omit<BetterAuthOptions, "plugins"> & { plugins: [ReturnType<typeof admin<AdminOptions>>, ReturnType<typeof magicLink>] };
export type Auth = BetterAuth<AuthOptions>;

/** Builds the auth instance on a database. */
type AuthFactory = (db: Db) => Auth;

// in the process store, like the instance: the server and the app bundle each load this module (ADR 035)
const factory = remember<{ create?: AuthFactory }>("auth.factory", () => ({}));

/** Install the factory of the auth instance: the composition root does it when imported (ADR 052). */
export function setAuthFactory(create: AuthFactory) {
  factory.create = create;
  forget("auth");
}

/** The process-wide better-auth instance, bound to the process database. */
export function getAuth(): Promise<Auth> {
  return remember("auth", () => {
    const create = factory.create;
    if (!create) throw new Error("auth: no factory installed (import app/composition/auth.server)");
    return getDb().then(create);
  });
}

/** Test helper: rebuild the auth instance on the next call (e.g. after a new database). */
export function resetAuth() {
  forget("auth");
}

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  username: string | null;
  avatarUrl: string | null;
  dealsUsed: number;
  newsletterSubscribed: boolean;
}

// One lookup per request: the root loader and the route loader share it. Each loader gets
// its own copy of the Request, so the memo is the request scope (server/app.ts), keyed by
// the cookie; the WeakMap serves callers outside a scope (tests calling a loader).
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user with their profile, or null (memoised per request). */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  const scoped = requestMemo(`session-user:${request.headers.get("cookie") ?? ""}`, () => loadSessionUser(request));
  if (scoped) return scoped;
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadSessionUser(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** Most sessions held in memory (ADR 032): past it, the oldest entries go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * The members of recent sessions, in this process's memory (ADR 032). An entry is the
 * answer better-auth gave for one signed session cookie; a write to "session", "user" or
 * "profiles" on any server (sign-out, revocation, ban, role or profile change) drops every
 * entry at commit (migration 0037_session_notify), and an entry ends at its session's expiry.
 */
const sessions = createDataCache<SessionTable>("sessions", SESSION_CACHE_MAX_ENTRIES);

/** Test helper: the number of sessions held in memory. */
export const sessionCacheSize = () => sessions.size();

const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*((?:__Secure-)?${SESSION_COOKIE.replace(".", "\\.")}=[^;]+)`, "g");

/**
 * The cache key of the session cookie in a Cookie header: a hash of its name and signed value, so
 * that no token is kept in memory. Null when the header holds more than one session
 * cookie (or its name twice, however written): better-auth picks one of them, and the key
 * must be what it checked.
 */
export function sessionCacheKey(cookie: string): string | null {
  if (cookie.split(SESSION_COOKIE).length !== 2) return null;
  const pairs = [...cookie.matchAll(SESSION_COOKIE_PAIR)];
  if (pairs.length !== 1) return null;
  // the name too: "__Secure-" or not, only one of them is read by better-auth
  return createHash("sha256").update(pairs[0][1]).digest("base64url");
}

async function loadSessionUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes(SESSION_COOKIE)) return null;
  const key = sessionCacheKey(cookie);
  if (!key) return (await readSessionUser(request))?.user ?? null;
  // an unknown, expired or forged cookie is asked again next time: only valid sessions are kept
  const found = await sessions.read(`session:${key}`, SESSION_TABLES, () => readSessionUser(request), {
    keep: (value) => value !== null,
    expiresAt: (value) => value?.expiresAt,
  });
  return found?.user ?? null;
}

/** The member of the request's session (better-auth checks the cookie's signature and the session's expiry). */
async function readSessionUser(request: Request): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return null;
  const db = await getDb();
  const [profile] = await db
    .select()
    .from(schema.profiles)
    .where(eq(schema.profiles.id, session.user.id))
    .limit(1);
  return {
    expiresAt: new Date(session.session.expiresAt),
    user: {
      id: session.user.id,
      email: session.user.email,
      role: toRole((session.user as { role?: string }).role),
      username: profile?.username ?? null,
      avatarUrl: profile?.avatarUrl ?? session.user.image ?? null,
      dealsUsed: profile?.dealsUsed ?? 0,
      newsletterSubscribed: profile?.newsletterSubscribed ?? false,
    },
  };
}

/** /auth, with the way back to this page when safeRedirect will accept it (not a 10 kB query). */
function signInPath(request: Request) {
  const url = new URL(request.url);
  return signInHref(url.pathname + url.search);
}

/** Member guard: anonymous visitors go to /auth?redirect=<path> (or a custom target). */
export async function requireUser(request: Request, options: { redirectTo?: string } = {}) {
  const user = await getSessionUser(request);
  if (!user) {
    throw redirect(options.redirectTo ?? signInPath(request));
  }
  return user;
}

/**
 * Back-office guard for loaders: anonymous -> /auth?redirect=<path>, a user
 * without the permission -> / (or /admin when they may enter the back office).
 * For actions and resource routes, a user without the permission gets 403.
 */
export async function requirePermission(request: Request, permission: Permission) {
  const user = await getSessionUser(request);
  const isMutation = !["GET", "HEAD"].includes(request.method.toUpperCase());
  if (!user) {
    if (isMutation) throw new Response("Authentification requise.", { status: 401 });
    throw redirect(signInPath(request));
  }
  if (!can(user.role, permission)) {
    if (isMutation) throw new Response(FORBIDDEN[permission], { status: 403 });
    // sent back with a word (issue #37 item 9): the team to the dashboard, anyone else home
    const back = permission !== "backoffice" && can(user.role, "backoffice") ? "/admin" : "/";
    throw await redirectWithToast(back, { type: "error", title: ACCESS_REFUSED, description: FORBIDDEN[permission] });
  }
  return user;
}

/** The toast's title when a loader sends someone back from a screen their role does not open. */
export const ACCESS_REFUSED = "Accès refusé";

const FORBIDDEN: Record<Permission, string> = {
  backoffice: "Accès réservé à l'équipe.",
  catalogue: "Accès réservé aux éditeurs et aux administrateurs.",
  money: "Accès réservé à la finance et aux administrateurs.",
  users: "Accès réservé aux administrateurs.",
  settings: "Accès réservé aux administrateurs.",
  moderation: "Accès réservé à la modération et aux administrateurs.",
};

/** Admin-only guard (every permission): see requirePermission. */
export async function requireAdmin(request: Request) {
  const user = await requirePermission(request, "users");
  if (user.role !== "admin") throw new Response("Accès réservé aux administrateurs.", { status: 403 });
  return user;
}
