/**
 * The welcome bonus (issue #34 item 6, ADR 013 §Welcome bonus): the setting `welcome_bonus_cents`
 * (3,00 € by default, 0 = off) credited once per member, from the platform's marketing account,
 * in the transaction that validates the member's first cashback.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { auditLog, memberCashbacks, siteSettings, welcomeBonuses } from "#db/schema";
import { creditWelcomeBonus } from "#app/modules/ledger/ledger-events.server";
import type { LedgerExecutor, LedgerTx } from "#app/modules/ledger/ledger.server";
import { SETTING_DEFAULTS } from "#app/modules/settings/settings.server";
import { CASHBACK_VALIDATED_ONCE } from "#db/states/member-cashback-status";

export type WelcomeBonus = typeof welcomeBonuses.$inferSelect;

/**
 * In the transaction of a cashback's credit (syncMemberCashback, after approveCashback applied):
 * when it is the member's first validated purchase and the bonus is on, write the member's one
 * bonus row (unique per member: a second is impossible, a race waits on the index and does
 * nothing), credit it and audit it. Null when nothing is credited.
 */
export async function grantWelcomeBonus(tx: LedgerTx, input: { userId: string; cashbackId: string; actor: string }): Promise<WelcomeBonus | null> {
  // read in the caller's transaction: on the embedded database a read through another connection would wait for it
  const [setting] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, "welcome_bonus_cents")).limit(1);
  const amountCents = typeof setting?.value === "number" ? setting.value : SETTING_DEFAULTS.welcome_bonus_cents;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  // the first purchase only: an earlier validated one (even reversed since, or before the bonus existed) had its chance
  const [earlier] = await tx
    .select({ id: memberCashbacks.id })
    .from(memberCashbacks)
    .where(and(eq(memberCashbacks.userId, input.userId), ne(memberCashbacks.id, input.cashbackId), inArray(memberCashbacks.status, CASHBACK_VALIDATED_ONCE)))
    .limit(1);
  if (earlier) return null;
  const [row] = await tx
    .insert(welcomeBonuses)
    .values({ userId: input.userId, amountCents, sourceCashbackId: input.cashbackId })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await creditWelcomeBonus(tx, { bonusId: row.id, userId: input.userId, amountCents, actor: input.actor });
  await tx.insert(auditLog).values({
    actorId: input.actor.startsWith("admin:") ? input.actor.slice("admin:".length) : null,
    actorEmail: input.actor,
    action: "create",
    entity: "welcome_bonus",
    entityId: row.id,
    before: null,
    after: row,
  });
  return row;
}

/** The member's welcome bonus, or null (the /mon-cashback history line). */
export async function memberWelcomeBonus(userId: string, db?: LedgerExecutor): Promise<WelcomeBonus | null> {
  db ??= await getDb();
  const [row] = await db.select().from(welcomeBonuses).where(eq(welcomeBonuses.userId, userId)).limit(1);
  return row ?? null;
}
