import { sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { registrableDomain } from "#app/lib/registrable-domain";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { dateTimeCell, dayCell, type CsvCellChange, type CsvPreview, type CsvPreviewRow, type CsvRowIssue } from "#app/modules/admin/csv";
import { CsvImportRefused, parseCsv, type CsvRecord, type Tx } from "#app/modules/admin/csv.server";
import { formatMoney } from "#app/modules/ledger/ledger";
import { formatParis, fromParisLocalInput } from "#app/modules/settings/paris-time";
import { recordPriceObservation } from "./observations.server";
import { PRICE_ADMIN_MESSAGES as M, PRICE_CSV_COLUMNS, type PriceCsvField } from "./price-admin";
import { productKeyOf } from "./product-key";

/**
 * An import of price observations by CSV (issue #39 item 6, ADR 049): a
 * merchant's feed, one price a line (Produit, Marchand, Prix, Devise, Date,
 * GTIN). The back office's CSV machinery (ADR 029: parseCsv and its formula
 * guard, the preview, « Confirmer l'import », CsvImportRefused) with a line's
 * fate of its own: a price « à créer » (its previous price → the new one), or
 * « déjà connu » when it repeats the price in effect at its time (not stored:
 * recordPriceObservation), or an error. One audit entry per import.
 */

type Actor = { id: string; email: string };

interface PriceLine {
  line: number;
  key: string;
  /** the key it is stored under: its own, or the one it was merged into */
  stored: string;
  merchant: string;
  cents: number;
  currency: string;
  observedAt: Date;
  gtin: string | null;
}

const HEADER = new Map<string, string>(PRICE_CSV_COLUMNS.map((c) => [c.field, c.header]));
const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);
const when = (d: Date) => formatParis(d, "dd/MM/yyyy HH:mm");

/** A price typed the French way or not (19,99 · 19.99 · 1 299,90 €), in cents; null when it is not one. */
function centsCell(value: string): number | null {
  const v = value.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  return /^\d{1,7}(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A date typed in a file: a day (midnight, Paris), a Paris date and time, or an ISO instant with its offset; null when it is none. */
function dateCell(value: string): Date | null {
  const v = value.trim();
  if (ISO_INSTANT.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const day = dayCell(v);
  const iso = fromParisLocalInput(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00` : dateTimeCell(v));
  return iso ? new Date(iso) : null;
}

/** One line read, or its errors (each with its column). */
function readLine({ line, cells }: CsvRecord, now: Date): PriceLine | CsvRowIssue[] {
  const errors: CsvRowIssue[] = [];
  const issue = (field: PriceCsvField, message: string) => errors.push({ line, column: HEADER.get(field) ?? null, message });
  const product = productKeyOf(cells.product ?? "");
  if (!cells.product?.trim()) issue("product", M.productRequired);
  else if (!product) issue("product", M.productUnreadable(cells.product.trim()));
  const merchantText = (cells.merchant ?? "").trim();
  const merchant = merchantText ? registrableDomain(merchantText.replace(/^[a-z]+:\/\//i, "").split("/")[0].toLowerCase()) : null;
  if (!merchantText) issue("merchant", M.merchantRequired);
  else if (product && merchant !== product.merchant) issue("merchant", M.merchantMismatch(merchantText, product.merchant));
  const priceText = (cells.price ?? "").trim();
  const cents = centsCell(priceText);
  if (!priceText) issue("price", M.priceRequired);
  else if (cents === null) issue("price", M.priceUnreadable(priceText));
  const currencyText = (cells.currency ?? "").trim();
  const currency = currencyText ? currencyText.toUpperCase() : "EUR";
  if (!/^[A-Z]{3}$/.test(currency)) issue("currency", M.currencyUnknown(currencyText));
  const dateText = (cells.observedAt ?? "").trim();
  const observedAt = dateText ? dateCell(dateText) : null;
  if (!dateText) issue("observedAt", M.dateRequired);
  else if (!observedAt) issue("observedAt", M.dateUnreadable(dateText));
  else if (observedAt > now) issue("observedAt", M.dateFuture);
  const gtin = (cells.gtin ?? "").replace(/\s/g, "") || null;
  if (gtin && !/^(\d{8}|\d{12,14})$/.test(gtin)) issue("gtin", M.gtinInvalid(cells.gtin!.trim()));
  if (errors.length || !product || cents === null || !observedAt) return errors;
  return { line, key: product.key, stored: product.key, merchant: product.merchant, cents, currency, observedAt, gtin };
}

interface Checked {
  rows: CsvPreviewRow[];
  /** the lines to store, oldest first */
  toStore: PriceLine[];
  skipped: number;
}

/**
 * Every line checked, nothing written: read (errors by column, in French), its
 * key resolved through the merges, then, in time order per product and
 * merchant, compared with the price in effect just before it (the database's
 * or an earlier line's): the same price and currency is « déjà connu ».
 */
async function check(tx: Tx, records: CsvRecord[], now: Date): Promise<Checked> {
  const read = records.map((r) => ({ record: r, result: readLine(r, now) }));
  const lines = read.flatMap(({ result }) => (Array.isArray(result) ? [] : [result]));
  const keys = [...new Set(lines.map((l) => l.key))];
  if (keys.length) {
    const aliases = (await tx.execute(sql`select alias_key, product_key from price_key_aliases where alias_key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`)) as unknown as { rows: Array<{ alias_key: string; product_key: string }> };
    const into = new Map(aliases.rows.map((a) => [a.alias_key, a.product_key]));
    for (const l of lines) l.stored = into.get(l.key) ?? l.key;
  }
  // the database's price in effect at each line's time, in one query
  const before = new Map<number, { cents: number; currency: string; at: Date }>();
  if (lines.length) {
    const wanted = sql.join(lines.map((l) => sql`(${l.line}::int, ${l.stored}::text, ${l.merchant}::text, ${l.observedAt.toISOString()}::timestamptz)`), sql`, `);
    const found = (await tx.execute(sql`
      select w.line, p.price_cents, p.currency, p.observed_at from (values ${wanted}) as w (line, key, merchant, at)
      cross join lateral (
        select price_cents, currency, observed_at from price_observations
        where product_key = w.key and merchant = w.merchant and observed_at <= w.at order by observed_at desc limit 1
      ) p`)) as unknown as { rows: Array<{ line: number; price_cents: number; currency: string; observed_at: Date | string }> };
    for (const r of found.rows) before.set(Number(r.line), { cents: Number(r.price_cents), currency: r.currency, at: new Date(r.observed_at) });
  }
  const fate = new Map<number, CsvPreviewRow>();
  const toStore: PriceLine[] = [];
  let skipped = 0;
  const inEffect = new Map<string, { cents: number; currency: string; at: Date; line: number }>();
  const ordered = [...lines].sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime() || a.line - b.line);
  for (const l of ordered) {
    const label = `${l.key} · ${when(l.observedAt)}`;
    const price = money(l.cents, l.currency);
    const series = `${l.stored}\n${l.merchant}`;
    const earlier = inEffect.get(series);
    if (earlier && earlier.at.getTime() === l.observedAt.getTime() && (earlier.cents !== l.cents || earlier.currency !== l.currency)) {
      fate.set(l.line, { line: l.line, status: "error", label, errors: [{ line: l.line, column: null, message: M.samePrice(earlier.line) }] });
      continue;
    }
    const db = before.get(l.line);
    const previous = earlier && (!db || earlier.at >= db.at) ? earlier : db;
    inEffect.set(series, { cents: l.cents, currency: l.currency, at: l.observedAt, line: l.line });
    if (previous && previous.cents === l.cents && previous.currency === l.currency) {
      skipped++;
      fate.set(l.line, { line: l.line, status: "skip", label, errors: [], cells: [{ column: "Prix", value: price }] });
      continue;
    }
    const cells: CsvCellChange[] = [{ column: "Prix", value: price, before: previous ? money(previous.cents, previous.currency) : "" }];
    if (l.stored !== l.key) cells.push({ column: "Clé", value: l.stored, before: l.key });
    toStore.push(l);
    fate.set(l.line, { line: l.line, status: "create", label, errors: [], cells });
  }
  const rows = read.map(({ record, result }) =>
    Array.isArray(result) ? { line: record.line, status: "error" as const, label: (record.cells.product ?? "").trim().slice(0, 80), errors: result } : fate.get(record.line)!,
  );
  return { rows, toStore, skipped };
}

function summary(rows: CsvPreviewRow[]): CsvPreview["summary"] {
  const count = (status: CsvPreviewRow["status"]) => rows.filter((r) => r.status === status).length;
  return { create: count("create"), update: 0, error: count("error"), skip: count("skip") };
}

/** The preview of a file of prices: nothing written (the lookups run in a transaction rolled back). */
export async function previewPriceCsv(text: string, now: Date): Promise<CsvPreview> {
  const records = parseCsv(text, PRICE_CSV_COLUMNS);
  const db = await getDb();
  let checked: Checked | null = null;
  await db
    .transaction(async (tx) => {
      checked = await check(tx, records, now);
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  const { rows } = checked!;
  return { rows, summary: summary(rows) };
}

const ROLLBACK = Symbol("preview");

/**
 * The import: checked again and, only when no line is in error, every new
 * price stored oldest first (source `import`, a repeat of the price in effect
 * is not stored) with one audit entry, in ONE transaction.
 */
export async function importPriceCsv(actor: Actor, text: string, now: Date, fileName?: string): Promise<{ created: number; skipped: number; firstProduct: string | null }> {
  const records = parseCsv(text, PRICE_CSV_COLUMNS);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { rows, toStore, skipped } = await check(tx, records, now);
    if (rows.some((r) => r.status === "error")) throw new CsvImportRefused({ rows, summary: summary(rows) });
    let created = 0;
    for (const l of toStore) {
      const stored = await recordPriceObservation(tx, {
        url: `https://${l.key}`,
        price: (l.cents / 100).toFixed(2),
        currency: l.currency,
        observedAt: l.observedAt,
        gtin: l.gtin,
        source: "import",
      });
      if (stored) created++;
    }
    const products = [...new Set(toStore.map((l) => l.stored))];
    await recordAuditIn(tx, actor, {
      action: "create",
      entity: "price_observations",
      before: null,
      after: { file: fileName ?? null, created, skipped: skipped + toStore.length - created, products: products.slice(0, 100), productCount: products.length },
    });
    // the product of the file's first new price, whose history the screen shows next
    const first = toStore.reduce<PriceLine | null>((a, l) => (!a || l.line < a.line ? l : a), null);
    return { created, skipped: skipped + toStore.length - created, firstProduct: first?.stored ?? null };
  });
}
