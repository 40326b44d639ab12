import { DomainError } from "#app/lib/errors";
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, desc, eq, gte, inArray, notInArray, sql, type AnyColumn } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "#app/lib/db.server";
import { PG_ERROR, pgErrorCode, pgErrorConstraint } from "#app/lib/db-errors.server";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { recordAudit, recordAuditIn } from "#app/modules/admin/audit.server";
import { networkCredentials } from "#app/modules/networks/credentials.server";
import { isNetwork } from "#app/modules/networks/networks";
import { parisEndOfDay, toParisDateInput } from "#app/modules/settings/paris-time";
import { affiliatePrograms, brands, cashbackClaims, clickSessions, conversions, user } from "#db/schema";
import { CLAIM_CLOSED, CLAIM_ORDER_FREED, CLAIM_REFUSED, claimStatus } from "#db/states/claim-status";
import { notifyClaimUpdated } from "./claim-mail.server";
import { csvLine } from "#app/lib/csv";
import { clickWindowError, normaliseOrderRef, orderDayError, orderInstant, reopenError, sniffProofMime, withdrawError } from "./claim-rules";
import { purchaseHref } from "#app/modules/cashback/member-cashback.server";
import {
  CLAIM_ADMIN_MESSAGES,
  CLAIM_FLAG_DAYS,
  CLAIM_FLAG_REFUSALS,
  CLAIM_MAX_DAYS,
  CLAIM_MESSAGES,
  CLAIM_MIN_DAYS,
  CLAIM_PROOF_MAX_BYTES,
  claimAdminStatusLabel,
  type ClaimProofMime,
  type MemberClaimView,
} from "./claims.schema";
import { conversionStatus } from "#db/states/conversion-status";

/*
 * Missing-cashback claims (ADR 037 §Missing-cashback claims). A member's claim is
 * checked in full before anything is written: a refusal is a French message
 * and leaves no row and no file; so is a claim for an order already tracked on
 * the member's account. A claim that passes is `matched` (ready for the
 * network), or `disputed` (for finance) when the network declined the order.
 * Every back-office change is one transaction with its audit entry.
 */

type Actor = { id: string; email: string };
type ClaimRow = typeof cashbackClaims.$inferSelect;
const DAY_MS = 86_400_000;

/** A refusal the member or finance can act on: a French message and a 4xx (502 when the network fails). */
export class ClaimError extends DomainError<"clickSessionId" | "orderRef" | "orderDate" | "proof"> {}

/** The claimed order is already tracked on the member's account: nothing is stored, the form links to its purchase line. */
export class ClaimTrackedError extends ClaimError {
  constructor(readonly purchaseHref: string) {
    super(CLAIM_MESSAGES.alreadyTracked, 409, "orderRef");
  }
}

/** An order reference column compared as normaliseOrderRef compares it (no white space, lower case). */
const comparableRef = (column: AnyColumn) => sql`lower(regexp_replace(${column}, '[[:space:]]+', '', 'g'))`;

const merchantName = sql<string>`coalesce(${brands.name}, ${affiliatePrograms.networkProgramId})`;

/* ------------------------------ member ------------------------------ */

export interface ClaimableClick {
  id: string;
  clickId: string;
  merchant: string;
  network: string;
  clickedAt: string;
  cookieDays: number;
  /** the last day an order can follow this click (Paris day) */
  lastOrderDay: string;
}

/**
 * The member's clicks that can be claimed now (3 to 90 days old), newest first,
 * with how many are still too recent (so the page can say why none is listed).
 */
export async function listClaimableClicks(userId: string, now = new Date()): Promise<{ clicks: ClaimableClick[]; tooRecent: number; opensAt: string | null }> {
  const db = await getDb();
  const rows = await db
    .select({
      id: clickSessions.id,
      clickId: clickSessions.clickId,
      merchant: merchantName,
      network: affiliatePrograms.network,
      createdAt: clickSessions.createdAt,
      cookieDays: affiliatePrograms.cookieDays,
    })
    .from(clickSessions)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, clickSessions.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(and(eq(clickSessions.userId, userId), gte(clickSessions.createdAt, new Date(now.getTime() - CLAIM_MAX_DAYS * DAY_MS))))
    .orderBy(desc(clickSessions.createdAt))
    .limit(500);
  const openAt = now.getTime() - CLAIM_MIN_DAYS * DAY_MS;
  const recent = rows.filter((r) => r.createdAt.getTime() > openAt);
  const earliest = recent.at(-1);
  return {
    tooRecent: recent.length,
    opensAt: earliest ? new Date(earliest.createdAt.getTime() + CLAIM_MIN_DAYS * DAY_MS).toISOString() : null,
    clicks: rows
      .filter((r) => r.createdAt.getTime() <= openAt)
      .map((r) => ({
        id: r.id,
        clickId: r.clickId,
        merchant: r.merchant ?? "Marchand",
        network: r.network,
        clickedAt: r.createdAt.toISOString(),
        cookieDays: r.cookieDays,
        lastOrderDay: toParisDateInput(new Date(r.createdAt.getTime() + r.cookieDays * DAY_MS)),
      })),
  };
}

export interface ClaimSubmission {
  clickSessionId: string;
  orderRef: string;
  /** Paris day, "2026-03-10" */
  orderDate: string;
  amountCents: number;
  orderEmail?: string;
  memberNote?: string;
  noOtherCode: boolean;
}

export interface ClaimProof {
  bytes: Uint8Array;
}

/** Where proofs live: under DATA_DIR/private, never under the public uploads. */
function claimProofDir(): string {
  return path.resolve(getEnv().DATA_DIR, "private", "claims");
}

const PROOF_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Check a proof by its content: a real PDF, PNG or JPEG (images are decoded), at most 5 MB. */
async function checkProof(bytes: Uint8Array): Promise<ClaimProofMime> {
  if (bytes.byteLength > CLAIM_PROOF_MAX_BYTES) throw new ClaimError(CLAIM_MESSAGES.proofTooLarge, 413, "proof");
  const mime = sniffProofMime(bytes);
  if (!mime) throw new ClaimError(CLAIM_MESSAGES.proofType, 400, "proof");
  if (mime !== "application/pdf") {
    try {
      const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
      if (meta.format !== (mime === "image/png" ? "png" : "jpeg") || !meta.width || !meta.height) throw new Error("not the announced image");
      // decode the pixels: a truncated or forged file fails here
      await sharp(bytes, { limitInputPixels: 100_000_000 }).resize(8, 8).raw().toBuffer();
    } catch {
      throw new ClaimError(CLAIM_MESSAGES.proofType, 400, "proof");
    }
  }
  return mime;
}

const hashEmail = (email: string) => createHmac("sha256", `claims-order-email:${getEnv().SESSION_SECRET}`).update(email.trim().toLowerCase()).digest("hex");

/**
 * File a claim for one of the member's own clicks. Every check runs before
 * anything is written; the proof file is written last and removed again if
 * the row cannot be inserted. Returns the new claim.
 */
export async function fileClaim(member: { id: string }, input: ClaimSubmission, proof: ClaimProof | null, now = new Date()): Promise<ClaimRow> {
  const db = await getDb();
  if (!input.noOtherCode) throw new ClaimError(CLAIM_MESSAGES.noOtherCodeRequired, 400);
  const [click] = await db
    .select({ id: clickSessions.id, clickId: clickSessions.clickId, userId: clickSessions.userId, createdAt: clickSessions.createdAt, programId: clickSessions.programId, cookieDays: affiliatePrograms.cookieDays })
    .from(clickSessions)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, clickSessions.programId))
    .where(eq(clickSessions.id, input.clickSessionId))
    .limit(1);
  if (!click || click.userId !== member.id) throw new ClaimError(CLAIM_MESSAGES.clickNotFound, 404, "clickSessionId");
  const windowError = clickWindowError(click.createdAt, now);
  if (windowError) throw new ClaimError(windowError, 400, "clickSessionId");
  const dayError = orderDayError(input.orderDate, click.createdAt, click.cookieDays, now);
  if (dayError) throw new ClaimError(dayError, 400, "orderDate");
  const dayEnd = parisEndOfDay(input.orderDate);
  if (!dayEnd) throw new ClaimError(CLAIM_MESSAGES.orderDateInvalid, 400, "orderDate");
  const orderAt = orderInstant(new Date(dayEnd.getTime() + 1 - DAY_MS), click.createdAt);
  const orderRef = input.orderRef.trim();

  const refKey = normaliseOrderRef(orderRef);

  const [live] = await db
    .select({ id: cashbackClaims.id })
    .from(cashbackClaims)
    .where(and(eq(cashbackClaims.programId, click.programId), sql`${comparableRef(cashbackClaims.orderRef)} = ${refKey}`, notInArray(cashbackClaims.status, [...CLAIM_ORDER_FREED])))
    .limit(1);
  if (live) throw new ClaimError(CLAIM_MESSAGES.duplicate, 409, "orderRef");

  // the order already known to the network, by its reference (ADR 037 §Missing-cashback claims): another
  // member's is refused; the member's own tracked one is not claimed (the form links to it); a declined one
  // goes to finance as a dispute
  const known = await db
    .select({ id: conversions.id, userId: conversions.userId, status: conversions.status })
    .from(conversions)
    .where(and(eq(conversions.programId, click.programId), sql`${comparableRef(conversions.orderRef)} = ${refKey}`))
    .orderBy(asc(conversions.firstSeenAt))
    .limit(20);
  if (known.some((c) => c.userId && c.userId !== member.id)) throw new ClaimError(CLAIM_MESSAGES.duplicate, 409, "orderRef");
  const tracked = known.find((c) => c.userId === member.id && c.status !== conversionStatus.is.declined);
  if (tracked) throw new ClaimTrackedError(await purchaseHref(member.id, tracked.id));
  const declined = known.find((c) => c.userId === member.id && c.status === conversionStatus.is.declined);

  const proofMime = proof ? await checkProof(proof.bytes) : null;
  const proofKey = proof ? randomUUID() : null;
  if (proof && proofKey) {
    const dir = claimProofDir();
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.writeFile(path.join(dir, proofKey), proof.bytes, { flag: "wx", mode: 0o600 });
  }
  try {
    const [row] = await db
      .insert(cashbackClaims)
      .values({
        userId: member.id,
        clickSessionId: click.id,
        programId: click.programId,
        orderRef,
        orderAt,
        orderAmountCents: input.amountCents,
        orderEmailHash: input.orderEmail ? hashEmail(input.orderEmail) : null,
        proofStorageKey: proofKey,
        proofMime,
        memberNote: input.memberNote?.trim() || null,
        noOtherCode: true,
        status: declined ? claimStatus.is.disputed : claimStatus.is.matched,
        conversionId: declined?.id ?? null,
        submittedAt: now,
        disputedAt: declined ? now : null,
      })
      .returning();
    return row;
  } catch (error) {
    if (proofKey) await fs.rm(path.join(claimProofDir(), proofKey), { force: true }).catch(() => {});
    if (pgErrorCode(error) === PG_ERROR.uniqueViolation && pgErrorConstraint(error) === "cashback_claims_order_idx") {
      throw new ClaimError(CLAIM_MESSAGES.duplicate, 409, "orderRef");
    }
    throw error;
  }
}


/** The member's claims, newest first, each with its timeline (Envoyée → [Transmise →] [Relancée →] [En litige →] Acceptée/Refusée/Retirée) and the buttons it offers. */
export async function listMemberClaims(userId: string, limit = 100): Promise<MemberClaimView[]> {
  const db = await getDb();
  const rows = await db
    .select({ claim: cashbackClaims, merchant: merchantName })
    .from(cashbackClaims)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, cashbackClaims.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(eq(cashbackClaims.userId, userId))
    .orderBy(desc(cashbackClaims.submittedAt), desc(cashbackClaims.id))
    .limit(limit);
  return rows.map(({ claim: c, merchant }) => {
    const steps: MemberClaimView["steps"] = [{ step: "submitted", at: c.submittedAt.toISOString() }];
    if (c.sentAt) steps.push({ step: "sent", at: c.sentAt.toISOString() });
    if (c.reopenedAt) steps.push({ step: "reopened", at: c.reopenedAt.toISOString() });
    if (c.disputedAt) steps.push({ step: "disputed", at: c.disputedAt.toISOString() });
    if (c.resolvedAt && (CLAIM_CLOSED as readonly string[]).includes(c.status)) {
      const step = c.status === claimStatus.is.auto_rejected ? claimStatus.is.refused : (c.status as "accepted" | "refused" | "expired" | "withdrawn");
      steps.push({ step, at: c.resolvedAt.toISOString() });
    }
    // a claim re-opened then sent again: its steps in time order
    steps.sort((a, b) => a.at.localeCompare(b.at));
    return {
      id: c.id,
      merchant: merchant ?? "Marchand",
      orderRef: c.orderRef,
      orderAt: c.orderAt.toISOString(),
      amountCents: c.orderAmountCents,
      status: c.status,
      reason: (CLAIM_REFUSED as readonly string[]).includes(c.status) ? c.refusalReasonFr : null,
      steps,
      canWithdraw: withdrawError(c.status) === null,
      canReopen: reopenError(c) === null,
    };
  });
}

/* ---------------------------- back office --------------------------- */

export interface AdminClaimRow {
  id: string;
  status: string;
  network: string;
  networkProgramId: string;
  networkAccountId: string;
  programId: string;
  merchant: string;
  memberEmail: string | null;
  userId: string | null;
  clickId: string;
  clickedAt: string;
  orderRef: string;
  orderAt: string;
  amountCents: number;
  hasProof: boolean;
  memberNote: string | null;
  networkInquiryId: string | null;
  refusalReason: string | null;
  submittedAt: string;
  sentAt: string | null;
  resolvedAt: string | null;
  /** ADR 037 §Missing-cashback claims: the member has had this many claims refused in 90 days (shown at 3 or more) */
  memberRefusals: number;
}

function adminSelect() {
  return {
    claim: cashbackClaims,
    network: affiliatePrograms.network,
    networkProgramId: affiliatePrograms.networkProgramId,
    networkAccountId: affiliatePrograms.networkAccountId,
    merchant: merchantName,
    memberEmail: user.email,
    clickId: clickSessions.clickId,
    clickedAt: clickSessions.createdAt,
  };
}

async function adminRows(where: ReturnType<typeof and>, order: "asc" | "desc", limit: number, now: Date): Promise<AdminClaimRow[]> {
  const db = await getDb();
  const rows = await db
    .select(adminSelect())
    .from(cashbackClaims)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, cashbackClaims.programId))
    .innerJoin(clickSessions, eq(clickSessions.id, cashbackClaims.clickSessionId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .leftJoin(user, eq(user.id, cashbackClaims.userId))
    .where(where)
    .orderBy(order === "asc" ? asc(cashbackClaims.submittedAt) : desc(cashbackClaims.submittedAt), asc(cashbackClaims.id))
    .limit(limit);
  const userIds = [...new Set(rows.map((r) => r.claim.userId).filter((id): id is string => !!id))];
  const refusals = new Map<string, number>();
  if (userIds.length) {
    const counts = await db
      .select({ userId: cashbackClaims.userId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(cashbackClaims)
      .where(
        and(
          inArray(cashbackClaims.userId, userIds),
          inArray(cashbackClaims.status, CLAIM_REFUSED),
          gte(sql`coalesce(${cashbackClaims.resolvedAt}, ${cashbackClaims.submittedAt})`, new Date(now.getTime() - CLAIM_FLAG_DAYS * DAY_MS)),
        ),
      )
      .groupBy(cashbackClaims.userId);
    for (const c of counts) if (c.userId) refusals.set(c.userId, c.n);
  }
  return rows.map((r) => ({
    id: r.claim.id,
    status: r.claim.status,
    network: r.network,
    networkProgramId: r.networkProgramId,
    networkAccountId: r.networkAccountId,
    programId: r.claim.programId,
    merchant: r.merchant ?? "Marchand",
    memberEmail: r.memberEmail,
    userId: r.claim.userId,
    clickId: r.clickId,
    clickedAt: r.clickedAt.toISOString(),
    orderRef: r.claim.orderRef,
    orderAt: r.claim.orderAt.toISOString(),
    amountCents: r.claim.orderAmountCents,
    hasProof: !!r.claim.proofStorageKey,
    memberNote: r.claim.memberNote,
    networkInquiryId: r.claim.networkInquiryId,
    refusalReason: r.claim.refusalReasonFr,
    submittedAt: r.claim.submittedAt.toISOString(),
    sentAt: r.claim.sentAt?.toISOString() ?? null,
    resolvedAt: r.claim.resolvedAt?.toISOString() ?? null,
    memberRefusals: r.claim.userId ? (refusals.get(r.claim.userId) ?? 0) : 0,
  }));
}

/** The back office's lists: disputes (orders the network declined), claims to send (by network), sent ones awaiting an answer, the latest closed ones. */
export async function claimsOverview(now = new Date()) {
  const [disputed, matched, sent, closed] = await Promise.all([
    adminRows(and(eq(cashbackClaims.status, claimStatus.is.disputed)), "asc", 1000, now),
    adminRows(and(eq(cashbackClaims.status, claimStatus.is.matched)), "asc", 1000, now),
    adminRows(and(eq(cashbackClaims.status, claimStatus.is.sent)), "asc", 1000, now),
    adminRows(and(inArray(cashbackClaims.status, CLAIM_CLOSED)), "desc", 50, now),
  ]);
  const networks = [...new Set(matched.map((c) => c.network))].sort();
  return {
    disputed,
    toSend: networks.map((network) => ({ network, claims: matched.filter((c) => c.network === network) })),
    sent,
    closed,
    flagAt: CLAIM_FLAG_REFUSALS,
  };
}

const CSV_HEADER = ["claim_id", "network", "network_account_id", "network_program_id", "programme_id", "merchant", "order_ref", "order_date", "order_amount_eur", "click_id", "click_at", "member_email", "submitted_at"];

/** The matched claims of one network as CSV (for the network's claim form); recorded in the audit log. */
export async function exportMatchedCsv(actor: Actor, network: string, now = new Date()): Promise<{ csv: string; count: number }> {
  if (!isNetwork(network)) throw new ClaimError(CLAIM_ADMIN_MESSAGES.unknownNetwork, 404);
  const rows = await adminRows(and(eq(cashbackClaims.status, claimStatus.is.matched), eq(affiliatePrograms.network, network)), "asc", 10_000, now);
  const lines = [
    csvLine(CSV_HEADER),
    ...rows.map((c) =>
      csvLine([
        c.id,
        c.network,
        c.networkAccountId,
        c.networkProgramId,
        c.programId,
        c.merchant,
        c.orderRef,
        toParisDateInput(c.orderAt),
        (c.amountCents / 100).toFixed(2),
        c.clickId,
        c.clickedAt,
        c.memberEmail,
        c.submittedAt,
      ]),
    ),
  ];
  await recordAudit(actor, { action: "update", entity: "cashback_claims_export", entityId: network, after: { network, claimIds: rows.map((r) => r.id) } });
  return { csv: `${lines.join("\r\n")}\r\n`, count: rows.length };
}

/** Finance closes by hand the claims it may refuse (matched, sent or disputed). */
const isResolvable = (status: string) => claimStatus.canMove(status, "refused");

async function lockClaim(tx: Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0], claimId: string) {
  const [row] = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.id, claimId)).for("update").limit(1);
  if (!row) throw new ClaimError(CLAIM_ADMIN_MESSAGES.notFound, 404);
  return row;
}

/** « Marquer transmises »: every matched claim of a network → sent (one transaction, one audit entry per claim). */
export async function markNetworkSent(actor: Actor, network: string, now = new Date()): Promise<number> {
  if (!isNetwork(network)) throw new ClaimError(CLAIM_ADMIN_MESSAGES.unknownNetwork, 404);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const programIds = tx.select({ id: affiliatePrograms.id }).from(affiliatePrograms).where(eq(affiliatePrograms.network, network));
    const updated = await tx
      .update(cashbackClaims)
      // every claim moved is "matched" (the where below)
      .set({ status: claimStatus.transition(claimStatus.is.matched, "sent"), sentAt: now })
      .where(and(eq(cashbackClaims.status, claimStatus.is.matched), inArray(cashbackClaims.programId, programIds)))
      .returning();
    if (!updated.length) throw new ClaimError(CLAIM_ADMIN_MESSAGES.nothingToSend, 409);
    for (const u of updated) {
      await recordAuditIn(tx, actor, { action: "update", entity: "cashback_claims", entityId: u.id, before: { status: "matched" }, after: { status: "sent", sentAt: now.toISOString(), network } });
      await notifyClaimUpdated(tx, u, "sent");
    }
    return updated.length;
  });
}

/** « Accepter » / « Refuser »: a matched, sent or disputed claim is closed (refusal with its reason, shown to the member). */
export async function resolveClaim(actor: Actor, claimId: string, outcome: { accepted: true } | { accepted: false; reason: string }, now = new Date()): Promise<ClaimRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockClaim(tx, claimId);
    if (!isResolvable(before.status)) throw new ClaimError(CLAIM_ADMIN_MESSAGES.wrongState(claimAdminStatusLabel(before.status)), 409);
    const [after] = await tx
      .update(cashbackClaims)
      .set(
        outcome.accepted
          ? { status: claimStatus.transition(before.status, "accepted"), resolvedAt: now }
          : { status: claimStatus.transition(before.status, "refused"), resolvedAt: now, refusalReasonFr: outcome.reason },
      )
      .where(eq(cashbackClaims.id, claimId))
      .returning();
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "cashback_claims",
      entityId: claimId,
      before: { status: before.status },
      after: { status: after.status, resolvedAt: now.toISOString(), refusalReasonFr: after.refusalReasonFr },
    });
    await notifyClaimUpdated(tx, after, outcome.accepted ? "accepted" : "refused");
    return after;
  });
}

export interface ImpactOptions {
  baseUrl?: string;
  credentials?: { accountSid: string; authToken: string } | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const IMPACT_DEFAULT_BASE_URL = "https://api.impact.com";

/** The inquiry's id in Impact's answer: Id, ActionInquiryId, or the last segment of QueuedUri. */
function inquiryIdOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  for (const key of ["Id", "ActionInquiryId", "InquiryId"]) {
    const v = b[key];
    if ((typeof v === "string" && v.trim()) || typeof v === "number") return String(v).slice(0, 200);
  }
  if (typeof b.QueuedUri === "string" && b.QueuedUri.trim()) return b.QueuedUri.trim().slice(0, 200);
  return null;
}

/**
 * « Transmettre via l'API Impact » (ADR 037 §Missing-cashback claims): POST
 * /Mediapartners/{AccountSid}/ActionInquiries for a matched claim of an Impact
 * programme, then (only once Impact has answered 2xx) the claim becomes `sent`
 * with the inquiry id, in one transaction with its audit entry.
 */
export async function sendClaimToImpact(actor: Actor, claimId: string, options: ImpactOptions = {}, now = new Date()): Promise<ClaimRow> {
  const db = await getDb();
  const [found] = await db
    .select({ claim: cashbackClaims, network: affiliatePrograms.network, campaignId: affiliatePrograms.networkProgramId, clickId: clickSessions.clickId, clickedAt: clickSessions.createdAt })
    .from(cashbackClaims)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, cashbackClaims.programId))
    .innerJoin(clickSessions, eq(clickSessions.id, cashbackClaims.clickSessionId))
    .where(eq(cashbackClaims.id, claimId))
    .limit(1);
  if (!found) throw new ClaimError(CLAIM_ADMIN_MESSAGES.notFound, 404);
  if (found.network !== "impact") throw new ClaimError(CLAIM_ADMIN_MESSAGES.notImpact, 400);
  if (!claimStatus.canMove(found.claim.status, "sent")) throw new ClaimError(CLAIM_ADMIN_MESSAGES.wrongState(claimAdminStatusLabel(found.claim.status)), 409);
  const creds = options.credentials === undefined ? networkCredentials("impact") : options.credentials;
  if (!creds) throw new ClaimError(CLAIM_ADMIN_MESSAGES.impactNotConfigured, 400);
  const base = options.baseUrl ?? getEnv().IMPACT_API_BASE_URL ?? IMPACT_DEFAULT_BASE_URL;
  const url = new URL(`Mediapartners/${encodeURIComponent(creds.accountSid)}/ActionInquiries`, base.endsWith("/") ? base : `${base}/`);
  const c = found.claim;
  const body = {
    CampaignId: found.campaignId,
    OrderId: c.orderRef,
    TransactionDate: c.orderAt.toISOString(),
    TransactionAmount: (c.orderAmountCents / 100).toFixed(2),
    InquiryType: "UNTRACKED",
    CustomerId: c.userId ?? undefined,
    InquiryNotes: `Crevarde click ${found.clickId} at ${found.clickedAt.toISOString()}; member confirms no other code or cashback site.`,
  };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString("base64")}`,
        Accept: "application/json",
        "Content-Type": "application/json",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      redirect: "error",
    });
  } catch (error) {
    logger.warn({ err: error, claimId }, "claims: Impact API unreachable");
    throw new ClaimError(CLAIM_ADMIN_MESSAGES.impactUnreachable, 502);
  }
  const text = (await response.text()).slice(0, 100_000);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  if (!response.ok) {
    const detail = (json && typeof json === "object" && typeof (json as Record<string, unknown>).Message === "string" ? String((json as Record<string, unknown>).Message) : `HTTP ${response.status}`).slice(0, 200);
    throw new ClaimError(CLAIM_ADMIN_MESSAGES.impactFailed(detail), 502);
  }
  const inquiryId = inquiryIdOf(json) ?? `impact-http-${response.status}`;
  return db.transaction(async (tx) => {
    const before = await lockClaim(tx, claimId);
    if (!claimStatus.canMove(before.status, "sent")) throw new ClaimError(CLAIM_ADMIN_MESSAGES.wrongState(claimAdminStatusLabel(before.status)), 409);
    const [after] = await tx.update(cashbackClaims).set({ status: claimStatus.transition(before.status, "sent"), sentAt: now, networkInquiryId: inquiryId }).where(eq(cashbackClaims.id, claimId)).returning();
    await recordAuditIn(tx, actor, { action: "update", entity: "cashback_claims", entityId: claimId, before: { status: "matched" }, after: { status: "sent", sentAt: now.toISOString(), networkInquiryId: inquiryId, via: "impact-api" } });
    await notifyClaimUpdated(tx, after, "sent");
    return after;
  });
}

/** A claim's proof for the back office: the bytes and their checked type, or null. */
export async function claimProofFile(claimId: string): Promise<{ bytes: Buffer; mime: string; name: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ key: cashbackClaims.proofStorageKey, mime: cashbackClaims.proofMime, orderRef: cashbackClaims.orderRef })
    .from(cashbackClaims)
    .where(eq(cashbackClaims.id, claimId))
    .limit(1);
  if (!row?.key || !row.mime || !PROOF_KEY.test(row.key)) return null;
  try {
    const bytes = await fs.readFile(path.join(claimProofDir(), row.key));
    const ext = row.mime === "application/pdf" ? "pdf" : row.mime === "image/png" ? "png" : "jpg";
    return { bytes, mime: row.mime, name: `justificatif-${row.orderRef.replace(/[^\w-]/g, "_").slice(0, 60)}.${ext}` };
  } catch {
    return null;
  }
}

/**
 * Account deletion (inside its transaction): the member's claims keep the order
 * facts finance needs, but lose the proof, the note and the e-mail hash.
 * Returns the proof keys whose files the caller removes once committed.
 */
export async function eraseMemberClaimDataIn(tx: Pick<Awaited<ReturnType<typeof getDb>>, "select" | "update">, userId: string): Promise<string[]> {
  const rows = await tx.select({ key: cashbackClaims.proofStorageKey }).from(cashbackClaims).where(eq(cashbackClaims.userId, userId));
  await tx.update(cashbackClaims).set({ proofStorageKey: null, proofMime: null, memberNote: null, orderEmailHash: null }).where(eq(cashbackClaims.userId, userId));
  return rows.map((r) => r.key).filter((k): k is string => !!k && PROOF_KEY.test(k));
}

/** Remove proof files (after the transaction that dropped their keys has committed). */
export async function removeProofFiles(keys: string[]): Promise<void> {
  for (const key of keys) {
    if (!PROOF_KEY.test(key)) continue;
    await fs.rm(path.join(claimProofDir(), key), { force: true }).catch((error: unknown) => logger.error({ err: error }, "claims: proof file not deleted"));
  }
}

