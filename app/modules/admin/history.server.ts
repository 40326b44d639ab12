import { and, count, desc, eq, getTableColumns, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { auditLog, binnedRecords, blogArticles, brands, categories, contentBlocks, crevardeDeals, helpArticles, offers, pages, promoCodes, user } from "#db/schema";
import type { Role } from "#db/constants";
import { getDb } from "#app/lib/db.server";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { DomainError } from "#app/lib/errors";
import { AUDIT_ENTITY_PERMISSION, auditEntitiesFor, can, type AuditEntity } from "#app/lib/permissions";
import { recordSlugChange } from "#app/modules/slug-redirects/slug-redirects.server";
import { fromParisLocalInput, parisEndOfDay } from "#app/modules/settings/paris-time";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { paginate, type Paged } from "./pagination.server";
import { binPurgeDate, entryLabel, fieldDiff, historySentence, isRestorableKind, kindLabel, type FieldChange, type RestorableKind } from "./history";
import { EditConflictError, saveAuditedIn } from "./versioned.server";

type Actor = { id: string; email: string };
type Row = Record<string, unknown>;

/** The table behind each kind « Restaurer cette version » writes to. */
const TABLES: Record<RestorableKind, PgTable> = {
  promo_code: promoCodes,
  offer: offers,
  brand: brands,
  deal: crevardeDeals,
  category: categories,
  page: pages,
  blog_article: blogArticles,
  content_block: contentBlocks,
  help_article: helpArticles,
};

/** What the history's filters ask for (the query string); anything unreadable is no filter. */
export interface HistoryFilters {
  kind: string;
  person: string;
  from: string;
  to: string;
}

export function readHistoryFilters(url: URL): HistoryFilters {
  const get = (k: string) => (url.searchParams.get(k) ?? "").trim().slice(0, 100);
  return { kind: get("type"), person: get("personne"), from: get("du"), to: get("au") };
}

/** The kinds `role` may read, as a condition (undefined: every kind, admins). */
function visibleKinds(role: Role): SQL | undefined {
  const kinds = auditEntitiesFor(role);
  return kinds ? inArray(auditLog.entity, kinds.length ? kinds : ["-"]) : undefined;
}

const mayRead = (role: Role, kind: string) => {
  const kinds = auditEntitiesFor(role);
  return kinds === null || (kinds as string[]).includes(kind);
};

/** Brand and category names, for the labels (« NUXE20 (Nuxe) ») and the diff (a brand id reads as its name). */
async function namesFor(snapshots: Array<Row | null>) {
  const brandIds = new Set<string>();
  const categoryIds = new Set<string>();
  for (const s of snapshots) {
    if (typeof s?.brandId === "string") brandIds.add(s.brandId);
    if (typeof s?.categoryId === "string") categoryIds.add(s.categoryId);
  }
  const db = await getDb();
  const [b, c] = await Promise.all([
    brandIds.size ? db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, [...brandIds])) : [],
    categoryIds.size ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...categoryIds])) : [],
  ]);
  const brandNames = new Map(b.map((r) => [r.id, r.name]));
  const categoryNames = new Map(c.map((r) => [r.id, r.name]));
  return {
    brand: (id: unknown) => (typeof id === "string" ? (brandNames.get(id) ?? null) : null),
    field: (field: string, value: unknown) =>
      typeof value !== "string" ? null : field === "brandId" ? (brandNames.get(value) ?? null) : field === "categoryId" ? (categoryNames.get(value) ?? null) : null,
  };
}

export interface HistoryEntry {
  id: string;
  at: string;
  entity: string;
  entityId: string | null;
  action: string;
  sentence: string;
  changes: FieldChange[];
  /** « Restaurer cette version »: a change to a row the role may edit */
  restorable: boolean;
  /** the bin entry of a delete, while it can be restored */
  binId: string | null;
}

type JournalRow = { entry: typeof auditLog.$inferSelect; name: string | null; binId: string | null };

/** Read entries as the history shows them: the sentence, the diff, and what the role may restore. */
async function describeEntries(role: Role, rows: JournalRow[]): Promise<HistoryEntry[]> {
  const names = await namesFor(rows.flatMap((r) => [r.entry.before as Row | null, r.entry.after as Row | null]));
  return rows.map(({ entry, name, binId }): HistoryEntry => {
    const before = entry.before as Row | null;
    const after = entry.after as Row | null;
    const snapshot = after ?? before;
    const label = entryLabel(entry.entity, snapshot, names.brand(snapshot?.brandId));
    const editable = can(role, AUDIT_ENTITY_PERMISSION[entry.entity as AuditEntity] ?? "settings");
    return {
      id: entry.id,
      at: entry.at.toISOString(),
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      sentence: historySentence({ who: name?.trim() || entry.actorEmail, action: entry.action, entity: entry.entity, entityId: entry.entityId, label }),
      changes: fieldDiff(before, after, names.field),
      restorable: editable && entry.action === "update" && isRestorableKind(entry.entity) && before !== null && typeof after?.updatedAt === "string",
      binId: editable ? binId : null,
    };
  });
}

/** The journal's query: entries with their author's name and, for a delete, its bin entry. */
async function journal(where: SQL | undefined, limit: number, offset: number): Promise<JournalRow[]> {
  const db = await getDb();
  return db
    .select({ entry: auditLog, name: user.name, binId: binnedRecords.id })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .leftJoin(binnedRecords, eq(binnedRecords.auditId, auditLog.id))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/** Entries the role may read, newest first, filtered, one page of ADMIN_PAGE_SIZE. */
export async function listHistory(role: Role, filters: HistoryFilters, page: number): Promise<Paged<HistoryEntry>> {
  const db = await getDb();
  const from = /^\d{4}-\d{2}-\d{2}$/.test(filters.from) ? fromParisLocalInput(`${filters.from}T00:00`) : null;
  const to = parisEndOfDay(filters.to);
  const where = and(
    visibleKinds(role),
    filters.kind ? eq(auditLog.entity, filters.kind) : undefined,
    filters.person ? eq(auditLog.actorId, filters.person) : undefined,
    from ? gte(auditLog.at, new Date(from)) : undefined,
    to ? lte(auditLog.at, to) : undefined,
  );
  const paged = await paginate(
    page,
    async () => (await db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0,
    (limit, offset) => journal(where, limit, offset),
  );
  return { rows: await describeEntries(role, paged.rows), pager: paged.pager };
}

/** The dashboard's journal (issue #37 item 5): the latest entries `role` may read, as the history words them. */
export async function recentHistory(role: Role, limit = 15): Promise<HistoryEntry[]> {
  return describeEntries(role, await journal(visibleKinds(role), limit, 0));
}

/** The filters' choices: the kinds the role may read, and the people who wrote them. */
export async function historyFilterOptions(role: Role) {
  const db = await getDb();
  const [kinds, people] = await Promise.all([
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).where(visibleKinds(role)),
    db
      .selectDistinct({ id: auditLog.actorId, email: auditLog.actorEmail, name: user.name })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(visibleKinds(role))
      .limit(200),
  ]);
  const seen = new Set<string>();
  return {
    kinds: kinds.map((k) => ({ value: k.entity, label: kindLabel(k.entity) })).sort((a, b) => a.label.localeCompare(b.label, "fr")),
    people: people
      .filter((p): p is { id: string; email: string; name: string | null } => p.id !== null && !seen.has(p.id) && Boolean(seen.add(p.id)))
      .map((p) => ({ value: p.id, label: p.name?.trim() || p.email }))
      .sort((a, b) => a.label.localeCompare(b.label, "fr")),
  };
}

export interface BinEntry {
  id: string;
  entity: string;
  sentence: string;
  deletedAt: string;
  purgeAt: string;
  /** rows that come back with it (a brand's codes and offers…) */
  linked: number;
}

/** The bin, newest deletion first: the kinds the role may edit. */
export async function listBin(role: Role, page: number): Promise<Paged<BinEntry>> {
  const db = await getDb();
  const kinds = (Object.keys(AUDIT_ENTITY_PERMISSION) as AuditEntity[]).filter((k) => can(role, AUDIT_ENTITY_PERMISSION[k]));
  const where = inArray(binnedRecords.entity, kinds.length ? kinds : ["-"]);
  const paged = await paginate(
    page,
    async () => (await db.select({ n: count() }).from(binnedRecords).where(where))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select({ bin: binnedRecords, name: user.name })
        .from(binnedRecords)
        .leftJoin(user, eq(user.id, binnedRecords.deletedById))
        .where(where)
        .orderBy(desc(binnedRecords.deletedAt), desc(binnedRecords.id))
        .limit(limit)
        .offset(offset),
  );
  const names = await namesFor(paged.rows.map((r) => r.bin.row as Row));
  return {
    pager: paged.pager,
    rows: paged.rows.map(({ bin, name }) => ({
      id: bin.id,
      entity: bin.entity,
      sentence: historySentence({
        who: name?.trim() || bin.deletedByEmail,
        action: "delete",
        entity: bin.entity,
        entityId: bin.entityId,
        label: entryLabel(bin.entity, bin.row as Row, names.brand((bin.row as Row).brandId)),
      }),
      deletedAt: bin.deletedAt.toISOString(),
      purgeAt: binPurgeDate(bin.deletedAt).toISOString(),
      linked: (bin.dependents as Array<{ rows: unknown[] }>).reduce((n, d) => n + d.rows.length, 0),
    })),
  };
}

/** Columns « Restaurer cette version » never writes: keys, bookkeeping, what the database or the community computes. */
const NOT_RESTORED = new Set(["id", "createdAt", "updatedAt", "temperature", "hotScore", "hotSince", "commentsCount", "brandName"]);

export const VERSION_CONFLICT =
  "Cet élément a été modifié depuis cette version : la restaurer effacerait ces changements. Ouvrir sa dernière modification dans l'historique pour repartir de là.";
export const VERSION_KEY_TAKEN = "Impossible de restaurer cette version : son code, son nom ou son slug est maintenant utilisé par un autre élément.";

/**
 * « Restaurer cette version » (ADR 044): write back the values an update changed, as a new version with
 * its own audit entry, in one transaction. Refused with a French 409 when the row changed since that
 * update (its `updated_at` is no longer the one the update wrote) or a unique key is now taken; 404 when
 * the row is gone (in the bin, it comes back from there), 403 when the role may not edit that kind.
 */
export async function restoreVersion(actor: Actor, role: Role, auditId: string): Promise<{ entity: RestorableKind }> {
  const db = await getDb();
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, auditId));
  if (!entry || !mayRead(role, entry.entity)) throw new DomainError("Cette version est introuvable.", 404);
  if (!can(role, AUDIT_ENTITY_PERMISSION[entry.entity as AuditEntity] ?? "settings")) throw new DomainError("Accès refusé.", 403);
  const before = entry.before as Row | null;
  const after = entry.after as Row | null;
  if (entry.action !== "update" || !isRestorableKind(entry.entity) || !before || typeof after?.updatedAt !== "string" || !entry.entityId)
    throw new DomainError("Seule une modification d'un élément du catalogue peut être restaurée.", 400);
  const kind = entry.entity;
  const table = TABLES[kind];
  const columns = getTableColumns(table);
  const values: Row = {};
  for (const [key, column] of Object.entries(columns)) {
    if (NOT_RESTORED.has(key) || column.generated || !(key in before)) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    const value = before[key];
    values[key] = column.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  const version = after.updatedAt;
  const id = entry.entityId;
  try {
    const row = await db.transaction(async (tx) => {
      const current = await tx.select().from(table).where(eq((table as unknown as { id: typeof promoCodes.id }).id, id));
      const oldSlug = (current[0] as Row | undefined)?.slug;
      const saved = await saveAuditedIn(tx, { actor, version }, kind, table, id, values);
      if (saved && (kind === "page" || kind === "category") && typeof values.slug === "string") {
        await recordSlugChange(tx, kind, id, typeof oldSlug === "string" ? oldSlug : null, values.slug);
      }
      return saved;
    });
    if (!row) throw new DomainError("Cet élément n'existe plus : s'il est dans la corbeille, le restaurer depuis l'onglet « Corbeille ».", 404);
  } catch (error) {
    if (error instanceof EditConflictError) throw new DomainError(VERSION_CONFLICT, 409);
    if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new DomainError(VERSION_KEY_TAKEN, 409);
    throw error;
  }
  if ("url" in values || "websiteUrl" in values) invalidateAllowedHosts();
  return { entity: kind };
}
