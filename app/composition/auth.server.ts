/**
 * The better-auth instance of the site (ADR 052): the composition root's part for
 * accounts. app/lib/auth.server.ts keeps the sessions and guards and knows no domain;
 * the options here wire the domain in (the e-mails, the blocked member's message, the
 * truncated IP, the invitation bound on verification, the retention of sessions).
 * Imported for its effect by every entry: app/entry.server.tsx, server/index.ts,
 * scripts/worker.ts, and tests/helpers/db.ts when it installs a test database.
 */
import { createElement } from "react";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, magicLink } from "better-auth/plugins";
import * as schema from "#db/schema";
import { CLIENT_IP_HEADER, revokeResetLinks, setAuthFactory, type Auth, type AuthOptions } from "#app/lib/auth.server";
import { runInBackground } from "#app/lib/background.server";
import type { Db } from "#app/lib/db.server";
import { readDeviceId } from "#app/lib/device-cookie.server";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { sendMail } from "#app/lib/mail.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { ExistingAccountEmail, PasswordChangedEmail, ResetPasswordEmail, SignInLinkEmail, VerifyEmail } from "#app/emails/templates";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/modules/accounts/passwords";
import { SIGN_IN_LINK_MINUTES, SIGN_IN_LINK_PATH } from "#app/modules/accounts/sign-in-link";
import { onAddressVerified } from "#app/modules/invites/invites.server";
import { blockedMessage } from "#app/modules/members/member-blocks";
import { truncateIp } from "#app/modules/privacy/ip.server";
import { RETENTION } from "#app/modules/privacy/retention";

/** Auth cookie lifetime: 30 days (the product spec; ADR 008). */
export const SESSION_MAX_AGE = 60 * 60 * 24 * RETENTION.sessionDays;

function createAuth(db: Db): Auth {
  const env = getEnv();
  return betterAuth<AuthOptions>({
    appName: env.SITE_NAME,
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret: env.SESSION_SECRET,
    // sign-up writes the user and the credential account in one transaction;
    // the profile row comes from a trigger on "user" (migration 0003)
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const url = `${env.SITE_URL}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: user.email,
          subject: `Réinitialise ton mot de passe ${env.SITE_NAME}`,
          kind: "reset-password",
          react: createElement(ResetPasswordEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, url }),
        });
      },
      // Sign-up with an address that has an account: the same answer as a new address (no
      // enumeration), and a "Tu as déjà un compte" e-mail after the response (ADR 006).
      onExistingUserSignUp: async ({ user }) => {
        runInBackground("existing-account-mail", () => sendExistingAccountMail(user.email));
      },
      onPasswordReset: async ({ user }) => {
        // the link just used is consumed; older outstanding links die with it
        await revokeResetLinks(user.id);
        await sendMail({
          to: user.email,
          subject: "Ton mot de passe a été modifié",
          kind: "password-changed",
          react: createElement(PasswordChangedEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL }),
        }).catch((error) => logger.error({ err: error }, "auth: password-changed mail failed"));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      // the owner has proved the address: only now does the invitation of their sign-up bind (ADR 040)
      afterEmailVerification: async (user, request) => {
        await onAddressVerified(user.id, { ip: request?.headers.get(CLIENT_IP_HEADER) ?? null, deviceId: request ? readDeviceId(request) : null });
      },
      sendVerificationEmail: async ({ user, url }) => {
        // better-auth's link verifies the token, then redirects to the callback URL. Sent after the
        // response, like the "Tu as déjà un compte" e-mail, so a sign-up's timing says nothing.
        runInBackground("verification-mail", () =>
          sendMail({
            to: user.email,
            subject: `Confirme ton adresse pour rejoindre ${env.SITE_NAME}`,
            kind: "verification",
            react: createElement(VerifyEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, url, username: user.name }),
          }),
        );
      },
    },
    rateLimit: { enabled: false },
    // no raw IP at rest: a session keeps the /24 (IPv4) or /48 (IPv6) network only (ADR 008)
    databaseHooks: {
      session: {
        create: { before: async (session) => ({ data: { ...session, ipAddress: truncateIp(session.ipAddress) } }) },
        update: {
          before: async (session) => ("ipAddress" in session ? { data: { ...session, ipAddress: truncateIp(session.ipAddress as string | null) } } : undefined),
        },
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      cookiePrefix: "crevarde",
      // the session's IP comes from clientIpOf, like every other IP, never from a header the client chose
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({
        defaultRole: "user",
        adminRoles: ["admin"],
        // a blocked member (issue #15 item 8) reads until when on the sign-in form
        bannedUserMessage: (u) => blockedMessage(u.banExpires ? new Date(u.banExpires) : null),
      }),
      // the e-mailed one-time sign-in link of a locked-out owner (ADR 043): existing accounts only, the token
      // hashed at rest, consumed by its first use; its endpoints are not exposed (routes/api.auth.ts)
      magicLink({
        disableSignUp: true,
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token, metadata }) => {
          const url = new URL(SIGN_IN_LINK_PATH, env.SITE_URL);
          url.searchParams.set("token", token);
          const redirectTo = typeof metadata?.redirectTo === "string" ? metadata.redirectTo : null;
          if (redirectTo) url.searchParams.set("redirect", redirectTo);
          await sendMail({
            to: email,
            subject: `Ton lien de connexion à ${env.SITE_NAME}`,
            kind: "sign-in-link",
            react: createElement(SignInLinkEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, url: url.toString(), minutes: SIGN_IN_LINK_MINUTES }),
          });
        },
      }),
    ],
  });
}

/** Subject of the e-mail sent when someone signs up with an address that already has an account. */
const EXISTING_ACCOUNT_SUBJECT = "Tu as déjà un compte";

/**
 * Tell the owner of an address that it already has an account, with a sign-in link and
 * the "mot de passe oublié" page (no reset token is issued for a request they did not
 * make). Shares the per-address budget of the reset e-mails, on top of the sign-up limits,
 * so repeated sign-ups cannot turn it into a mail bomb; over the budget nothing is sent.
 */
async function sendExistingAccountMail(email: string) {
  const address = email.toLowerCase();
  if (!(await hitRateLimit(RATE_LIMITS.passwordReset, `email:${address}`)).allowed) {
    logger.info("auth: existing-account e-mail not sent, rate limited");
    return;
  }
  const env = getEnv();
  await sendMail({
    to: address,
    subject: EXISTING_ACCOUNT_SUBJECT,
    kind: "existing-account",
    react: createElement(ExistingAccountEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL }),
  });
}

setAuthFactory(createAuth);
