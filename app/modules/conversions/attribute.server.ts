import { eq, sql } from "drizzle-orm";
import { auditLog, conversionChanges, conversions, memberCashbacks, user } from "../../../db/schema";
import { getDb, type Db } from "~/lib/db.server";
import type { AuditEntity } from "~/lib/permissions";
import { DecimalError, normaliseDecimal, toMicros } from "./decimal";
import { syncMemberCashback, type ConversionRow } from "./sync-member-cashback.server";

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

const UNKNOWN_ACCOUNT_MESSAGE = "Cette conversion vient d'un compte éditeur qui n'est celui d'aucun programme : elle ne peut créditer aucun membre.";

async function lockConversion(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], conversionId: string): Promise<ConversionRow> {
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
    if (conv.reviewStatus === "unknown_account") throw new ConversionDecisionError("unknown_account", UNKNOWN_ACCOUNT_MESSAGE);
    const [cashback] = await tx.select({ id: memberCashbacks.id }).from(memberCashbacks).where(eq(memberCashbacks.conversionId, conv.id));
    if (cashback) throw new ConversionDecisionError("already_attributed", "Cette conversion est déjà attribuée à un membre.");
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId));
    if (!member) throw new ConversionDecisionError("unknown_member", "Ce membre n'existe pas.");
    const [updated] = await tx
      .update(conversions)
      .set({ userId: member.id, version: sql`${conversions.version} + 1`, lastChangedAt: new Date() })
      .where(eq(conversions.id, conv.id))
      .returning();
    const source = `admin:${input.actor.email}`;
    await tx.insert(conversionChanges).values({ conversionId: conv.id, field: "userId", old: null, new: member.id, source });
    await tx.insert(auditLog).values({
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: "update",
      entity: "conversion" satisfies AuditEntity,
      entityId: conv.id,
      before: conversionSnapshot(conv),
      after: { ...conversionSnapshot(updated), attributedBy: "admin" },
    });
    await syncMemberCashback(tx, updated, { cause: source, actor: `admin:${input.actor.id}` });
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
    const source = `admin:${input.actor.email}`;
    await tx.insert(conversionChanges).values({ conversionId: conv.id, field: "fxCommissionEur", old: conv.fxCommissionEur, new: updated.fxCommissionEur, source });
    await tx.insert(auditLog).values({
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: "update",
      entity: "conversion" satisfies AuditEntity,
      entityId: conv.id,
      before: conversionSnapshot(conv),
      after: conversionSnapshot(updated),
    });
    await syncMemberCashback(tx, updated, { cause: source, actor: `admin:${input.actor.id}` });
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
    if (conv.reviewStatus === "unknown_account") throw new ConversionDecisionError("unknown_account", UNKNOWN_ACCOUNT_MESSAGE);
    if (conv.reviewStatus !== "held") throw new ConversionDecisionError("not_held", "Cette conversion n'est pas en vérification.");
    const now = new Date();
    const [updated] = await tx
      .update(conversions)
      .set({
        reviewStatus: "approved",
        reviewApprovedCommission: conv.commissionAmount,
        reviewDecidedBy: input.actor.email,
        reviewDecidedAt: now,
        version: sql`${conversions.version} + 1`,
        lastChangedAt: now,
      })
      .where(eq(conversions.id, conv.id))
      .returning();
    const source = `admin:${input.actor.email}`;
    await tx.insert(conversionChanges).values({ conversionId: conv.id, field: "reviewStatus", old: conv.reviewStatus, new: updated.reviewStatus, source });
    await tx.insert(auditLog).values({
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: "update",
      entity: "conversion" satisfies AuditEntity,
      entityId: conv.id,
      before: { ...conversionSnapshot(conv), reviewReason: conv.reviewReason },
      after: { ...conversionSnapshot(updated), reviewDecision: "approved" },
    });
    await syncMemberCashback(tx, updated, { cause: source, actor: `admin:${input.actor.id}` });
    return updated;
  });
}
