import { and, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import { createElement } from "react";
import { CashbackDetectedDigestEmail, CashbackRefusedEmail, CashbackValidatedEmail } from "#app/emails/cashback";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import type { ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, renderMail, type MailInput } from "#app/lib/mail.server";
import type { LedgerTx } from "#app/modules/ledger/ledger.server";
import { formatEuros } from "#app/modules/ledger/ledger";
import { formatParis } from "#app/modules/settings/paris-time";
import { affiliatePrograms, brands, cashbackEmailOptOuts, conversions, memberCashbacks, user } from "#db/schema";
import type { CashbackEmailKind } from "./statuses";
import { CASHBACK_AWAITING, CASHBACK_LOST, memberCashbackStatus } from "#db/states/member-cashback-status";
import { pluralForm } from "#app/lib/plural";

export interface MemberCashbackChange {
  memberCashbackId: string;
  userId: string;
  fromStatus: string | null;
  toStatus: string;
}

/** Shown when the network gave no reason (or one we could not map). */
const NO_REASON_FR = "le marchand n'a pas donné de raison. Écris-nous si tu penses que c'est une erreur.";

async function optedOut(tx: LedgerTx, userId: string, kind: CashbackEmailKind): Promise<boolean> {
  const [row] = await tx
    .select({ kind: cashbackEmailOptOuts.kind })
    .from(cashbackEmailOptOuts)
    .where(and(eq(cashbackEmailOptOuts.userId, userId), eq(cashbackEmailOptOuts.kind, kind)))
    .limit(1);
  return Boolean(row);
}

const merchantName = sql<string>`coalesce(${brands.name}, ${affiliatePrograms.networkProgramId}, 'le marchand')`;

/** Render then queue in `tx`; a template that fails to render is logged and does not undo the import. */
async function queue(tx: LedgerTx, input: MailInput): Promise<boolean> {
  const mail = await renderMail(input).catch((error: unknown) => {
    logger.error({ err: error, kind: input.kind }, "cashback: e-mail not rendered");
    return null;
  });
  if (!mail) return false;
  await enqueueMail(mail, { tx });
  return true;
}

/**
 * Called by the import in the transaction that changes a member cashback's
 * status: queues the "validé" / "refusé" e-mails (respecting the member's
 * opt-outs); detections go out as a daily digest. CONTRACT: implemented by
 * the member-area branch.
 */
export async function onMemberCashbackChanged(tx: LedgerTx, change: MemberCashbackChange): Promise<void> {
  if (change.fromStatus === change.toStatus) return;
  const kind: CashbackEmailKind | null =
    change.toStatus === memberCashbackStatus.is.validated ? "validated" : (CASHBACK_LOST as readonly string[]).includes(change.toStatus) ? "refused" : null;
  // "tracked" / "pending": the daily digest (sendDetectedDigests) tells the member
  if (!kind || (await optedOut(tx, change.userId, kind))) return;
  const [row] = await tx
    .select({ email: user.email, amountCents: memberCashbacks.amountCents, reason: memberCashbacks.reasonTextFr, merchant: merchantName })
    .from(memberCashbacks)
    .innerJoin(user, eq(user.id, memberCashbacks.userId))
    .innerJoin(conversions, eq(conversions.id, memberCashbacks.conversionId))
    .leftJoin(affiliatePrograms, eq(affiliatePrograms.id, conversions.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(and(eq(memberCashbacks.id, change.memberCashbackId), eq(memberCashbacks.userId, change.userId)));
  if (!row) return;
  const env = getEnv();
  const base = { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, merchant: row.merchant, amount: formatEuros(row.amountCents) };
  if (kind === "validated") {
    await queue(tx, { to: row.email, subject: "Ton cashback est validé", kind: "cashback-validated", react: createElement(CashbackValidatedEmail, base) });
    return;
  }
  const reversed = change.toStatus === memberCashbackStatus.is.reversed;
  await queue(tx, {
    to: row.email,
    subject: reversed ? "Ton cashback a été annulé" : "Ton cashback a été refusé",
    kind: reversed ? "cashback-reversed" : "cashback-refused",
    react: createElement(CashbackRefusedEmail, { ...base, reason: row.reason?.trim() || NO_REASON_FR, reversed }),
  });
}

/* ------------------------- daily "achat détecté" digest ------------------------- */

export const CASHBACK_DIGEST_QUEUE = "cashback.detected.digest";
/** Every day at 18:00, Paris time. */
export const CASHBACK_DIGEST_SCHEDULE: ScheduleDefinition = { name: CASHBACK_DIGEST_QUEUE, cron: "0 18 * * *" };

const parisDay = (d: Date) => formatParis(d, "yyyy-MM-dd");

/** One member's digest in `tx`; true when an e-mail was queued. */
async function digestFor(tx: LedgerTx, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: memberCashbacks.id, status: memberCashbacks.status, amountCents: memberCashbacks.amountCents, at: conversions.transactionAt, merchant: merchantName })
    .from(memberCashbacks)
    .innerJoin(conversions, eq(conversions.id, memberCashbacks.conversionId))
    .leftJoin(affiliatePrograms, eq(affiliatePrograms.id, conversions.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(and(eq(memberCashbacks.userId, userId), isNull(memberCashbacks.detectedNotifiedAt), isNull(memberCashbacks.hiddenAt)))
    .orderBy(conversions.transactionAt)
    .for("update", { of: memberCashbacks, skipLocked: true });
  if (rows.length === 0) return false;
  // at most one digest per Paris day: what comes later waits for tomorrow's
  const [last] = await tx.select({ at: max(memberCashbacks.detectedNotifiedAt) }).from(memberCashbacks).where(eq(memberCashbacks.userId, userId));
  if (last?.at && parisDay(new Date(last.at)) === parisDay(now)) return false;

  const markAll = () =>
    tx.update(memberCashbacks).set({ detectedNotifiedAt: now }).where(inArray(memberCashbacks.id, rows.map((r) => r.id)));
  // already validated or refused: their own e-mail said it
  const detected = rows.filter((r) => (CASHBACK_AWAITING as readonly string[]).includes(r.status));
  const [member] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!member || detected.length === 0 || (await optedOut(tx, userId, "detected"))) {
    await markAll();
    return false;
  }
  const env = getEnv();
  const purchases = detected.map((r) => ({ merchant: r.merchant, amount: formatEuros(r.amountCents), date: formatParis(new Date(r.at), "d MMMM yyyy") }));
  const queued = await queue(tx, {
    to: member.email,
    subject: `${pluralForm(purchases.length, { one: "Achat détecté", other: `${purchases.length} achats détectés` })} : ton cashback est en route`,
    kind: "cashback-detected-digest",
    react: createElement(CashbackDetectedDigestEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, purchases }),
  });
  if (queued) await markAll();
  return queued;
}

/**
 * Send each member one e-mail listing the purchases detected since their last
 * digest (member_cashbacks.detected_notified_at null), at most one per Paris
 * day; each member in their own transaction. Returns the number of e-mails queued.
 */
export async function sendDetectedDigests(now = new Date()): Promise<number> {
  const db = await getDb();
  const members = await db
    .selectDistinct({ userId: memberCashbacks.userId })
    .from(memberCashbacks)
    .where(and(isNull(memberCashbacks.detectedNotifiedAt), isNull(memberCashbacks.hiddenAt), isNotNull(memberCashbacks.userId)));
  let sent = 0;
  for (const { userId } of members) {
    if (userId && (await db.transaction((tx) => digestFor(tx, userId, now)))) sent++;
  }
  return sent;
}

/** The `cashback.detected.digest` job handler. */
export async function detectedDigestJob(): Promise<void> {
  const sent = await sendDetectedDigests();
  if (sent > 0) logger.info({ sent }, "cashback: detection digests queued");
}
