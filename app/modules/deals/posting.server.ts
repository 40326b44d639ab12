import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { createElement } from "react";
import { brands, categories, crevardeDeals, user, userStrikes } from "#db/schema";
import { DEAL_DECISION_SUBJECTS, DealDecisionEmail, type DealDecision } from "#app/emails/deals";
import { cachedRead } from "#app/lib/data-cache.server";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import type { ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { sendMail } from "#app/lib/mail.server";
import { saveImageUpload } from "#app/lib/storage.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { enqueueAlertMatch } from "#app/modules/alerts/alerts.server";
import { recordPriceObservation } from "#app/modules/prices/observations.server";
import { closeReportsIn } from "./deal-comments.server";
import { logUgcConnection, type ConnectionSource } from "#app/modules/privacy/ugc-logs.server";
import { assertNotBlocked } from "#app/modules/members/member-blocks.server";
import { parisEndOfDay } from "#app/modules/settings/paris-time";
import { getSetting } from "#app/modules/settings/settings.server";
import { hostOf } from "#app/modules/tracking/destination";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { dealStatus, type DealStatus } from "./deal-rules";
import { brandForLinkHost, brandSite, isSelfPromotion, type BrandSite } from "./merchant-domain";
import { canonicalDealUrl, mayPost, publishesAtOnce } from "./posting-rules";
import { formatPriceCents, MODERATION_DEAL_MESSAGES, MODERATION_RULES, POSTING_MESSAGES, POST_STATUS_LABELS, type DealPostInput, type ModerationRule } from "./posting.schema";

/**
 * Members' deal posts (issue #15 item 1, ADR 036): the duplicate
 * check, trust (published at once or held for moderation), the moderators'
 * decisions with their statement of reasons, self-promotion strikes, and the
 * expiry job.
 */

class PostingError extends DomainError<keyof DealPostInput> {}

type Actor = { id: string; email: string };

/** Duplicates look back this far for the same brand and a similar title (ADR 036 §Duplicates). */
const DUPLICATE_WINDOW_DAYS = 14;
const TITLE_SIMILARITY = 0.6;

async function selfPromotionStrikes(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(userStrikes)
    .where(and(eq(userStrikes.userId, userId), eq(userStrikes.kind, "self_promotion")));
  return row?.n ?? 0;
}

/** Whether the member may post; false after `deal_self_promotion_strikes` strikes. */
export async function canPostDeals(userId: string) {
  return mayPost(await selfPromotionStrikes(userId), await getSetting("deal_self_promotion_strikes"));
}

/** The form's choices: the categories, by name. */
export async function postingFormData() {
  const db = await getDb();
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
  return { categories: rows };
}

/**
 * Every brand with a website, in name order, with its website's registrable domain:
 * one read for the whole site, kept in process (data-cache.server) until a brand is written.
 */
function brandSites(): Promise<BrandSite[]> {
  return cachedRead("deals:brand-sites", ["brands"], async () => {
    const db = await getDb();
    const rows = await db
      .select({ id: brands.id, name: brands.name, websiteUrl: brands.websiteUrl })
      .from(brands)
      .where(isNotNull(brands.websiteUrl))
      .orderBy(asc(brands.name));
    return rows.flatMap((row) => {
      const host = hostOf(row.websiteUrl);
      const site = host ? brandSite(row, host) : null;
      return site ? [site] : [];
    });
  });
}

/** The brand whose website is on the link's registrable domain, if any (ADR 036 §The merchant's domain). */
async function brandForHost(host: string) {
  const site = brandForLinkHost(host, await brandSites());
  return site ? { id: site.id, name: site.name } : null;
}

export interface DuplicateDeal {
  id: string;
  title: string;
  price: string;
  url: string;
}

/** Live published deals with the same canonical link, or of the same brand with a similar title in the last 14 days. */
async function findDuplicates(input: { canonicalUrl: string; brandId: string | null; title: string }, now: Date): Promise<DuplicateDeal[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000);
  const sameBrand = input.brandId
    ? sql`(${crevardeDeals.brandId} = ${input.brandId} and ${crevardeDeals.publishedAt} >= ${since} and similarity(${crevardeDeals.title}, ${input.title}::text) >= ${TITLE_SIMILARITY})`
    : sql`false`;
  return db
    .select({ id: crevardeDeals.id, title: crevardeDeals.title, price: crevardeDeals.price, url: crevardeDeals.url })
    .from(crevardeDeals)
    .where(and(eq(crevardeDeals.status, dealStatus.is.published), isNull(crevardeDeals.expiredAt), sql`(${crevardeDeals.canonicalUrl} = ${input.canonicalUrl} or ${sameBrand})`))
    .orderBy(desc(crevardeDeals.publishedAt))
    .limit(3);
}

export type PostOutcome = { kind: "duplicate"; duplicates: DuplicateDeal[] } | { kind: "posted"; id: string; status: DealStatus };

/**
 * Post a member's deal. A duplicate of a live deal comes back first unless
 * the member confirmed; a confirmed duplicate, a link on the author's own
 * domain, or an author with fewer approved posts than the setting waits in
 * the moderation queue; otherwise it is published at once.
 */
export async function submitDealPost(
  author: Actor,
  input: DealPostInput,
  image: File | undefined,
  now = new Date(),
  connection: ConnectionSource | undefined = undefined,
): Promise<PostOutcome> {
  await assertNotBlocked(author.id, now);
  if (!(await canPostDeals(author.id))) throw new PostingError(POSTING_MESSAGES.blocked, 403);
  const db = await getDb();
  const host = hostOf(input.url);
  const canonical = canonicalDealUrl(input.url);
  if (!host || !canonical) throw new PostingError(POSTING_MESSAGES.urlInvalid, 400, "url");
  const brand = await brandForHost(host);
  if (!brand && !input.merchant) throw new PostingError(POSTING_MESSAGES.merchantRequired, 400, "merchant");
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!category) throw new PostingError(POSTING_MESSAGES.categoryRequired, 400, "categoryId");

  const duplicates = await findDuplicates({ canonicalUrl: canonical, brandId: brand?.id ?? null, title: input.title }, now);
  if (duplicates.length > 0 && !input.confirmDuplicate) return { kind: "duplicate", duplicates };

  const [approved] = await db
    .select({ n: count() })
    .from(crevardeDeals)
    .where(and(eq(crevardeDeals.authorId, author.id), isNotNull(crevardeDeals.publishedAt), inArray(crevardeDeals.status, [dealStatus.is.published, dealStatus.is.removed])));
  const publishNow =
    publishesAtOnce({ approvedPosts: approved?.n ?? 0, trustedAfter: await getSetting("deal_trusted_after_approved"), confirmedDuplicate: duplicates.length > 0 }) &&
    !isSelfPromotion(author.email, host);

  // after every check, so that a refused post stores no file
  const imageUrl = image && image.size > 0 ? (await saveImageUpload({ buffer: Buffer.from(await image.arrayBuffer()), originalName: image.name, size: image.size })).url : null;

  const row = await db.transaction(async (tx) => {
    // two posts of one link in the same second (ADR 036 §Duplicates): posts of a link take turns
    // (a transaction lock on its hash), and the second, seeing the first published, waits
    // for moderation instead of publishing twice
    let status: DealStatus = publishNow ? dealStatus.is.published : dealStatus.is.pending_review;
    if (publishNow) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deal-url:${canonical}`}))`);
      const [twin] = await tx
        .select({ id: crevardeDeals.id })
        .from(crevardeDeals)
        .where(
          and(
            eq(crevardeDeals.status, dealStatus.is.published),
            isNull(crevardeDeals.expiredAt),
            eq(crevardeDeals.canonicalUrl, canonical),
            gte(crevardeDeals.publishedAt, new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000)),
          ),
        )
        .limit(1);
      if (twin) status = dealStatus.is.pending_review;
    }
    const [created] = await tx
      .insert(crevardeDeals)
      .values({
        title: input.title,
        description: input.description,
        price: formatPriceCents(input.price),
        originalPrice: input.originalPrice === null ? null : formatPriceCents(input.originalPrice),
        referencePriceSource: input.originalPrice === null ? null : input.referencePriceSource,
        imageUrl,
        // the merchant: the brand found from the link's host, else the member's words
        source: (brand?.name ?? input.merchant).toLowerCase(),
        brandId: brand?.id ?? null,
        categoryId: input.categoryId,
        badgeText: "Deal membre",
        ctaText: input.code ?? "Voir le deal",
        url: input.url,
        canonicalUrl: canonical,
        authorId: author.id,
        status,
        publishedAt: status === dealStatus.is.published ? now : null,
        expiresAt: input.expiresOn ? parisEndOfDay(input.expiresOn) : null,
      })
      .returning({ id: crevardeDeals.id, status: crevardeDeals.status });
    // the price the member saw, in the price history (ADR 049): with the deal or not at all
    await recordPriceObservation(tx, { url: input.url, price: formatPriceCents(input.price), source: "deal", sourceId: created.id, observedAt: now });
    // the poster's address, kept a year (décret 2021-1362): with the deal or not at all
    await logUgcConnection(tx, { userId: author.id, contentType: "deal", contentId: created.id, connection });
    // members' alerts are matched by a job queued with the publication
    if (status === dealStatus.is.published) await enqueueAlertMatch(tx, created.id, "published");
    return created;
  });
  if (row.status === dealStatus.is.published) invalidateAllowedHosts();
  return { kind: "posted", id: row.id, status: row.status as DealStatus };
}

/* ------------------------------ the member's posts ------------------------------ */

/** The member's posts, newest first, with their status and, when refused or removed, the statement of reasons. */
export async function listMyDealPosts(userId: string) {
  const db = await getDb();
  const rows = await db
    .select({
      id: crevardeDeals.id,
      title: crevardeDeals.title,
      price: crevardeDeals.price,
      url: crevardeDeals.url,
      status: crevardeDeals.status,
      createdAt: crevardeDeals.createdAt,
      publishedAt: crevardeDeals.publishedAt,
      expiresAt: crevardeDeals.expiresAt,
      expiredAt: crevardeDeals.expiredAt,
      moderationRule: crevardeDeals.moderationRule,
      moderationStatement: crevardeDeals.moderationStatement,
      moderatedAt: crevardeDeals.moderatedAt,
    })
    .from(crevardeDeals)
    .where(eq(crevardeDeals.authorId, userId))
    .orderBy(desc(crevardeDeals.createdAt))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    statusLabel: POST_STATUS_LABELS[r.status as DealStatus] ?? r.status,
    ruleLabel: r.moderationRule ? (MODERATION_RULES[r.moderationRule as ModerationRule] ?? r.moderationRule) : null,
  }));
}

/* ------------------------------ moderation ------------------------------ */

const queueColumns = {
  id: crevardeDeals.id,
  title: crevardeDeals.title,
  description: crevardeDeals.description,
  price: crevardeDeals.price,
  originalPrice: crevardeDeals.originalPrice,
  url: crevardeDeals.url,
  source: crevardeDeals.source,
  ctaText: crevardeDeals.ctaText,
  createdAt: crevardeDeals.createdAt,
  publishedAt: crevardeDeals.publishedAt,
  authorEmail: user.email,
  brandName: brands.name,
  categoryName: categories.name,
};

/** How many members' posts wait for review. */
export async function countPendingDeals() {
  const db = await getDb();
  return db.$count(crevardeDeals, eq(crevardeDeals.status, dealStatus.is.pending_review));
}

/** « Deals proposés »: one page of members' posts waiting (oldest first) and the last published ones (which may be removed). */
export async function dealModerationQueue(limit = 200, offset = 0) {
  const db = await getDb();
  const base = () =>
    db
      .select(queueColumns)
      .from(crevardeDeals)
      .leftJoin(user, eq(user.id, crevardeDeals.authorId))
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .leftJoin(categories, eq(categories.id, crevardeDeals.categoryId));
  const [pending, published] = await Promise.all([
    base().where(eq(crevardeDeals.status, dealStatus.is.pending_review)).orderBy(asc(crevardeDeals.createdAt), asc(crevardeDeals.id)).limit(limit).offset(offset),
    base()
      .where(and(eq(crevardeDeals.status, dealStatus.is.published), isNotNull(crevardeDeals.authorId)))
      .orderBy(desc(crevardeDeals.publishedAt))
      .limit(30),
  ]);
  const view = (r: (typeof pending)[number]) => ({ ...r, createdAt: r.createdAt.toISOString(), publishedAt: r.publishedAt?.toISOString() ?? null });
  return { pendingDeals: pending.map(view), publishedDeals: published.map(view) };
}

export type DealModerationInput =
  | { intent: "approve-deal"; dealId: string }
  | { intent: "reject-deal" | "remove-deal"; dealId: string; rule: ModerationRule; statement: string };
export type DealEditInput = { intent: "edit-deal"; dealId: string; title: string; description: string; code: string | null };

/**
 * A moderator corrects a pending post before deciding (issue #15 item 8):
 * title, description and code, audited in the same transaction. Only a post
 * still waiting for review can be edited (409 otherwise).
 */
export async function editPendingDeal(actor: Actor, input: DealEditInput, now = new Date()) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(crevardeDeals).where(eq(crevardeDeals.id, input.dealId)).for("update");
    if (!before) throw new DomainError(MODERATION_DEAL_MESSAGES.dealMissing, 404);
    if (before.status !== dealStatus.is.pending_review) throw new DomainError(MODERATION_DEAL_MESSAGES.notPending, 409);
    const changes = { title: input.title, description: input.description, ctaText: input.code ?? "Voir le deal" };
    await tx
      .update(crevardeDeals)
      .set({ ...changes, updatedAt: now })
      .where(eq(crevardeDeals.id, before.id));
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "crevarde_deals",
      entityId: before.id,
      before: { title: before.title, description: before.description, ctaText: before.ctaText },
      after: changes,
    });
    return { id: before.id };
  });
}

/**
 * A moderator's decision, in one transaction: the deal, the audit entry, the
 * author's e-mail (with the statement of reasons when refused or removed) and,
 * for self-promotion by a member writing from the link's domain, a strike.
 */
/** The status each moderation decision moves the deal to. */
const DECISION_STATUS = { approved: "published", rejected: "rejected", removed: "removed" } as const satisfies Record<DealDecision, DealStatus>;

export async function decideDealPost(actor: Actor, input: DealModerationInput, now = new Date()) {
  const db = await getDb();
  const env = getEnv();
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(crevardeDeals).where(eq(crevardeDeals.id, input.dealId)).for("update");
    if (!before) throw new DomainError(MODERATION_DEAL_MESSAGES.dealMissing, 404);
    // each decision applies to one state only (an approve never republishes a rejected deal: that is an appeal)
    const expected = input.intent === "remove-deal" ? dealStatus.is.published : dealStatus.is.pending_review;
    if (before.status !== expected) throw new DomainError(input.intent === "remove-deal" ? MODERATION_DEAL_MESSAGES.notPublished : MODERATION_DEAL_MESSAGES.notPending, 409);
    const decision: DealDecision = input.intent === "approve-deal" ? "approved" : input.intent === "reject-deal" ? "rejected" : "removed";
    const changes =
      input.intent === "approve-deal"
        ? { status: dealStatus.transition(before.status, DECISION_STATUS[decision]), publishedAt: now, moderatedAt: now, moderationRule: null, moderationStatement: null }
        : { status: dealStatus.transition(before.status, DECISION_STATUS[decision]), moderatedAt: now, moderationRule: input.rule, moderationStatement: input.statement };
    const [after] = await tx
      .update(crevardeDeals)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(crevardeDeals.id, before.id), eq(crevardeDeals.status, expected)))
      .returning();
    // members' reports on the deal (« Signaler ») are upheld by its removal
    const reports = input.intent === "remove-deal" ? await closeReportsIn(tx, actor, "deal", after.id, "upheld", `removed: ${input.rule}`, now) : [];
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "crevarde_deals",
      entityId: after.id,
      before: { status: before.status },
      after: { status: after.status, rule: after.moderationRule, statement: after.moderationStatement, reports: reports.length },
    });
    if (input.intent === "approve-deal") await enqueueAlertMatch(tx, after.id, "published");
    const [author] = before.authorId ? await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, before.authorId)) : [];
    let strike = false;
    if (author && input.intent !== "approve-deal" && input.rule === "self_promotion") {
      const host = hostOf(before.url);
      if (host && isSelfPromotion(author.email, host)) {
        await tx.insert(userStrikes).values({ userId: author.id, kind: "self_promotion", reason: input.statement, dealId: before.id, createdAt: now });
        strike = true;
      }
    }
    if (author) {
      await sendMail(
        {
          to: author.email,
          subject: DEAL_DECISION_SUBJECTS[decision],
          kind: `deal-${decision}`,
          react: createElement(DealDecisionEmail, {
            siteName: env.SITE_NAME,
            siteUrl: env.SITE_URL,
            title: before.title,
            decision,
            rule: input.intent === "approve-deal" ? null : MODERATION_RULES[input.rule],
            statement: input.intent === "approve-deal" ? null : input.statement,
          }),
        },
        { tx },
      );
    }
    return { deal: after, notified: Boolean(author), strike };
  });
  invalidateAllowedHosts();
  return result;
}

/* ------------------------------ expiry job ------------------------------ */

export const DEALS_EXPIRE_QUEUE = "deals.expire";
/** Every 15 minutes: a deal shows as expired soon after its end date. */
export const DEALS_EXPIRE_SCHEDULE: ScheduleDefinition = { name: DEALS_EXPIRE_QUEUE, cron: "*/15 * * * *" };

/** Mark as expired (expired_at = expires_at) every deal whose end date has passed. Idempotent; returns how many changed. */
export async function expireDueDeals(now = new Date(), db?: Pick<Db, "update">) {
  const executor = db ?? (await getDb());
  const rows = await executor
    .update(crevardeDeals)
    // the end date was already the deal's: passing it is no edit, an admin's open form stays valid
    .set({ expiredAt: crevardeDeals.expiresAt, updatedAt: sql`${crevardeDeals.updatedAt}` })
    .where(and(isNull(crevardeDeals.expiredAt), isNotNull(crevardeDeals.expiresAt), lte(crevardeDeals.expiresAt, now)))
    .returning({ id: crevardeDeals.id });
  return rows.length;
}

/** The `deals.expire` job handler. */
export async function expireDealsJob(): Promise<void> {
  const expired = await expireDueDeals();
  if (expired > 0) logger.info({ expired }, "deals: deals past their end date marked expired");
}
