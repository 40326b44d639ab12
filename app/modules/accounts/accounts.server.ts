import { isAPIError } from "better-auth/api";
import { deleteContactMessagesOf, exportContactMessages } from "#app/modules/contact/contact.server";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { createElement } from "react";
import * as schema from "#db/schema";
import { AccountDeletedEmail } from "#app/emails/templates";
import { authHeaders, getAuth, revokeResetLinks } from "#app/lib/auth.server";
import { runInBackground } from "#app/lib/background.server";
import { DEVICE_COOKIE } from "#app/lib/device-cookie.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { getDb, type Db } from "#app/lib/db.server";
import { DomainError } from "#app/lib/errors";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, renderMail } from "#app/lib/mail.server";
import {
  enforceRateLimit,
  lockoutMessage,
  LOGIN_FAILURES,
  LOGIN_FAILURES_PER_IP,
  RATE_LIMITS,
  hitRateLimit,
  reserveAttempt,
  type RateLimitRule,
} from "#app/lib/rate-limit.server";
import { deleteUploadIfUnreferenced } from "#app/modules/privacy/retention.server";
import { anonymiseMemberLedger, assertMemberDeletable } from "#app/modules/ledger/ledger.server";
import { recordPendingReferral } from "#app/modules/invites/invites.server";
import { knownDeviceOf, recordAccountSignals } from "#app/modules/referrals/signals.server";
import { myReferralRewards, voidReferralRewardsOfDeletedMember } from "#app/modules/referrals/referrals.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { AUTH_MESSAGES, loginErrorMessage, signupErrorMessage } from "./messages";
import { USERNAME_TAKEN } from "./accounts.schema";
import { maskIban } from "#app/modules/payouts/bank-details.schema";
import { openBankText } from "#app/modules/payouts/bank-crypto.server";
import { eraseMemberClaimDataIn, removeProofFiles } from "#app/modules/claims/claims.server";
import { exportCodeFeedback } from "#app/modules/promo-codes/code-feedback.server";
import { alertsForExport } from "#app/modules/alerts/alerts.server";
import { priceAlertsForExport } from "#app/modules/prices/price-alerts.server";
import { listMyDealPosts } from "#app/modules/deals/posting.server";
import { exportDealVotes } from "#app/modules/deals/deal-votes.server";
import { exportContentReports, exportDealComments } from "#app/modules/deals/deal-comments.server";

function apiError(error: unknown): { status: number; message: string; code?: string } {
  // better-auth's errors, and the redirects its endpoints throw (better-call's own APIError class)
  if (isAPIError(error)) {
    const body = (error.body ?? {}) as { message?: string; code?: string };
    return { status: error.statusCode, message: body.message ?? error.message, code: body.code };
  }
  return { status: 500, message: (error as Error)?.message ?? "" };
}

export type LoginResult =
  | { ok: true; headers: Headers; redirectTo: string }
  | { ok: false; status: number; message: string; unverified?: boolean };

/** Who is checking a password: the account and the client IP, each with its failure counter. */
export interface PasswordChecker {
  email: string;
  ip: string;
  /** the hashed device cookie of a browser that signed in to this account before (knownDeviceOf), else null */
  knownDevice?: string | null;
}

/**
 * Verify a password under the failure counters shared by sign-in and /profile: one
 * attempt is reserved per account and per IP BEFORE the password is verified (so at
 * most the limit is checked per window, whatever the concurrency), kept when the check
 * failed, given back when `check` reports success. Locked out: 429 with the wait.
 */
async function guardPasswordCheck<T>(
  who: PasswordChecker,
  check: () => Promise<{ counts: boolean; value: T }>,
): Promise<{ limited: true; status: 429; message: string } | { limited: false; value: T }> {
  // a browser that signed in to the account before has a counter of its own: an attacker's failures on the
  // account do not lock its owner out (ASVS 2.2.1, issue #35 item 12); the attacker keeps the account's limit.
  // Its failures still count on the account's counter, which does not refuse it (ADR 043 §What the attacker still hits)
  const account = `email:${who.email.toLowerCase()}`;
  const reservation = await reserveAttempt([
    ...(who.knownDevice
      ? [
          { rule: LOGIN_FAILURES, subject: `${account}:device:${who.knownDevice}` },
          { rule: LOGIN_FAILURES, subject: account, blocks: false },
        ]
      : [{ rule: LOGIN_FAILURES, subject: account }]),
    { rule: LOGIN_FAILURES_PER_IP, subject: `ip:${who.ip}` },
  ]);
  if (!reservation.allowed) return { limited: true, status: 429, message: lockoutMessage(reservation.retryAfter) };
  let counts = true;
  try {
    const outcome = await check();
    counts = outcome.counts;
    return { limited: false, value: outcome.value };
  } finally {
    if (!counts) await reservation.release();
  }
}

/** Sign in with e-mail and password; counts failures per IP and per account. */
export async function signIn(
  request: Request,
  input: { email: string; password: string; redirectTo?: string },
  ip: string,
  deviceId: string | null = null,
): Promise<LoginResult> {
  const email = input.email.toLowerCase();
  const auth = await getAuth();
  const knownDevice = await knownDeviceOf(email, deviceId);
  const guarded = await guardPasswordCheck<LoginResult>({ email, ip, knownDevice }, async () => {
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: authHeaders(request, ip),
        returnHeaders: true,
      });
      // where the member signs in from: a self-referral signal (ADR 040)
      await recordAccountSignals(response.user.id, { ip, deviceId });
      return { counts: false, value: { ok: true, headers, redirectTo: safeRedirect(input.redirectTo, "/codes-promo") } };
    } catch (error) {
      const e = apiError(error);
      if (e.code === "EMAIL_NOT_VERIFIED") {
        // better-auth says so only after the password was verified: not a failure
        return { counts: false, value: { ok: false, status: 403, message: AUTH_MESSAGES.unverified, unverified: true } };
      }
      if (e.code === "BANNED_USER") {
        // a blocked member (better-auth's ban), told until when: the password was right, not a failure
        return { counts: false, value: { ok: false, status: 403, message: e.message } };
      }
      if (e.status >= 500) logger.error({ err: error }, "auth: sign-in failed");
      const status = e.status === 429 ? 429 : e.status >= 500 ? 503 : 401;
      const message = loginErrorMessage(e.code === "INVALID_EMAIL_OR_PASSWORD" ? "credentials" : e.message, e.status);
      return { counts: true, value: { ok: false, status, message } };
    }
  });
  return guarded.limited ? { ok: false, status: guarded.status, message: guarded.message } : guarded.value;
}

/**
 * « Recevoir un lien de connexion par e-mail » (ADR 043): the same answer whatever the address (no
 * account enumeration). After the per-IP and per-address limits, the account lookup, the token and the
 * e-mail run after the response, so its timing says nothing; only a verified account gets a link.
 */
export async function requestSignInLink(email: string, ip: string, redirectTo?: string | null) {
  const address = email.toLowerCase();
  await enforceRateLimit(RATE_LIMITS.passwordReset, `sign-in-link-ip:${ip}`);
  await enforceRateLimit(RATE_LIMITS.passwordReset, `sign-in-link-email:${address}`);
  const target = safeRedirect(redirectTo, "/codes-promo");
  runInBackground("sign-in-link-request", async () => {
    const db = await getDb();
    const [owner] = await db.select({ verified: schema.user.emailVerified }).from(schema.user).where(eq(schema.user.email, address)).limit(1);
    if (!owner?.verified) return;
    const auth = await getAuth();
    try {
      await auth.api.signInMagicLink({ body: { email: address, metadata: { redirectTo: target } }, headers: new Headers() });
    } catch (error) {
      logger.info({ err: error }, "auth: sign-in link not sent");
    }
  });
}

/**
 * Sign in with an e-mailed one-time link (ADR 043): its token is consumed by this first use, whatever
 * follows. The failure counters are left as they are: the attacker's side keeps its lock. The browser
 * becomes a known device of the account (its device cookie, ADR 040).
 */
export async function signInWithLink(
  request: Request,
  input: { token: string; redirectTo?: string },
  ip: string,
  deviceId: string | null,
): Promise<LoginResult> {
  await enforceRateLimit(RATE_LIMITS.publicForm, `sign-in-link-use:${ip}`);
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.magicLinkVerify({ query: { token: input.token }, headers: authHeaders(request, ip), returnHeaders: true });
    await recordAccountSignals(response.user.id, { ip, deviceId });
    return { ok: true, headers, redirectTo: safeRedirect(input.redirectTo, "/codes-promo") };
  } catch (error) {
    const e = apiError(error);
    if (e.code === "BANNED_USER") return { ok: false, status: 403, message: e.message };
    if (e.status >= 500) {
      logger.error({ err: error }, "auth: sign-in link failed");
      return { ok: false, status: 503, message: AUTH_MESSAGES.loginDefault };
    }
    // better-auth answers an unknown, used or expired token with a redirect carrying INVALID_TOKEN
    return { ok: false, status: 400, message: AUTH_MESSAGES.signInLinkInvalid };
  }
}

export type SignupResult = { ok: true } | { ok: false; status: number; message: string };

/**
 * Create an account and send the verification e-mail (the link lands on /auth?verified=true).
 * When this request created the account, its network and device are remembered and the
 * invitation code it carried is noted, to bind once the address is verified (ADR 040).
 */
export async function signUp(
  request: Request,
  input: { email: string; password: string; username: string },
  ip: string,
  extra: { referralCode?: string | null; deviceId?: string | null } = {},
): Promise<SignupResult> {
  const email = input.email.toLowerCase();
  await enforceRateLimit(RATE_LIMITS.signup, `ip:${ip}`);
  await enforceRateLimit(RATE_LIMITS.signup, `email:${email}`);
  // the pseudo is public (/membres/:pseudo), so saying it is taken reveals nothing; the
  // address's own account is left out so that signing up again still answers like a new
  // sign-up (and mails « Tu as déjà un compte »)
  if (await isUsernameTaken(input.username, { email })) return { ok: false, status: 409, message: USERNAME_TAKEN };
  const auth = await getAuth();
  try {
    const created = await auth.api.signUpEmail({
      body: { email, password: input.password, name: input.username, callbackURL: "/auth?verified=true" },
      headers: authHeaders(request, ip),
    });
    await afterSignUp(created.user.id, ip, extra);
    return { ok: true };
  } catch (error) {
    if (isUsernameConflict(error)) return { ok: false, status: 409, message: USERNAME_TAKEN };
    const e = apiError(error);
    if (e.status >= 500) logger.error({ err: error }, "auth: sign-up failed");
    const message =
      e.code === "USER_ALREADY_EXISTS" || e.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
        ? AUTH_MESSAGES.signupAlreadyRegistered
        : signupErrorMessage(e.code?.includes("PASSWORD") ? "password" : e.message, e.status);
    return { ok: false, status: e.status >= 500 ? 503 : e.status === 429 ? 429 : 400, message };
  }
}

/**
 * better-auth answers a sign-up with an address that already has an account as it
 * answers a new one, with an id that belongs to no account: only a real new account
 * is followed up, so a second sign-up never touches the owner's account.
 */
async function afterSignUp(userId: string, ip: string, extra: { referralCode?: string | null; deviceId?: string | null }) {
  const db = await getDb();
  const [created] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, userId));
  if (!created) return;
  await recordAccountSignals(created.id, { ip, deviceId: extra.deviceId });
  if (extra.referralCode) await recordPendingReferral(created.id, extra.referralCode);
}

/** Send a new verification link; the answer never says whether the account exists. */
export async function resendVerification(email: string, ip: string) {
  await enforceRateLimit(RATE_LIMITS.passwordReset, `verify-ip:${ip}`);
  await enforceRateLimit(RATE_LIMITS.passwordReset, `verify-email:${email.toLowerCase()}`);
  const auth = await getAuth();
  try {
    await auth.api.sendVerificationEmail({ body: { email: email.toLowerCase(), callbackURL: "/auth?verified=true" } });
  } catch (error) {
    logger.info({ err: error }, "auth: verification e-mail not sent");
  }
}

/**
 * Ask for a reset link; always answers the same way (no account enumeration). Both
 * branches do the same work before answering: the rate limits, then the account lookup,
 * the token and the e-mail run after the response, so its timing says nothing.
 */
export async function requestPasswordReset(email: string, ip: string) {
  await enforceRateLimit(RATE_LIMITS.passwordReset, `ip:${ip}`);
  await enforceRateLimit(RATE_LIMITS.passwordReset, `email:${email.toLowerCase()}`);
  runInBackground("password-reset-request", async () => {
    const auth = await getAuth();
    try {
      await auth.api.requestPasswordReset({ body: { email: email.toLowerCase(), redirectTo: "/auth/reset-password" } });
    } catch (error) {
      logger.info({ err: error }, "auth: reset e-mail not sent");
    }
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<{ ok: boolean; message?: string }> {
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    const e = apiError(error);
    if (e.code === "INVALID_TOKEN" || e.status === 400) {
      return { ok: false, message: "Ce lien de réinitialisation est invalide ou a expiré. Demande un nouveau lien." };
    }
    logger.error({ err: error }, "auth: reset failed");
    return { ok: false, message: "Une erreur est survenue. Recharge la page et réessaie." };
  }
}

/** End the session on the server; returns the Set-Cookie headers that clear the cookies. */
export async function signOut(request: Request): Promise<Headers> {
  const auth = await getAuth();
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return headers;
}

/** Expire every auth cookie we may have set, whatever its state. */
export function clearAuthCookies(request: Request): Headers {
  const headers = new Headers();
  const secure = getEnv().SITE_URL.startsWith("https://");
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((c) => c.split("=")[0]?.trim())
    // the device cookie is no sign-in: it outlives a session reset (ADR 040)
    .filter((n): n is string => Boolean(n) && n !== DEVICE_COOKIE && (n.includes("crevarde.") || n.includes("better-auth") || n === "redirect_attempts"));
  for (const name of new Set(names)) {
    headers.append(
      "Set-Cookie",
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure || name.startsWith("__Secure-") ? "; Secure" : ""}`,
    );
  }
  return headers;
}

/** Another account already has this pseudo (any case). */
export class UsernameTakenError extends DomainError<"username"> {
  constructor() {
    super(USERNAME_TAKEN, 409, "username");
  }
}

/** Whether another account (not `except`: an id, or an e-mail at sign-up) already has this pseudo, whatever its case. */
/** The recipient and kind of one e-mail of the outbox (null when there is none with this id). */
export async function outboxMail(id: string): Promise<{ to: string; kind: string } | null> {
  const db = await getDb();
  const [row] = await db.select({ to: schema.emailOutbox.to, kind: schema.emailOutbox.kind }).from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
  return row ?? null;
}

/** When the member's account was created (null for an account that no longer exists). */
export async function memberSince(userId: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db.select({ createdAt: schema.user.createdAt }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.createdAt ?? null;
}

export async function isUsernameTaken(username: string, except: { userId?: string; email?: string } = {}, db: Pick<Db, "select"> | null = null) {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ id: schema.profiles.id })
    .from(schema.profiles)
    .where(
      and(
        sql`lower(${schema.profiles.username}) = lower(${username.trim()})`,
        except.userId ? ne(schema.profiles.id, except.userId) : undefined,
        except.email ? sql`lower(${schema.profiles.email}) <> lower(${except.email})` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A unique violation on the pseudo's index (a race between the check and the write) is the same refusal. */
function isUsernameConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (constraint === "profiles_username_lower_idx" || (typeof message === "string" && message.includes("profiles_username_lower_idx"))) return true;
  }
  return false;
}

/** Change the member's pseudo (profile and account name); 409 UsernameTakenError when another account has it. */
export async function updateUsername(userId: string, username: string) {
  const db = await getDb();
  if (await isUsernameTaken(username, { userId }, db)) throw new UsernameTakenError();
  try {
    await db.transaction(async (tx) => {
      await tx.update(schema.profiles).set({ username }).where(eq(schema.profiles.id, userId));
      await tx.update(schema.user).set({ name: username }).where(eq(schema.user.id, userId));
    });
  } catch (error) {
    if (isUsernameConflict(error)) throw new UsernameTakenError();
    throw error;
  }
}

/** Avatar uploads per member: 10 an hour (each one is an image re-encoded by sharp). */
const AVATAR_UPLOADS: RateLimitRule = { name: "avatar", limit: 10, windowSeconds: 60 * 60 };

/** Whether the member may upload another avatar now (counts the attempt). */
export async function allowAvatarUpload(userId: string): Promise<boolean> {
  return (await hitRateLimit(AVATAR_UPLOADS, `user:${userId}`)).allowed;
}

/** Set the member's avatar and delete the file it replaces (unless something else still uses it). */
export async function updateAvatar(userId: string, avatarUrl: string) {
  const db = await getDb();
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select({ url: schema.profiles.avatarUrl }).from(schema.profiles).where(eq(schema.profiles.id, userId)).for("update");
    await tx.update(schema.profiles).set({ avatarUrl }).where(eq(schema.profiles.id, userId));
    return row?.url ?? null;
  });
  if (previous && previous !== avatarUrl) {
    await deleteUploadIfUnreferenced(previous).catch((error) => logger.error({ err: error }, "accounts: previous avatar not deleted"));
  }
}

export type PasswordCheckResult<T = object> = ({ ok: true } & T) | { ok: false; status: 400 | 429; message: string };

/** Change the password (current one required, limited like sign-in); ends the other sessions and every reset link. */
export async function changePassword(
  request: Request,
  currentPassword: string,
  newPassword: string,
  who: PasswordChecker,
): Promise<PasswordCheckResult<{ headers: Headers }>> {
  const auth = await getAuth();
  const guarded = await guardPasswordCheck<PasswordCheckResult<{ headers: Headers; userId: string }>>(who, async () => {
    try {
      const { headers, response } = await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: authHeaders(request, who.ip),
        returnHeaders: true,
      });
      return { counts: false, value: { ok: true, headers, userId: response.user.id } };
    } catch (error) {
      const e = apiError(error);
      if (e.code === "INVALID_PASSWORD" || e.status === 400 || e.status === 401) {
        return { counts: true, value: { ok: false, status: 400, message: "Ton mot de passe actuel est incorrect." } };
      }
      throw error;
    }
  });
  if (guarded.limited) return { ok: false, status: guarded.status, message: guarded.message };
  if (!guarded.value.ok) return guarded.value;
  await revokeResetLinks(guarded.value.userId);
  return { ok: true, headers: guarded.value.headers };
}

/** Check the signed-in member's password (account deletion confirmation), limited like sign-in. */
export async function verifyOwnPassword(request: Request, password: string, who: PasswordChecker): Promise<PasswordCheckResult> {
  const auth = await getAuth();
  const guarded = await guardPasswordCheck<boolean>(who, async () => {
    try {
      await auth.api.verifyPassword({ body: { password }, headers: request.headers });
      return { counts: false, value: true };
    } catch {
      return { counts: true, value: false };
    }
  });
  if (guarded.limited) return { ok: false, status: guarded.status, message: guarded.message };
  return guarded.value ? { ok: true } : { ok: false, status: 400, message: "Mot de passe incorrect." };
}

/**
 * Delete the account and everything personal tied to it (ADR 008): the user
 * row cascades to sessions, credentials, profile and saved items; the
 * newsletter subscription of the address, the e-mails sent to it, the
 * rate-limit counters naming it and the avatar file go too; click-outs and
 * audience events lose their link to the account; audit entries keep what
 * happened but not who. The deletion notice is queued with the deletion
 * (same transaction) and removed from the outbox once delivered over SMTP.
 * Refused (MemberMoneyOutstandingError) while cashback money is still the
 * member's; ledger rows are kept under an opaque reference, their link to the
 * user set to null, so a debt is not written off by the deletion (ADR 013).
 * An admin's deletion (/admin/users) is the same erasure, after its own check
 * (the last admin stays), with an audit entry that names no one.
 */
export async function deleteAccount(userId: string, email: string, byAdmin?: { actor: { id: string; email: string }; check: (tx: Tx) => Promise<void> }) {
  const db = await getDb();
  const address = email.toLowerCase();
  const env = getEnv();
  const notice = await renderMail({
    to: email,
    subject: "Ton compte a été supprimé",
    kind: "account-deleted",
    // delivered: the outbox keeps no trace of the address (without SMTP the outbox is the delivery, purged after RETENTION.outboxDays)
    eraseAfterDelivery: true,
    react: createElement(AccountDeletedEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL }),
  }).catch((error: unknown) => {
    logger.error({ err: error }, "accounts: deletion e-mail not rendered");
    return null;
  });
  let proofKeys: string[] = [];
  const avatars = await db.transaction(async (tx) => {
    await byAdmin?.check(tx);
    // platform ledger accounts first, then the member's (ADR 013 lock order); rolled back if the deletion is refused
    await voidReferralRewardsOfDeletedMember(tx, userId);
    await assertMemberDeletable(tx, userId);
    await anonymiseMemberLedger(tx, userId, byAdmin?.actor ?? null);
    const [profile] = await tx.select({ avatarUrl: schema.profiles.avatarUrl }).from(schema.profiles).where(eq(schema.profiles.id, userId));
    const [account] = await tx.select({ image: schema.user.image }).from(schema.user).where(eq(schema.user.id, userId));
    await tx
      .delete(schema.newsletterSubscribers)
      .where(or(eq(schema.newsletterSubscribers.userId, userId), sql`lower(${schema.newsletterSubscribers.email}) = ${address}`));
    await tx.delete(schema.emailOutbox).where(sql`lower(${schema.emailOutbox.to}) = ${address}`);
    await deleteContactMessagesOf(tx, userId, address);
    await tx
      .delete(schema.rateLimits)
      .where(sql`strpos(lower(${schema.rateLimits.key}), ${address}) > 0 or strpos(${schema.rateLimits.key}, ${userId}) > 0`);
    await tx.delete(schema.verification).where(or(eq(schema.verification.value, userId), sql`lower(${schema.verification.identifier}) = ${address}`));
    await tx.update(schema.profiles).set({ referredBy: null }).where(eq(schema.profiles.referredBy, userId));
    await tx
      .update(schema.auditLog)
      .set({ actorId: null, actorEmail: "compte supprimé" })
      .where(or(eq(schema.auditLog.actorId, userId), sql`lower(${schema.auditLog.actorEmail}) = ${address}`));
    // entries about the member (an admin's edit): keep the action and time, drop the snapshots naming them
    const trail = sql`lower(concat_ws(' ', ${schema.auditLog.entityId}, ${schema.auditLog.before}::text, ${schema.auditLog.after}::text))`;
    await tx
      .update(schema.auditLog)
      .set({ entityId: sql`nullif(${schema.auditLog.entityId}, ${userId})`, before: null, after: null })
      .where(sql`strpos(${trail}, ${address}) > 0 or strpos(${trail}, ${userId.toLowerCase()}) > 0`);
    proofKeys = await eraseMemberClaimDataIn(tx, userId);
    await tx.delete(schema.user).where(eq(schema.user.id, userId));
    // the admin's act is kept, without the member it was about (ADR 008 §Erasure)
    if (byAdmin) await recordAuditIn(tx, byAdmin.actor, { action: "delete", entity: "user", entityId: null, before: null, after: null });
    if (notice) await enqueueMail(notice, { tx });
    return [profile?.avatarUrl, account?.image];
  });
  await removeProofFiles(proofKeys);
  for (const url of new Set(avatars)) {
    await deleteUploadIfUnreferenced(url).catch((error) => logger.error({ err: error }, "accounts: avatar file not deleted"));
  }
}

/** Query parameters that carry secrets in the links of our e-mails. */
const redactTokens = (text: string) => text.replace(/([?&](?:token|code)=)[^&\s"')\]]+/gi, "$1[masqué]");

/** Everything we hold about a member, for the data export (RGPD access and portability). */
export async function exportAccountData(userId: string) {
  const db = await getDb();
  const [user] = await db
    .select({ id: schema.user.id, email: schema.user.email, name: schema.user.name, emailVerified: schema.user.emailVerified, createdAt: schema.user.createdAt, role: schema.user.role })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  if (!user) return null;
  const address = user.email.toLowerCase();
  const [profile, newsletter, savedDeals, savedPromoCodes, codeFeedback, dealVotes, dealComments, contentReports, sessions, events, invitedMembers, emails, bankAccounts, withdrawals, claims, referralRewards] = await Promise.all([
    db.select().from(schema.profiles).where(eq(schema.profiles.id, userId)).then((rows) => rows[0] ?? null),
    db
      .select({
        email: schema.newsletterSubscribers.email,
        status: schema.newsletterSubscribers.status,
        source: schema.newsletterSubscribers.source,
        consentAt: schema.newsletterSubscribers.consentAt,
        unsubscribedAt: schema.newsletterSubscribers.unsubscribedAt,
      })
      .from(schema.newsletterSubscribers)
      .where(or(eq(schema.newsletterSubscribers.userId, userId), sql`lower(${schema.newsletterSubscribers.email}) = ${address}`)),
    db
      .select({ dealId: schema.savedDeals.dealId, title: schema.crevardeDeals.title, savedAt: schema.savedDeals.createdAt })
      .from(schema.savedDeals)
      .leftJoin(schema.crevardeDeals, eq(schema.crevardeDeals.id, schema.savedDeals.dealId))
      .where(eq(schema.savedDeals.userId, userId)),
    db
      .select({ promoCodeId: schema.savedPromoCodes.promoCodeId, code: schema.promoCodes.code, brand: schema.brands.name, savedAt: schema.savedPromoCodes.createdAt })
      .from(schema.savedPromoCodes)
      .leftJoin(schema.promoCodes, eq(schema.promoCodes.id, schema.savedPromoCodes.promoCodeId))
      .leftJoin(schema.brands, eq(schema.brands.id, schema.promoCodes.brandId))
      .where(eq(schema.savedPromoCodes.userId, userId)),
    // « Ça a marché ? » answers on promo codes
    exportCodeFeedback(userId),
    // temperature votes on deals (🔥 / ❄️)
    exportDealVotes(userId),
    // comments on deals (their text as typed) and « Signaler » reports
    exportDealComments(userId),
    exportContentReports(userId),
    db
      .select({ createdAt: schema.session.createdAt, updatedAt: schema.session.updatedAt, expiresAt: schema.session.expiresAt, ipAddress: schema.session.ipAddress, userAgent: schema.session.userAgent })
      .from(schema.session)
      .where(eq(schema.session.userId, userId))
      .orderBy(desc(schema.session.createdAt)),
    db
      .select({
        occurredAt: schema.analyticsEvents.occurredAt,
        event: schema.analyticsEvents.event,
        path: schema.analyticsEvents.path,
        action: schema.analyticsEvents.action,
        label: schema.analyticsEvents.label,
        destinationHost: schema.analyticsEvents.destinationHost,
        dealId: schema.analyticsEvents.dealId,
        promoCodeId: schema.analyticsEvents.promoCodeId,
        brandId: schema.analyticsEvents.brandId,
        data: schema.analyticsEvents.data,
      })
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.userId, userId))
      .orderBy(desc(schema.analyticsEvents.occurredAt)),
    // invitations sent: who signed up through the member's link (their pseudonym and date only)
    db
      .select({ username: schema.profiles.username, joinedAt: schema.profiles.createdAt })
      .from(schema.profiles)
      .where(eq(schema.profiles.referredBy, userId)),
    db
      .select({ subject: schema.emailOutbox.subject, kind: schema.emailOutbox.kind, text: schema.emailOutbox.text, createdAt: schema.emailOutbox.createdAt, sentAt: schema.emailOutbox.sentAt })
      .from(schema.emailOutbox)
      .where(sql`lower(${schema.emailOutbox.to}) = ${address}`)
      .orderBy(desc(schema.emailOutbox.createdAt)),
    // bank details as the member area shows them: a downloaded file never holds the full IBAN
    db
      .select({
        country: schema.payoutMethods.country,
        last4: schema.payoutMethods.ibanLast4,
        holderName: schema.payoutMethods.holderName,
        addedAt: schema.payoutMethods.createdAt,
        usableFrom: schema.payoutMethods.usableFrom,
        disabledAt: schema.payoutMethods.disabledAt,
      })
      .from(schema.payoutMethods)
      .where(eq(schema.payoutMethods.userId, userId))
      .orderBy(desc(schema.payoutMethods.createdAt)),
    db
      .select({
        amountCents: schema.payouts.amountCents,
        status: schema.payouts.status,
        country: schema.payouts.country,
        last4: schema.payouts.ibanLast4,
        holderName: schema.payouts.holderName,
        requestedAt: schema.payouts.requestedAt,
        sentAt: schema.payouts.sentAt,
        completedAt: schema.payouts.completedAt,
        failureReason: schema.payouts.failureReason,
        decisionReason: schema.payouts.decisionReason,
      })
      .from(schema.payouts)
      .where(eq(schema.payouts.userId, userId))
      .orderBy(schema.payouts.requestedAt),
    db
      .select({
        orderRef: schema.cashbackClaims.orderRef,
        orderAt: schema.cashbackClaims.orderAt,
        orderAmountCents: schema.cashbackClaims.orderAmountCents,
        status: schema.cashbackClaims.status,
        memberNote: schema.cashbackClaims.memberNote,
        proofMime: schema.cashbackClaims.proofMime,
        refusalReason: schema.cashbackClaims.refusalReasonFr,
        submittedAt: schema.cashbackClaims.submittedAt,
        sentAt: schema.cashbackClaims.sentAt,
        resolvedAt: schema.cashbackClaims.resolvedAt,
      })
      .from(schema.cashbackClaims)
      .where(eq(schema.cashbackClaims.userId, userId))
      .orderBy(schema.cashbackClaims.submittedAt),
    // referral rewards as /invite shows them: the other member by pseudonym only
    myReferralRewards(userId).then((rows) => rows.map(({ id: _id, ...rest }) => rest)),
  ]);
  // invitation received: the pseudonym of who invited the member
  const inviter = profile?.referredBy
    ? await db.select({ username: schema.profiles.username }).from(schema.profiles).where(eq(schema.profiles.id, profile.referredBy)).then((rows) => rows[0] ?? null)
    : null;
  return {
    exportedAt: new Date().toISOString(),
    user,
    // the inviter's account id stays out: their pseudonym is under invitations
    profile: profile && { ...profile, referredBy: undefined, pendingReferredBy: undefined },
    newsletter,
    savedDeals,
    savedPromoCodes,
    codeFeedback,
    dealVotes,
    dealComments,
    contentReports,
    sessions,
    events,
    invitations: { referralCode: profile?.referralCode ?? null, invitedBy: inviter, sent: invitedMembers, rewards: referralRewards },
    emails: emails.map((m) => ({ ...m, text: redactTokens(m.text) })),
    bankAccounts: bankAccounts.map(({ country, last4, holderName, ...rest }) => ({ iban: maskIban(country, last4), holderName: openBankText(holderName), ...rest })),
    withdrawals: withdrawals.map(({ country, last4, holderName, ...rest }) => ({ iban: maskIban(country, last4), holderName: openBankText(holderName), ...rest })),
    claims,
    // deals the member proposed, with their status and any statement of reasons
    dealPosts: (await listMyDealPosts(userId)).map(({ id: _id, ...rest }) => rest),
    // deal alerts (keywords and filters)
    dealAlerts: await alertsForExport(userId),
    priceAlerts: await priceAlertsForExport(userId),
    // messages sent from « Nous contacter »
    contactMessages: await exportContactMessages(userId, address),
  };
}
