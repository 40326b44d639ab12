import { DomainError } from "#app/lib/errors";
import { addHours } from "date-fns/addHours";
import { and, eq, isNull } from "drizzle-orm";
import { createElement } from "react";
import { BankDetailsChangedEmail } from "#app/emails/bank-details";
import { getDb } from "#app/lib/db.server";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { getEnv } from "#app/lib/env.server";
import { sendMail } from "#app/lib/mail.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { ibanShareOverrides, payoutMethods, user } from "#db/schema";
import { encryptIban, ibanFingerprint, openBankText, sealBankText } from "./bank-crypto.server";
import { BANK_DETAILS_COOLING_OFF_HOURS, BANK_DETAILS_MESSAGES, maskIban } from "./bank-details.schema";
import { recheckReferral } from "#app/modules/referrals/referrals.server";

/** A member's bank details as the member area shows them: never the full IBAN. */
export interface BankDetailsView {
  maskedIban: string;
  holderName: string;
  country: string;
  usableFrom: Date;
  /** the cooling-off period is over: payouts may go to this account */
  usable: boolean;
}

/** The change was refused for a reason the member can act on (a French message, a 4xx). */
export class BankDetailsError extends DomainError {}

export async function getBankDetails(userId: string, now = new Date()): Promise<BankDetailsView | null> {
  const db = await getDb();
  const [row] = await db
    .select({ last4: payoutMethods.ibanLast4, holderName: payoutMethods.holderName, country: payoutMethods.country, usableFrom: payoutMethods.usableFrom })
    .from(payoutMethods)
    .where(and(eq(payoutMethods.userId, userId), isNull(payoutMethods.disabledAt)))
    .limit(1);
  if (!row) return null;
  return {
    maskedIban: maskIban(row.country, row.last4),
    holderName: openBankText(row.holderName),
    country: row.country,
    usableFrom: row.usableFrom,
    usable: row.usableFrom.getTime() <= now.getTime(),
  };
}

/**
 * Add or replace the member's IBAN (the caller has checked the password
 * again). In one transaction: the previous account is disabled, the new one
 * is stored encrypted and usable only after the cooling-off period, and the
 * member is e-mailed. An IBAN already live on another account is refused.
 */
export async function saveBankDetails(
  member: { id: string; email: string },
  input: { iban: string; holderName: string },
  now = new Date(),
): Promise<BankDetailsView> {
  const db = await getDb();
  const env = getEnv();
  const fingerprint = ibanFingerprint(input.iban);
  const country = input.iban.slice(0, 2);
  const last4 = input.iban.slice(-4);
  const usableFrom = addHours(now, BANK_DETAILS_COOLING_OFF_HOURS);
  try {
    await db.transaction(async (tx) => {
      const live = await tx
        .select({ id: payoutMethods.id, userId: payoutMethods.userId, fingerprint: payoutMethods.ibanFingerprint, holderName: payoutMethods.holderName })
        .from(payoutMethods)
        .where(and(isNull(payoutMethods.disabledAt), eq(payoutMethods.ibanFingerprint, fingerprint)))
        .for("update");
      let sharedAllowed = false;
      if (live.some((m) => m.userId !== member.id)) {
        // another account has it live: only with an admin's permission for this member (a joint account)
        const [override] = await tx
          .select({ id: ibanShareOverrides.id })
          .from(ibanShareOverrides)
          .where(and(eq(ibanShareOverrides.userId, member.id), eq(ibanShareOverrides.ibanFingerprint, fingerprint)));
        if (!override) throw new BankDetailsError(BANK_DETAILS_MESSAGES.ibanTaken, 409);
        sharedAllowed = true;
      }
      if (live.some((m) => openBankText(m.holderName) === input.holderName)) throw new BankDetailsError(BANK_DETAILS_MESSAGES.unchanged, 400);
      await tx
        .update(payoutMethods)
        .set({ disabledAt: now })
        .where(and(eq(payoutMethods.userId, member.id), isNull(payoutMethods.disabledAt)));
      await tx.insert(payoutMethods).values({
        userId: member.id,
        ibanEnc: encryptIban(input.iban),
        ibanLast4: last4,
        ibanFingerprint: fingerprint,
        holderName: sealBankText(input.holderName),
        country,
        usableFrom,
        sharedAllowed,
        createdAt: now,
      });
      // an IBAN another member of the same referral has used holds its pending rewards for review (ADR 040)
      await recheckReferral(tx, member.id);
      await sendMail(
        {
          to: member.email,
          subject: "Tes coordonnées bancaires ont été modifiées",
          kind: "bank-details-changed",
          react: createElement(BankDetailsChangedEmail, {
            siteName: env.SITE_NAME,
            siteUrl: env.SITE_URL,
            maskedIban: maskIban(country, last4),
            usableFrom: formatParis(usableFrom, "d MMMM yyyy 'à' HH'h'mm"),
          }),
        },
        { tx },
      );
    });
  } catch (error) {
    // two accounts saving the same IBAN at once: the unique index decides
    if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new BankDetailsError(BANK_DETAILS_MESSAGES.ibanTaken, 409);
    throw error;
  }
  return { maskedIban: maskIban(country, last4), holderName: input.holderName, country, usableFrom, usable: false };
}

/**
 * An admin allows one member to register an IBAN that another account already
 * uses (a joint account, say), with the reason, in the audit log (never the
 * IBAN itself: its last four characters). Payouts to it still go to review.
 */
export async function allowSharedIban(actor: { id: string; email: string }, input: { email: string; iban: string; reason: string }) {
  const db = await getDb();
  const fingerprint = ibanFingerprint(input.iban);
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, input.email.toLowerCase()));
    if (!member) throw new BankDetailsError(`Aucun compte n'utilise l'adresse ${input.email}.`, 404);
    const [row] = await tx
      .insert(ibanShareOverrides)
      .values({ userId: member.id, ibanFingerprint: fingerprint, reason: input.reason, createdBy: `admin:${actor.id}` })
      .onConflictDoNothing()
      .returning({ id: ibanShareOverrides.id });
    if (!row) throw new BankDetailsError("Ce membre est déjà autorisé à utiliser cet IBAN.", 409);
    await recordAuditIn(tx, actor, {
      action: "create",
      entity: "iban_share_override",
      entityId: row.id,
      after: { userId: member.id, email: member.email, ibanLast4: input.iban.slice(-4), country: input.iban.slice(0, 2), reason: input.reason },
    });
    return { id: row.id, email: member.email };
  });
}
