import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { CLAIM_UPDATE_SUBJECT, ClaimUpdatedEmail, type ClaimUpdate } from "#app/emails/claims";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, renderMail } from "#app/lib/mail.server";
import type { LedgerTx } from "#app/modules/ledger/ledger.server";
import { affiliatePrograms, brands, cashbackClaims, user } from "#db/schema";

type ClaimRow = typeof cashbackClaims.$inferSelect;

/**
 * Queue « Réclamation mise à jour » for the claim's member in `tx` (nothing
 * when the member's account is gone). A template that fails to render is
 * logged and does not undo the status change.
 */
export async function notifyClaimUpdated(tx: LedgerTx, claim: ClaimRow, update: ClaimUpdate): Promise<boolean> {
  if (!claim.userId) return false;
  const [row] = await tx
    .select({ email: user.email, merchant: sql<string>`coalesce(${brands.name}, ${affiliatePrograms.networkProgramId}, 'le marchand')` })
    .from(user)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, claim.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(eq(user.id, claim.userId))
    .limit(1);
  if (!row) return false;
  const env = getEnv();
  const mail = await renderMail({
    to: row.email,
    subject: `${CLAIM_UPDATE_SUBJECT} : ${row.merchant}`,
    kind: `claim-${update}`,
    react: createElement(ClaimUpdatedEmail, {
      siteName: env.SITE_NAME,
      siteUrl: env.SITE_URL,
      merchant: row.merchant,
      orderRef: claim.orderRef,
      update,
      reason: claim.refusalReasonFr,
      tracked: !!claim.conversionId,
      canReopen: !claim.reopenedAt,
    }),
  }).catch((error: unknown) => {
    logger.error({ err: error, claimId: claim.id }, "claims: update e-mail not rendered");
    return null;
  });
  if (!mail) return false;
  await enqueueMail(mail, { tx });
  return true;
}

