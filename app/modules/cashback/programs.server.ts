/**
 * Affiliate programmes and their rates (issue #12 item 1, ADR 015).
 *
 * A brand has one or more programmes (one per network account); each has
 * rates with a history: adding a rate closes the open rate of the same label
 * (valid_to = the new rate's valid_from), so `ratesAt(programId, clickTime)`
 * gives the rates that applied to a click. Every admin write and its audit
 * entry share one transaction.
 */
import { DomainError } from "#app/lib/errors";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { affiliatePrograms, brands, programRates } from "#db/schema";
import { cachedRead, nextInstant } from "#app/lib/data-cache.server";
import { getDb, type Db } from "#app/lib/db.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { paginate } from "#app/modules/admin/pagination.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { boostActive, boostText as boostTextOf, effectiveShareBps } from "./boost";
import { formatMemberRate, memberRate, summarizeRates, type CashbackSummary, type MemberRate, type RateOnBase } from "./member-rate";
import { BOOST_MESSAGES, PROGRAM_MESSAGES, type BoostFormInput, type ProgramFormInput, type ProgramStatus, type RateFormInput } from "./programs.schema";
import { programStatus } from "#db/states/program-status";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;
type Actor = { id: string; email: string };

export type AffiliateProgram = typeof affiliatePrograms.$inferSelect;
export type ProgramRate = typeof programRates.$inferSelect;
export type RateWithMember = ProgramRate & { member: MemberRate; memberLabel: string };

/** A write the caller must answer with a French 4xx (never a 500). */
class ProgramWriteError extends DomainError {}

/** Rates valid at `at`: valid_from <= at < valid_to (open-ended when valid_to is null). */
const validAt = (at: Date) =>
  and(lte(programRates.validFrom, at), or(isNull(programRates.validTo), gt(programRates.validTo, at)));

/** The rates of a programme valid at a given instant (the click time), by label. */
export async function ratesAt(programId: string, at: Date, db?: Executor): Promise<ProgramRate[]> {
  const executor = db ?? (await getDb());
  return executor
    .select()
    .from(programRates)
    .where(and(eq(programRates.programId, programId), validAt(at)))
    .orderBy(asc(programRates.label), asc(programRates.id));
}

/** One rate with the member's part of it (rate × share, floored). */
export function withMember(rate: ProgramRate, shareBps: number): RateWithMember {
  const member = memberRate(rate, shareBps);
  return { ...rate, member, memberLabel: formatMemberRate(member) };
}

/** A programme by id, or null. */
async function getProgram(id: string, db?: Executor): Promise<AffiliateProgram | null> {
  const executor = db ?? (await getDb());
  const [row] = await executor.select().from(affiliatePrograms).where(eq(affiliatePrograms.id, id)).limit(1);
  return row ?? null;
}

/**
 * A brand's active programmes with their current rates (and the member's
 * part of each), for the brand page's cashback block and the click-out.
 */
export async function listActiveProgramsForBrand(brandId: string, at: Date = new Date()) {
  const db = await getDb();
  const programs = await db
    .select()
    .from(affiliatePrograms)
    .where(and(eq(affiliatePrograms.brandId, brandId), eq(affiliatePrograms.status, programStatus.is.active)))
    .orderBy(asc(affiliatePrograms.network), asc(affiliatePrograms.createdAt));
  if (programs.length === 0) return [];
  const rates = await db
    .select()
    .from(programRates)
    .where(and(inArray(programRates.programId, programs.map((p) => p.id)), validAt(at)))
    .orderBy(asc(programRates.label));
  return programs.map((p) => ({
    ...p,
    rates: rates.filter((r) => r.programId === p.id).map((r) => withMember(r, effectiveShareBps(p, at))),
  }));
}

/**
 * A brand's cashback and the programme its « Activer le cashback » goes through (the brand page's block's: its first active programme),
 * with « Cashback boosté : 10 % au lieu de 7 % jusqu'au 3 décembre » while its best rate is boosted (issue #34 item 6), else null.
 */
export type BrandCashback = CashbackSummary & { programId: string; boostText: string | null };

interface BrandRates {
  /** brand id → its cashback today (brands without an active programme with a current rate are absent) */
  byBrand: Record<string, BrandCashback>;
  /** the next instant a rate of an active programme starts or ends: when this result stops being true */
  nextBoundary: Date | null;
}

/**
 * Every brand's current cashback (issue #34 item 1, ADR 015): for each brand, its active
 * programmes' rates valid at `at`, times each programme's member share, summarized by
 * summarizeRates (the best, "Jusqu'à" when they differ, the base of the programme paying it).
 * One read for the whole site, kept in process (data-cache.server) until a programme or a
 * rate is written on any server, or until the next rate starts or ends.
 */
function currentBrandRates(at: Date): Promise<BrandRates> {
  return cachedRead(
    "cashback:brand-rates",
    ["affiliate_programs", "program_rates"],
    async () => {
      const db = await getDb();
      // the current rates and those still to come (whose start is the next boundary)
      const rows = await db
        .select({
          brandId: affiliatePrograms.brandId,
          programId: affiliatePrograms.id,
          memberShareBps: affiliatePrograms.memberShareBps,
          boostShareBps: affiliatePrograms.boostShareBps,
          boostStartsAt: affiliatePrograms.boostStartsAt,
          boostEndsAt: affiliatePrograms.boostEndsAt,
          baseExcludesVat: affiliatePrograms.rateBaseExcludesVatAndShipping,
          vatRateBps: affiliatePrograms.vatRateBps,
          displayPercent: programRates.displayPercent,
          displayFixedCents: programRates.displayFixedCents,
          validFrom: programRates.validFrom,
          validTo: programRates.validTo,
        })
        .from(programRates)
        .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, programRates.programId))
        .where(and(isNotNull(affiliatePrograms.brandId), eq(affiliatePrograms.status, programStatus.is.active), or(isNull(programRates.validTo), gt(programRates.validTo, at))))
        // oldest programme first: the one a brand's « Activer le cashback » goes through (loadBrandCashbackOffer's)
        .orderBy(asc(affiliatePrograms.createdAt), asc(affiliatePrograms.id));
      const rates = new Map<string, RateOnBase[]>();
      const activated = new Map<string, string>();
      for (const r of rows) {
        if (!r.brandId || r.validFrom > at) continue;
        const list = rates.get(r.brandId) ?? rates.set(r.brandId, []).get(r.brandId)!;
        // a boosted programme's rates at the boosted share, with what they are without it (boost.ts)
        const boosted = boostActive(r, at);
        list.push({
          member: memberRate(r, effectiveShareBps(r, at)),
          baseExcludesVat: r.baseExcludesVat,
          vatRateBps: r.vatRateBps,
          boost: boosted ? { base: memberRate(r, r.memberShareBps), endsAt: r.boostEndsAt! } : null,
        });
        if (!activated.has(r.brandId)) activated.set(r.brandId, r.programId);
      }
      const byBrand: Record<string, BrandCashback> = {};
      for (const [brandId, list] of rates) {
        const summary = summarizeRates(list);
        if (summary) {
          const boostText = summary.boost ? boostTextOf(summary.rate, summary.boost.base, summary.boost.endsAt, at) : null;
          byBrand[brandId] = { ...summary, programId: activated.get(brandId)!, boostText };
        }
      }
      // the entry ends when a rate or a boost starts or ends: a boost never outlives its end in the cache
      const boundaries = rows.flatMap((r) => [r.validFrom, r.validTo, r.boostStartsAt, r.boostEndsAt]);
      return { byBrand, nextBoundary: nextInstant(boundaries, at.getTime()) };
    },
    { now: at, expiresAt: (v) => v.nextBoundary },
  );
}

/**
 * The current cashback of each of these brands that has an active programme with a current
 * rate (ADR 015): brands without one are absent from the map, and show no cashback anywhere.
 */
export async function listBrandCashback(brandIds: readonly string[], at: Date = new Date()): Promise<Map<string, BrandCashback>> {
  const result = new Map<string, BrandCashback>();
  if (brandIds.length === 0) return result;
  const { byBrand } = await currentBrandRates(at);
  for (const id of brandIds) {
    const summary = byBrand[id];
    if (summary) result.set(id, summary);
  }
  return result;
}

/** One brand's current cashback, or null. */
export async function bestRateForBrand(brandId: string, at: Date = new Date()): Promise<BrandCashback | null> {
  return (await listBrandCashback([brandId], at)).get(brandId) ?? null;
}

/** One page of programmes (brand, network, ids, status, share) with their current rates and history. */
export async function listProgramsAdmin(page: number, at: Date = new Date()) {
  const db = await getDb();
  const paged = await paginate(page, () => db.$count(affiliatePrograms), (limit, offset) =>
    db
      .select({ program: affiliatePrograms, brandName: brands.name, brandSlug: brands.slug })
      .from(affiliatePrograms)
      .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
      .orderBy(sql`${brands.name} asc nulls last`, asc(affiliatePrograms.network), asc(affiliatePrograms.id))
      .limit(limit)
      .offset(offset),
  );
  const ids = paged.rows.map((r) => r.program.id);
  const rates = ids.length
    ? await db
        .select()
        .from(programRates)
        .where(inArray(programRates.programId, ids))
        .orderBy(desc(programRates.validFrom), asc(programRates.label))
    : [];
  const current = (r: ProgramRate) => r.validFrom <= at && (r.validTo === null || r.validTo > at);
  return {
    pager: paged.pager,
    rows: paged.rows.map(({ program, brandName, brandSlug }) => {
      const history = rates.filter((r) => r.programId === program.id).map((r) => ({ ...withMember(r, program.memberShareBps), current: current(r) }));
      const boosted = boostActive(program, at);
      // while boosted, the member's part of each current rate at the boosted share (« 10 % au lieu de 7 % »)
      const currentRates = history.filter((r) => r.current).map((r) => ({ ...r, boostedLabel: boosted ? withMember(r, program.boostShareBps!).memberLabel : null }));
      const boostState: "active" | "scheduled" | "ended" | null = program.boostEndsAt === null ? null : boosted ? "active" : program.boostEndsAt <= at ? "ended" : "scheduled";
      return { ...program, brandName, brandSlug, history, currentRates, boostState };
    }),
  };
}

function programValues(input: ProgramFormInput) {
  return {
    brandId: input.brandId,
    network: input.network,
    networkAccountId: input.networkAccountId,
    networkProgramId: input.networkProgramId,
    trackingUrlTemplate: input.trackingUrlTemplate,
    memberShareBps: input.memberSharePercent,
    currency: input.currency,
    cookieDays: input.cookieDays,
    declaredValidationDays: input.declaredValidationDays,
    status: input.status,
    conditionsMd: input.conditionsMd,
    rateBaseExcludesVatAndShipping: input.rateBase,
    vatRateBps: input.vatRatePercent,
  };
}

/** A move the programStatus machine does not allow is a 409 (a closed programme is never paused); keeping the status is no move. */
function assertMove(from: string, to: ProgramStatus) {
  if (from !== to) programStatus.transition(from, to, () => new ProgramWriteError(PROGRAM_MESSAGES.forbiddenMove(from as ProgramStatus, to), 409));
}

/** Create or update a programme, with its audit entry, in one transaction. */
export async function saveProgram(actor: Actor, input: ProgramFormInput): Promise<AffiliateProgram> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (input.id) {
      const before = await getProgram(input.id, tx);
      if (!before) throw new ProgramWriteError("Ce programme n'existe plus.", 404);
      assertMove(before.status, input.status);
      const [after] = await tx
        .update(affiliatePrograms)
        .set({ ...programValues(input), updatedAt: new Date() })
        .where(eq(affiliatePrograms.id, input.id))
        .returning();
      await recordAuditIn(tx, actor, { action: "update", entity: "affiliate_program", entityId: after.id, before, after });
      return after;
    }
    const [after] = await tx.insert(affiliatePrograms).values(programValues(input)).returning();
    await recordAuditIn(tx, actor, { action: "create", entity: "affiliate_program", entityId: after.id, before: null, after });
    return after;
  });
}

/**
 * Set or replace a programme's boost (issue #34 item 6, boost.ts), audited in the same transaction.
 * Refused with a French 400 when the boosted share is not above the programme's share (the boosted
 * rates would not be above the usual ones) or when the boost is already over; the zod schema has
 * checked that it ends after it starts and is at most 100 %.
 */
export async function setProgramBoost(actor: Actor, input: BoostFormInput, now: Date = new Date()): Promise<AffiliateProgram> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(affiliatePrograms).where(eq(affiliatePrograms.id, input.programId)).for("update").limit(1);
    if (!before) throw new ProgramWriteError(PROGRAM_MESSAGES.notFound, 404);
    if (input.boostShareBps <= before.memberShareBps) {
      throw new ProgramWriteError(BOOST_MESSAGES.notAbove(before.memberShareBps), 400);
    }
    if (input.endsAt <= now) throw new ProgramWriteError(BOOST_MESSAGES.over, 400);
    const [after] = await tx
      .update(affiliatePrograms)
      .set({ boostShareBps: input.boostShareBps, boostStartsAt: input.startsAt, boostEndsAt: input.endsAt, updatedAt: now })
      .where(eq(affiliatePrograms.id, input.programId))
      .returning();
    await recordAuditIn(tx, actor, { action: "update", entity: "affiliate_program", entityId: after.id, before, after });
    return after;
  });
}

/** Remove a programme's boost (ends it at once if it is running), audited in the same transaction. */
export async function clearProgramBoost(actor: Actor, programId: string, now: Date = new Date()): Promise<AffiliateProgram> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(affiliatePrograms).where(eq(affiliatePrograms.id, programId)).for("update").limit(1);
    if (!before) throw new ProgramWriteError(PROGRAM_MESSAGES.notFound, 404);
    const [after] = await tx
      .update(affiliatePrograms)
      .set({ boostShareBps: null, boostStartsAt: null, boostEndsAt: null, updatedAt: now })
      .where(eq(affiliatePrograms.id, programId))
      .returning();
    await recordAuditIn(tx, actor, { action: "update", entity: "affiliate_program", entityId: programId, before, after });
    return after;
  });
}

/** Pause, close or reactivate a programme (audited, one transaction). */
export async function setProgramStatus(actor: Actor, id: string, status: ProgramStatus): Promise<AffiliateProgram> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(affiliatePrograms).where(eq(affiliatePrograms.id, id)).for("update").limit(1);
    if (!before) throw new ProgramWriteError("Ce programme n'existe plus.", 404);
    assertMove(before.status, status);
    const [after] = await tx.update(affiliatePrograms).set({ status, updatedAt: new Date() }).where(eq(affiliatePrograms.id, id)).returning();
    await recordAuditIn(tx, actor, { action: "update", entity: "affiliate_program", entityId: id, before, after });
    return after;
  });
}

/**
 * Add a rate to a programme. The open rate of the same label ends where the
 * new one starts; a new rate may not start before (or with) the latest rate of its label.
 * The programme row is locked so that two concurrent additions queue.
 */
export async function addRate(actor: Actor, input: RateFormInput, now: Date = new Date()): Promise<ProgramRate> {
  const db = await getDb();
  const validFrom = input.validFrom ?? now;
  return db.transaction(async (tx) => {
    const [program] = await tx.select({ id: affiliatePrograms.id }).from(affiliatePrograms).where(eq(affiliatePrograms.id, input.programId)).for("update").limit(1);
    if (!program) throw new ProgramWriteError("Ce programme n'existe plus.", 404);
    const [latest] = await tx
      .select()
      .from(programRates)
      .where(and(eq(programRates.programId, input.programId), eq(programRates.label, input.label)))
      .orderBy(desc(programRates.validFrom))
      .limit(1);
    if (latest && latest.validFrom >= validFrom) {
      throw new ProgramWriteError("Un taux plus récent existe déjà pour ce libellé : choisis une date de début postérieure.", 409);
    }
    let closed: ProgramRate | null = null;
    if (latest && (latest.validTo === null || latest.validTo > validFrom)) {
      [closed] = await tx.update(programRates).set({ validTo: validFrom }).where(eq(programRates.id, latest.id)).returning();
    }
    const [rate] = await tx
      .insert(programRates)
      .values({
        programId: input.programId,
        label: input.label,
        displayPercent: input.displayPercent,
        displayFixedCents: input.displayFixedCents,
        commissionGroupCode: input.commissionGroupCode,
        validFrom,
      })
      .returning();
    await recordAuditIn(tx, actor, {
      action: "create",
      entity: "program_rate",
      entityId: rate.id,
      before: closed ? { ...latest, closedBy: rate.id } : null,
      after: { rate, closed },
    });
    return rate;
  });
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/(^|[^*])\*([^*\n]+)\*/g, "$1<em>$2</em>");

/**
 * A programme's conditions (plain text with a little markdown: paragraphs,
 * "- " lists, **bold**, *italic*) as safe HTML: everything typed is escaped
 * first, then the result goes through the site's sanitizer.
 */
export function conditionsHtml(markdown: string | null): string {
  if (!markdown?.trim()) return "";
  const blocks = markdown.replace(/\r\n?/g, "\n").trim().split(/\n{2,}/);
  const html = blocks
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ""))}</li>`).join("")}</ul>`;
      }
      return `<p>${lines.map(inline).join("<br>")}</p>`;
    })
    .join("");
  return sanitizeRichHtml(html);
}
