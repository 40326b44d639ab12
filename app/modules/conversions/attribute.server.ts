import { eq, sql } from "drizzle-orm";
import { conversionChanges, conversions, memberCashbacks, user } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { DecimalError, normaliseDecimal, toMicros } from "./decimal";
import { syncMemberCashback, type ConversionRow } from "./sync-member-cashback.server";
import { conversionReviewStatus } from "#db/states/conversion-status";

/** An admin decision on a conversion that cannot be applied; `message` is French, for the admin. */
export class ConversionDecisionError extends Error {
  constructor(
    readonly code: "not_found" | "already_attributed" | "unknown_member" | "not_foreign_currency" | "invalid_amount" | "unknown_account" | "not_held",
    message: string,
  ) {
    super(message);
    this.name = "ConversionDecisionError";
  }
}

type Actor = { id: string; email: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const UNKNOWN_ACCOUNT_MESSAGE = "Cette conversion vient d'un compte éditeur qui n'est celui d'aucun programme : elle ne peut créditer aucun membre.";

async function lockConversion(tx: Tx, conversionId: string): Promise<ConversionRow> {
  if (!/^[0-9a-f-]{36}$/i.test(conversionId)) throw new ConversionDecisionError("not_found", "Conversion introuvable.");
  const [conv] = await tx.select().from(conversions).where(eq(conversions.id, conversionId)).for("update");
  if (!conv) throw new ConversionDecisionError("not_found", "Conversion introuvable.");
  return conv;
}

const conversionSnapshot = (c: ConversionRow) => ({
  userId: c.userId,
  status: c.status,
  commissionAmount: c.commissionAmount,
  currency: c.currency,
  fxCommissionEur: c.fxCommissionEur,
  reviewStatus: c.reviewStatus,
  reviewApprovedCommission: c.reviewApprovedCommission,
  version: c.version,
});

/**
 * The tail every admin decision on a conversion shares: the field's change
 * row, the audit entry (before and after) and the member cashback recomputed,
 * all in the caller's transaction.
 */
async function recordDecision(
  tx: Tx,
  actor: Actor,
  change: { before: ConversionRow; after: ConversionRow; field: string; old: string | null; new: string | null },
  snapshots: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
): Promise<void> {
  const source = `admin:${actor.email}`;
  await tx.insert(conversionChanges).values({ conversionId: change.before.id, field: change.field, old: change.old, new: change.new, source });
  await recordAuditIn(tx, actor, {
    action: "update",
    entity: "conversion",
    entityId: change.before.id,
    before: { ...conversionSnapshot(change.before), ...snapshots.before },
    after: { ...conversionSnapshot(change.after), ...snapshots.after },
  });
  await syncMemberCashback(tx, change.after, { cause: source, actor: `admin:${actor.id}` });
}

/**
 * An admin attributes an unattributed conversion to a member by hand
 * (audited; creates the member cashback and its ledger operations in the
 * same transaction). CONTRACT: implemented by the import branch.
 */
export async function attributeConversion(input: { conversionId: string; userId: string; actor: { id: string; email: string } }, options: { db?: Db } = {}): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    const conv = await lockConversion(tx, input.conversionId);
    if (conv.userId) throw new ConversionDecisionError("already_attributed", "Cette conversion est déjà attribuée à un membre.");
    // another publisher's sale credits nobody, by hand neither (ADR 039)
    if (conv.reviewStatus === conversionReviewStatus.is.unknown_account) throw new ConversionDecisionError("unknown_account", UNKNOWN_ACCOUNT_MESSAGE);
    const [cashback] = await tx.select({ id: memberCashbacks.id }).from(memberCashbacks).where(eq(memberCashbacks.conversionId, conv.id));
    if (cashback) throw new ConversionDecisionError("already_attributed", "Cette conversion est déjà attribuée à un membre.");
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId));
    if (!member) throw new ConversionDecisionError("unknown_member", "Ce membre n'existe pas.");
    const [updated] = await tx
      .update(conversions)
      .set({ userId: member.id, version: sql`${conversions.version} + 1`, lastChangedAt: new Date() })
      .where(eq(conversions.id, conv.id))
      .returning();
    await recordDecision(tx, input.actor, { before: conv, after: updated, field: "userId", old: null, new: member.id }, { after: { attributedBy: "admin" } });
  });
}

/**
 * The admin's decision on a conversion in a currency other than EUR: the EUR
 * commission to credit on. Audited; the member cashback is recomputed (and
 * credited if the network has approved) in the same transaction.
 */
export async function decideForeignCurrency(input: { conversionId: string; commissionEur: string; actor: Actor }, options: { db?: Db } = {}): Promise<void> {
  let amount: string;
  try {
    amount = normaliseDecimal(String(input.commissionEur).replace(",", "."));
    if (toMicros(amount) < 0n) throw new DecimalError("negative");
  } catch (error) {
    if (error instanceof DecimalError) throw new ConversionDecisionError("invalid_amount", "Montant en euros invalide : indique un nombre positif, par exemple 12,34.");
    throw error;
  }
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    const conv = await lockConversion(tx, input.conversionId);
    if (conv.currency === "EUR") throw new ConversionDecisionError("not_foreign_currency", "Cette conversion est déjà en euros : aucune décision de change n'est nécessaire.");
    const [updated] = await tx
      .update(conversions)
      .set({ fxCommissionEur: amount, fxDecidedBy: input.actor.email, fxDecidedAt: new Date(), version: sql`${conversions.version} + 1`, lastChangedAt: new Date() })
      .where(eq(conversions.id, conv.id))
      .returning();
    await recordDecision(tx, input.actor, { before: conv, after: updated, field: "fxCommissionEur", old: conv.fxCommissionEur, new: updated.fxCommissionEur });
  });
}


/**
 * Finance approves a commission held « En vérification » (ADR 039): the
 * conversion records the approved commission (a later version up to it
 * stays approved), the decision is audited, and the member cashback is
 * recomputed — pending money or the credit — in the same transaction.
 */
export async function approveConversionReview(input: { conversionId: string; actor: Actor }, options: { db?: Db } = {}): Promise<ConversionRow> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const conv = await lockConversion(tx, input.conversionId);
    if (conv.reviewStatus === conversionReviewStatus.is.unknown_account) throw new ConversionDecisionError("unknown_account", UNKNOWN_ACCOUNT_MESSAGE);
    if (conv.reviewStatus !== conversionReviewStatus.is.held) throw new ConversionDecisionError("not_held", "Cette conversion n'est pas en vérification.");
    const now = new Date();
    const [updated] = await tx
      .update(conversions)
      .set({
        reviewStatus: conversionReviewStatus.transition(conv.reviewStatus, conversionReviewStatus.is.approved),
        reviewApprovedCommission: conv.commissionAmount,
        reviewDecidedBy: input.actor.email,
        reviewDecidedAt: now,
        version: sql`${conversions.version} + 1`,
        lastChangedAt: now,
      })
      .where(eq(conversions.id, conv.id))
      .returning();
    await recordDecision(
      tx,
      input.actor,
      { before: conv, after: updated, field: "reviewStatus", old: conv.reviewStatus, new: updated.reviewStatus },
      { before: { reviewReason: conv.reviewReason }, after: { reviewDecision: "approved" } },
    );
    return updated;
  });
}
