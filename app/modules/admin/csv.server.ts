import { formatParis, toParisLocalInput } from "#app/modules/settings/paris-time";
import { scheduleState, type ScheduleWindow } from "#app/modules/schedule/schedule";
import { parse } from "csv-parse/sync";
import { eq, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { csvLine } from "#app/lib/csv";
import { getDb, type Db } from "#app/lib/db.server";
import { DomainError } from "#app/lib/errors";
import type { AuditEntity } from "#app/lib/permissions";
import { auditable, recordAuditIn } from "./audit.server";
import { PUBLICATION_LABELS } from "./publication";
import { CSV_LIMITS, CSV_MESSAGES, dateTimeCell, type CsvCellChange, type CsvPreview, type CsvPreviewRow, type CsvRowIssue } from "./csv";

/**
 * CSV export and import of a back-office list (issue #17, ADR 029). One
 * engine; each entity declares its columns, lookups, natural key and write
 * next to its list spec (`<entity>-csv.server.ts`).
 *
 * Files are written with `;` and a BOM (French Excel opens them as they are),
 * read with `;` or `,` (whichever the header line uses), in UTF-8 or, failing
 * that, Windows-1252 (Excel's plain « CSV »).
 */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: string; email: string };
type Cell = string | number | null | undefined;

/**
 * One column: its French header (the export's and the import's), the form field it fills and its value in an
 * export; an optional column may be left out of an imported file.
 */
export interface CsvColumn<Row> {
  header: string;
  field: string;
  value: (row: Row) => Cell;
  optional?: boolean;
}

/**
 * « Statut » (Publié / Brouillon) of the entities with a `draft` flag (ADR 047): exported, and optional on
 * import, where the line's cell goes through draftStatusCell.
 */
export function draftCsvColumn<Row extends { draft: boolean }>(): CsvColumn<Row> {
  return { header: "Statut", field: "status", optional: true, value: (r) => PUBLICATION_LABELS[r.draft ? "draft" : "published"] };
}

/** « Publier le » and « Dépublier le » (ADR 030) in Paris time, "2026-03-31 10:00", for the scheduled entities. */
export function scheduleCsvColumns<Row extends { publishAt: Date | null; unpublishAt: Date | null }>(): CsvColumn<Row>[] {
  const cell = (d: Date | null) => (d ? toParisLocalInput(d).replace("T", " ") : "");
  return [
    { header: PUBLISH_HEADER, field: "publishAt", value: (r) => cell(r.publishAt) },
    { header: UNPUBLISH_HEADER, field: "unpublishAt", value: (r) => cell(r.unpublishAt) },
  ];
}

const PUBLISH_HEADER = "Publier le";
const UNPUBLISH_HEADER = "Dépublier le";
const parisMinute = (d: Date | string) => formatParis(d, "dd/MM/yyyy 'à' HH:mm");

/**
 * What an update does to a scheduled row that the public sees at once (issue
 * #37 item 4): it goes live (a draft or out of its window before, published and
 * inside it after, at `now`), or it clears « Publier le » or « Dépublier le ».
 */
function scheduleWarnings(before: ScheduleWindow, after: ScheduleWindow, now: Date, drafts: { before: boolean; after: boolean }): string[] {
  const warnings: string[] = [];
  const was = drafts.before ? "draft" : scheduleState(before, now);
  if (was !== "live" && !drafts.after && scheduleState(after, now) === "live") {
    const why =
      was === "draft"
        ? "brouillon jusqu'ici"
        : was === "scheduled" && before.publishAt
          ? `programmé pour le ${parisMinute(before.publishAt)}`
          : `dépublié depuis le ${parisMinute(before.unpublishAt ?? now)}`;
    warnings.push(CSV_MESSAGES.goesLive(why));
  }
  if (before.publishAt && !after.publishAt) warnings.push(CSV_MESSAGES.clears(PUBLISH_HEADER, parisMinute(before.publishAt)));
  if (before.unpublishAt && !after.unpublishAt) warnings.push(CSV_MESSAGES.clears(UNPUBLISH_HEADER, parisMinute(before.unpublishAt)));
  return warnings;
}

/** The same two cells read back into the form's `datetime-local` values. */
export const scheduleFormCells = (cells: Record<string, string>) => ({ publishAt: dateTimeCell(cells.publishAt), unpublishAt: dateTimeCell(cells.unpublishAt) });

export interface CsvEntity<Row, Input, Ctx> {
  /** the audit log's entity name */
  entity: AuditEntity;
  /** the download's file name, without date and extension */
  fileName: string;
  table: PgTable;
  idColumn: AnyColumn;
  columns: readonly CsvColumn<Row>[];
  /** the rows of the list as the URL filters, searches and sorts it (at most `limit`) */
  exportRows: (url: URL, limit: number) => Promise<Row[]>;
  /** the same rows, by id: what the preview compares a file's updates with */
  currentRows: (ids: string[]) => Promise<Array<Row & { id: string }>>;
  /** the entity's form schema: an imported row is validated like the edit form */
  schema: z.ZodType<Input>;
  /** the lookups the rows need (brands, the existing rows of their natural keys), read in the import's transaction */
  context: (tx: Tx, records: Array<Record<string, string>>) => Promise<Ctx>;
  /** a record's cells (by field) as the form would post them; issues for cells that name nothing (an unknown brand) */
  toForm: (cells: Record<string, string>, ctx: Ctx) => { form: Record<string, string>; issues: Array<{ field: string; message: string }> };
  /** the natural key of a valid row (two rows of one file may not share it) */
  key: (input: Input) => string;
  /** a short name of the row for the preview */
  label: (input: Input) => string;
  /** the existing row a valid row updates (null: it is created), or why it cannot be matched */
  match: (input: Input, ctx: Ctx) => { id: string | null } | { field: string; message: string };
  /** write one row (create when `id` is null); null when the row to update is gone */
  write: (tx: Tx, input: Input, id: string | null) => Promise<{ id: string } | null>;
  /** after a committed import (cache invalidation) */
  afterImport?: () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCsvEntity = CsvEntity<any, any, any>;

/** The export: BOM, `;`, CRLF, the declared headers then one line per row, every cell escaped (formulas neutralised). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Row[]): string {
  const lines = [csvLine(columns.map((c) => c.header), ";"), ...rows.map((row) => csvLine(columns.map((c) => c.value(row)), ";"))];
  return `\ufeff${lines.join("\r\n")}\r\n`;
}

export async function exportCsv(entity: AnyCsvEntity, url: URL): Promise<string> {
  return toCsv(entity.columns, await entity.exportRows(url, CSV_LIMITS.exportRows));
}

/** The text of an uploaded file: UTF-8 (with or without BOM), else Windows-1252; a binary file is refused. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new DomainError(CSV_MESSAGES.empty, 400);
  if (bytes.byteLength > CSV_LIMITS.maxBytes) throw new DomainError(CSV_MESSAGES.tooBig, 413);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (hasBinaryControl(text)) throw new DomainError(CSV_MESSAGES.notCsv, 400);
  return text.replace(/^\ufeff/, "");
}

/** Control characters no text file holds (NUL..BS, SO..US; tab, line breaks and form feed are text). */
function hasBinaryControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x09 || (c > 0x0d && c < 0x20)) return true;
  }
  return false;
}

/** The formula guard of an export, undone: `'=x` → `=x` (only before the characters csvCell neutralises). */
export function uncell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

const normalHeader = (h: string) => h.trim().toLowerCase().normalize("NFC");

export interface CsvRecord {
  line: number;
  cells: Record<string, string>;
}

/**
 * Parse a file's text against the declared columns: the header line must name
 * every column once (in any order, any case; an `optional` one may be left out) and nothing else. Returns one
 * record per data line, keyed by field, with its line in the file; a line break inside a cell is read as
 * `\n` whether the file has CRLF or LF (Excel writes LF inside cells; a form post turns them into CRLF).
 */
export function parseCsv(text: string, columns: readonly { header: string; field: string; optional?: boolean }[]): CsvRecord[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (!firstLine.trim()) throw new DomainError(CSV_MESSAGES.empty, 400);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, { delimiter, info: true, skip_empty_lines: true, relax_column_count: false, max_record_size: 100_000 }) as never;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new DomainError(CSV_MESSAGES.unreadable(line), 400);
  }
  const [head, ...body] = parsed;
  if (!head) throw new DomainError(CSV_MESSAGES.empty, 400);
  const byHeader = new Map(columns.map((c) => [normalHeader(c.header), c]));
  const seen = new Set<string>();
  const order = head.record.map((h) => {
    const column = byHeader.get(normalHeader(h));
    if (!column) throw new DomainError(CSV_MESSAGES.unknownHeader(h.trim(), columns.map((c) => c.header)), 400);
    if (seen.has(column.field)) throw new DomainError(CSV_MESSAGES.duplicateHeader(column.header), 400);
    seen.add(column.field);
    return column;
  });
  const missing = columns.filter((c) => !seen.has(c.field) && !c.optional);
  if (missing.length) throw new DomainError(CSV_MESSAGES.missingHeaders(missing.map((c) => c.header)), 400);
  if (body.length === 0) throw new DomainError(CSV_MESSAGES.noRows, 400);
  if (body.length > CSV_LIMITS.maxRows) throw new DomainError(CSV_MESSAGES.tooManyRows(body.length), 413);
  return body.map(({ record, info }) => {
    const breaks = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    const cells: Record<string, string> = {};
    // a line break inside a cell reads as \n: a browser posts « Confirmer l'import »'s text with CRLF ones
    record.forEach((cell, i) => (cells[order[i].field] = uncell(cell).replace(/\r\n?/g, "\n")));
    return { line: info.lines - breaks, cells };
  });
}

interface Checked<Input, Ctx> {
  rows: CsvPreviewRow[];
  valid: Array<{ line: number; cells: Record<string, string>; input: Input; id: string | null }>;
  ctx: Ctx;
}

/** Validate every record (form schema, lookups, natural key, duplicates in the file) without writing. */
async function check<Input, Ctx>(tx: Tx, entity: CsvEntity<unknown, Input, Ctx>, records: CsvRecord[]): Promise<Checked<Input, Ctx>> {
  const headerOf = new Map(entity.columns.map((c) => [c.field, c.header]));
  const columnName = (field: string | undefined) => (field ? (headerOf.get(field) ?? null) : null);
  const ctx = await entity.context(
    tx,
    records.map((r) => r.cells),
  );
  const keys = new Map<string, number>();
  const rows: CsvPreviewRow[] = [];
  const valid: Checked<Input, Ctx>["valid"] = [];
  for (const { line, cells } of records) {
    const { form, issues } = entity.toForm(cells, ctx);
    const errors: CsvRowIssue[] = issues.map((i) => ({ line, column: columnName(i.field), message: i.message }));
    const parsed = entity.schema.safeParse(form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
        // a cell that already named nothing (unknown brand) is not reported twice
        if (!issues.some((i) => i.field === field)) errors.push({ line, column: columnName(field), message: issue.message });
      }
    }
    const fallbackLabel = Object.values(cells).find((v) => v.trim())?.trim() ?? "";
    if (errors.length || !parsed.success) {
      rows.push({ line, status: "error", label: fallbackLabel.slice(0, 80), errors });
      continue;
    }
    const input = parsed.data;
    const label = entity.label(input);
    const key = entity.key(input);
    const first = keys.get(key);
    if (first !== undefined) {
      rows.push({ line, status: "error", label, errors: [{ line, column: null, message: CSV_MESSAGES.duplicateRow(first) }] });
      continue;
    }
    keys.set(key, line);
    const matched = entity.match(input, ctx);
    if ("message" in matched) {
      rows.push({ line, status: "error", label, errors: [{ line, column: columnName(matched.field), message: matched.message }] });
      continue;
    }
    rows.push({ line, status: matched.id ? "update" : "create", label, errors: [] });
    valid.push({ line, cells, input, id: matched.id });
  }
  return { rows, valid, ctx };
}

function summary(rows: CsvPreviewRow[]): CsvPreview["summary"] {
  return {
    create: rows.filter((r) => r.status === "create").length,
    update: rows.filter((r) => r.status === "update").length,
    error: rows.filter((r) => r.status === "error").length,
  };
}

/** The preview of a file: each row « à créer », « à mettre à jour » (its cells old → new, its warnings) or in error, nothing written. */
export async function previewCsv(entity: AnyCsvEntity, text: string, now: Date = new Date()): Promise<CsvPreview> {
  const records = parseCsv(text, entity.columns);
  const db = await getDb();
  // read-only: the lookups run in a transaction that is always rolled back
  const checked = await db
    .transaction(async (tx) => {
      throw new PreviewDone(await check(tx, entity, records));
    })
    .catch((error: unknown) => {
      if (error instanceof PreviewDone) return error.checked;
      throw error;
    });
  const updates = await describeUpdates(entity, checked, now);
  const rows = checked.rows.map((row) => ({ ...row, ...updates.get(row.line) }));
  return { rows, summary: summary(rows) };
}

class PreviewDone {
  constructor(readonly checked: Checked<unknown, unknown>) {}
}

const cellText = (value: Cell) => (value === null || value === undefined ? "" : String(value));

/** Two form values alike once read by the schema (8,5 and 8.5, « oui » and « Oui », a brand's slug and name, an empty cell and null). */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === null || v === undefined || v === "" ? null : v instanceof Date ? v.getTime() : typeof v === "object" ? JSON.stringify(v) : v);
  return norm(a) === norm(b);
}

/** A value with a window (« Publier le », « Dépublier le »), or null. */
function windowOf(value: unknown): ScheduleWindow | null {
  if (!value || typeof value !== "object" || !("publishAt" in value) || !("unpublishAt" in value)) return null;
  const { publishAt, unpublishAt } = value as ScheduleWindow;
  return { publishAt: publishAt ?? null, unpublishAt: unpublishAt ?? null };
}

/**
 * The rows to update, cell by cell against the current row (issue #37 item 4):
 * a cell changes when the schema reads the file's value and the current one
 * (as an export writes it) differently; plus the schedule's warnings.
 */
async function describeUpdates(entity: AnyCsvEntity, checked: Checked<unknown, unknown>, now: Date): Promise<Map<number, Pick<CsvPreviewRow, "cells" | "warnings">>> {
  const updates = checked.valid.filter((v): v is typeof v & { id: string } => v.id !== null);
  const described = new Map<number, Pick<CsvPreviewRow, "cells" | "warnings">>();
  if (updates.length === 0) return described;
  const current = new Map<string, Record<string, unknown>>((await entity.currentRows(updates.map((u) => u.id))).map((r: Record<string, unknown> & { id: string }) => [r.id, r]));
  for (const { line, cells, input, id } of updates) {
    const row = current.get(id);
    if (!row) continue;
    const beforeCells: Record<string, string> = Object.fromEntries(entity.columns.map((c) => [c.field, cellText(c.value(row))]));
    const parsed = entity.schema.safeParse(entity.toForm(beforeCells, checked.ctx).form);
    const beforeInput = parsed.success ? (parsed.data as Record<string, unknown>) : null;
    const after = input as Record<string, unknown>;
    // an optional column the file leaves out is not part of the line
    const changes: CsvCellChange[] = entity.columns.filter((c) => !(c.optional && cells[c.field] === undefined)).map((c) => {
      const value = (cells[c.field] ?? "").trim();
      // an optional column left out or empty keeps the row's value
      const kept = c.optional && !value;
      const changed = !kept && (beforeInput ? !sameValue(beforeInput[c.field], after[c.field]) : beforeCells[c.field].trim() !== value);
      return changed ? { column: c.header, value, before: beforeCells[c.field] } : { column: c.header, value: kept ? beforeCells[c.field] : value };
    });
    const windows = [windowOf(row), windowOf(input)] as const;
    // a row with a draft state (ADR 047): the form's « Statut », the row's own when the line leaves it out
    const wasDraft = beforeInput?.status === "draft";
    const drafts = { before: wasDraft, after: after.status === undefined ? wasDraft : after.status === "draft" };
    // a row without a window (a help article) is online whenever it is published
    const always: ScheduleWindow = { publishAt: null, unpublishAt: null };
    described.set(line, { cells: changes, warnings: scheduleWarnings(windows[0] ?? always, windows[1] ?? always, now, drafts) });
  }
  return described;
}

/** An import refused at confirm time: the file has invalid rows (nothing was written). */
export class CsvImportRefused extends DomainError {
  constructor(readonly preview: CsvPreview) {
    super(CSV_MESSAGES.refused(preview.summary.error), 400);
  }
}


/**
 * The import: the file is checked again and, only if every row is valid,
 * every row is created or updated with one audit entry each, all in ONE
 * transaction (any failure writes nothing).
 */
export async function importCsv(actor: Actor, entity: AnyCsvEntity, text: string): Promise<{ created: number; updated: number }> {
  const records = parseCsv(text, entity.columns);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const { rows, valid } = await check(tx, entity, records);
    if (rows.some((r) => r.status === "error")) throw new CsvImportRefused({ rows, summary: summary(rows) });
    let created = 0;
    let updated = 0;
    for (const { input, id } of valid) {
      const before = id ? (await tx.select().from(entity.table).where(eq(entity.idColumn, id)))[0] : undefined;
      const saved = await entity.write(tx, input, id);
      if (!saved) throw new DomainError(CSV_MESSAGES.gone, 409);
      const savedId = saved.id;
      const [after] = await tx.select().from(entity.table).where(eq(entity.idColumn, savedId));
      await recordAuditIn(tx, actor, { action: id ? "update" : "create", entity: entity.entity, entityId: savedId, before: before ? auditable(before) : null, after: after ? auditable(after) : null });
      if (id) updated++;
      else created++;
    }
    return { created, updated };
  });
  entity.afterImport?.();
  return result;
}
