import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { LedgerTx } from "#app/modules/ledger/ledger.server";
import { approveCashback, recordPendingCashback, refuseCashback } from "#app/modules/ledger/ledger-events.server";
import * as s from "#db/schema";
import { memberCashbackStatus, type MemberCashbackStatus } from "#db/states/member-cashback-status";

const DAY = 24 * 60 * 60 * 1000;
const cb = memberCashbackStatus.is;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** An opaque click id ("c" + 20 base62 characters), as the click-out makes them. */
function demoClickId(): string {
  return `c${[...randomBytes(20)].map((b) => BASE62[b % 62]).join("")}`;
}

export interface PurchaseInput {
  userId: string;
  programId: string;
  network?: (typeof s.affiliatePrograms.$inferSelect)["network"];
  networkAccountId?: string;
  /** unique per programme: the network's purchase id */
  conversionKey: string;
  status: MemberCashbackStatus;
  amountCents: number;
  saleAmount?: string | null;
  commissionAmount?: string;
  currency?: string;
  clickedAt: Date;
  transactionAt: Date;
  expectedValidationAt?: Date | null;
  reasonCode?: string | null;
  reasonTextFr?: string | null;
  hiddenAt?: Date | null;
  detectedNotifiedAt?: Date | null;
  /** the status changes after detection, in order (the detection event is written from transactionAt + 20 minutes) */
  later?: { at: Date; to: PurchaseInput["status"] }[];
}

/**
 * One attributed purchase as the import leaves it: click session, conversion,
 * member cashback and its timeline events. No ledger money: the caller posts it.
 */
export async function insertPurchase(tx: LedgerTx, p: PurchaseInput): Promise<string> {
  const [click] = await tx
    .insert(s.clickSessions)
    .values({ clickId: demoClickId(), userId: p.userId, programId: p.programId, destinationUrl: "https://example.com/", rateSnapshot: { shareBps: 7000 }, createdAt: p.clickedAt })
    .returning({ id: s.clickSessions.id, clickId: s.clickSessions.clickId });
  const networkStatus = p.status === cb.validated || p.status === cb.reversed ? "approved" : p.status === cb.refused ? "declined" : "pending";
  const commission = p.commissionAmount ?? (p.amountCents / 70).toFixed(2);
  const [conversion] = await tx
    .insert(s.conversions)
    .values({
      network: p.network ?? "awin",
      networkAccountId: p.networkAccountId ?? "demo",
      conversionKey: p.conversionKey,
      programId: p.programId,
      clickId: click.clickId,
      clickSessionId: click.id,
      userId: p.userId,
      networkStatusRaw: networkStatus,
      status: p.status === cb.reversed ? "declined" : networkStatus,
      saleAmount: p.saleAmount ?? null,
      commissionAmount: commission,
      firstCommissionAmount: commission,
      currency: p.currency ?? "EUR",
      transactionAt: p.transactionAt,
      clickAt: p.clickedAt,
      pushOnly: p.status === cb.tracked,
      rawHash: `demo-${p.conversionKey}`,
    })
    .returning({ id: s.conversions.id });
  const detectedAt = new Date(p.transactionAt.getTime() + 20 * 60 * 1000);
  const [cashback] = await tx
    .insert(s.memberCashbacks)
    .values({
      conversionId: conversion.id,
      userId: p.userId,
      clickSessionId: click.id,
      status: p.status,
      amountCents: p.amountCents,
      initialAmountCents: p.amountCents,
      rateSnapshot: { shareBps: 7000, label: "Tous les achats" },
      expectedValidationAt: p.expectedValidationAt ?? null,
      reasonCode: p.reasonCode ?? null,
      reasonTextFr: p.reasonTextFr ?? null,
      hiddenAt: p.hiddenAt ?? null,
      detectedNotifiedAt: p.detectedNotifiedAt ?? null,
      createdAt: detectedAt,
      updatedAt: detectedAt,
    })
    .returning({ id: s.memberCashbacks.id });
  const first = p.status === cb.tracked ? cb.tracked : cb.pending;
  const steps: { at: Date; from: string | null; to: MemberCashbackStatus }[] = [{ at: detectedAt, from: null, to: first }];
  for (const l of p.later ?? []) steps.push({ at: l.at, from: steps.at(-1)!.to, to: l.to });
  await tx.insert(s.memberCashbackEvents).values(
    steps.map((e) => ({ memberCashbackId: cashback.id, at: e.at, fromStatus: e.from, toStatus: e.to, amountCents: p.amountCents, cause: "import" })),
  );
  return cashback.id;
}

/**
 * A demo programme for a brand (Awin-shaped template, the default 70 % share),
 * closed: it only carries the demo member's past purchases, and no brand page
 * offers a click-out through it.
 */
export async function insertDemoProgram(tx: LedgerTx, brandId: string, networkProgramId: string): Promise<string> {
  const [row] = await tx
    .insert(s.affiliatePrograms)
    .values({
      brandId,
      network: "awin",
      networkAccountId: "demo",
      networkProgramId,
      trackingUrlTemplate: `https://www.awin1.com/cread.php?awinmid=${networkProgramId}&awinaffid=demo&clickref={CLICK_ID}&ued={DEST}`,
      declaredValidationDays: 45,
      status: "closed",
    })
    .onConflictDoNothing()
    .returning({ id: s.affiliatePrograms.id });
  if (row) return row.id;
  const [existing] = await tx
    .select({ id: s.affiliatePrograms.id })
    .from(s.affiliatePrograms)
    .where(and(eq(s.affiliatePrograms.network, "awin"), eq(s.affiliatePrograms.networkAccountId, "demo"), eq(s.affiliatePrograms.networkProgramId, networkProgramId)));
  return existing.id;
}

/**
 * The demo member's "Mon cashback": a purchase in each status on demo
 * programmes, with the ledger money that goes with them. Runs once (skipped
 * when the member already has purchases).
 */
export async function seedDemoCashback(tx: LedgerTx, input: { userId: string; brandIds: { caudalie: string; nuxe: string; typology: string }; now: Date }) {
  const [existing] = await tx.select({ id: s.memberCashbacks.id }).from(s.memberCashbacks).where(eq(s.memberCashbacks.userId, input.userId)).limit(1);
  if (existing) return;
  const { userId, now } = input;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const caudalie = await insertDemoProgram(tx, input.brandIds.caudalie, "demo-caudalie");
  const nuxe = await insertDemoProgram(tx, input.brandIds.nuxe, "demo-nuxe");
  const typology = await insertDemoProgram(tx, input.brandIds.typology, "demo-typology");
  const actor = "system:seed";
  const notified = ago(1);

  const pending = await insertPurchase(tx, {
    userId, programId: caudalie, conversionKey: "demo-pending-1", status: "pending", amountCents: 434, saleAmount: "62.00",
    clickedAt: ago(6), transactionAt: new Date(ago(6).getTime() + 26 * 60 * 1000), expectedValidationAt: new Date(now.getTime() + 39 * DAY), detectedNotifiedAt: notified,
  });
  await recordPendingCashback(tx, { cashbackId: pending, userId, amountCents: 434, version: 1, actor });

  const validated = await insertPurchase(tx, {
    userId, programId: nuxe, conversionKey: "demo-validated-1", status: "validated", amountCents: 1234, saleAmount: "176.30",
    clickedAt: ago(50), transactionAt: new Date(ago(50).getTime() + 15 * 60 * 1000), detectedNotifiedAt: notified,
    later: [{ at: ago(8), to: "validated" }],
  });
  await recordPendingCashback(tx, { cashbackId: validated, userId, amountCents: 1234, version: 1, actor });
  await approveCashback(tx, { cashbackId: validated, userId, amountCents: 1234, rateSnapshot: { shareBps: 7000, label: "Tous les achats", clickedAt: ago(50).toISOString() }, actor });

  const refused = await insertPurchase(tx, {
    userId, programId: typology, conversionKey: "demo-refused-1", status: "refused", amountCents: 210, saleAmount: "30.00",
    clickedAt: ago(30), transactionAt: new Date(ago(30).getTime() + 5 * 60 * 1000), detectedNotifiedAt: notified,
    reasonCode: "returned", reasonTextFr: "La commande a été retournée ou annulée auprès du marchand.",
    later: [{ at: ago(3), to: "refused" }],
  });
  await recordPendingCashback(tx, { cashbackId: refused, userId, amountCents: 210, version: 1, actor });
  await refuseCashback(tx, { cashbackId: refused, userId, actor });
}
