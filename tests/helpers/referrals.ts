import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { CLIENT_IP_HEADER } from "#app/lib/auth.server";
import { getDb } from "#app/lib/db.server";
import { loader as verifyLoader } from "#app/routes/api.auth";
import * as s from "#db/schema";
import { req } from "./auth";
import { callRoute } from "./route";
import { confirmReferral, recordPendingReferral } from "#app/modules/invites/invites.server";

/** A friend signed up with this invitation code, then verified the address: the referral binds (ADR 040). */
export async function refer(friendId: string, code: string) {
  await recordPendingReferral(friendId, code);
  await confirmReferral(friendId);
}

/** The owner opens the verification link of the address (from this IP, as server/app.ts tells better-auth). */
export async function verifyAddress(email: string, options: { ip?: string; cookie?: string } = {}) {
  await settleBackgroundTasks();
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(s.emailOutbox)
    .where(and(eq(s.emailOutbox.to, email), eq(s.emailOutbox.kind, "verification")))
    .orderBy(desc(s.emailOutbox.createdAt));
  const link = new URL(mail.html.match(/href="([^"]*verify-email[^"]*)"/)![1].replaceAll("&amp;", "&"));
  const headers: Record<string, string> = {};
  if (options.ip) headers[CLIENT_IP_HEADER] = options.ip;
  const answer = await callRoute(verifyLoader, req(link.pathname + link.search, { headers, cookie: options.cookie }));
  expect(answer.status).toBe(302);
  const [u] = await db.select().from(s.user).where(eq(s.user.email, email));
  return u;
}
