import { ArrowDown, ArrowUp, ArrowUpDown, Copy, ImageIcon, Pencil, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { DeleteButton, Field, selectClass } from "#app/components/admin/admin-ui";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { cn } from "#app/lib/utils";
import { countOf, type PluralForms } from "#app/lib/plural";
import { isNarrowed, listHref, scheduleFilterOptions, sortHref, yesNoOptions, type SortDir } from "#app/modules/admin/list-query";
import { PUBLICATION_FILTER_OPTIONS } from "#app/modules/admin/publication";

/**
 * The list half of the back office's resource engine (issue #17): a search
 * and filter bar, sortable column headers, bulk selection, and one table that
 * becomes stacked cards under 768 px, its actions always visible. Everything
 * lives in the URL; the bar is a GET form, so it works before hydration.
 */

export interface FilterDef {
  name: string;
  label: string;
  /** the « all » choice's label */
  all: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string | undefined;
}

type Choice = { id: string; name: string };
const rowChoices = (rows: Choice[]) => rows.map((r) => ({ value: r.id, label: r.name }));
/** The filters most lists share. */
export const brandFilter = (brands: Choice[], value: string | undefined): FilterDef => ({ name: "brand", label: "Marque", all: "Toutes", value, options: rowChoices(brands) });
export const categoryFilter = (categories: Choice[], value: string | undefined): FilterDef => ({
  name: "category",
  label: "Catégorie",
  all: "Toutes",
  value,
  options: rowChoices(categories),
});
export const featuredFilter = (value: string | undefined): FilterDef => ({ name: "featured", label: "En avant", all: "Tous", value, options: yesNoOptions });
/** « Programmation » of every list whose rows have « Publier le / Dépublier le » (ADR 030). */
export const scheduleFilter = (value: string | undefined): FilterDef => ({ name: "schedule", label: "Programmation", all: "Toutes", value, options: scheduleFilterOptions });

/** « Publication » of the lists of codes, offers and deals, whose rows may be drafts (ADR 047). */
export const publicationFilter = (value: string | undefined): FilterDef => ({ name: "publication", label: "Publication", all: "Toutes", value, options: PUBLICATION_FILTER_OPTIONS });

/** The bulk actions of a list with a « En avant » flag, with each entity's confirmation texts. */
export function catalogueBulkActions(confirm: Record<"bulk-delete" | "bulk-feature" | "bulk-unfeature", (n: number) => string>): BulkAction[] {
  return [
    { intent: "bulk-feature", label: "Mettre en avant", confirm: confirm["bulk-feature"] },
    { intent: "bulk-unfeature", label: "Retirer de la une", confirm: confirm["bulk-unfeature"] },
    { intent: "bulk-delete", label: "Supprimer", confirm: confirm["bulk-delete"], destructive: true },
  ];
}

/** A row's image in a list: the uploaded thumbnail, or a placeholder icon (the product spec: « placeholder icon if none »). */
export function Thumbnail({ src, wide = false }: { src: string | null | undefined; wide?: boolean }) {
  const box = wide ? "h-8 w-12 rounded" : "size-10 rounded-lg";
  return src ? (
    <img src={src} alt="" width={wide ? 48 : 40} height={wide ? 32 : 40} className={`${box} shrink-0 object-cover`} />
  ) : (
    <span className={`${box} grid shrink-0 place-items-center bg-neutral-100`}>
      <ImageIcon className="size-4 text-neutral-400" aria-hidden="true" />
    </span>
  );
}

export function ListToolbar({
  label,
  searchLabel,
  query,
  filters,
  searchPlaceholder,
  submitLabel = "Filtrer",
}: {
  /** the search landmark's name, e.g. « Filtrer les codes promo » */
  label: string;
  searchLabel: string;
  searchPlaceholder?: string;
  /** the submit button's text */
  submitLabel?: string;
  /** the list's state from its URL */
  query: { q: string | undefined; sort: string; dir: SortDir; filters: Record<string, unknown> };
  filters: FilterDef[];
}) {
  const { q } = query;
  const sort = query;
  const narrowed = isNarrowed(query);
  const submit = useSubmit();
  const location = useLocation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      // two filters a row on a phone (the list starts a screen earlier), one wrapping row on a desktop
      className="mb-4 grid grid-cols-2 items-end gap-3 lg:flex lg:flex-wrap"
      onChange={(event) => {
        // a choice applies at once; typed text waits for Entrée or « Filtrer »
        if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget, { replace: true });
      }}
    >
      <input type="hidden" name="sort" value={sort.sort} />
      <input type="hidden" name="dir" value={sort.dir} />
      <div className="col-span-2 lg:min-w-0 lg:flex-[2_1_16rem]">
        <Field label={searchLabel} htmlFor="list-q">
          <Input id="list-q" name="q" type="search" defaultValue={q ?? ""} maxLength={100} key={q ?? ""} placeholder={searchPlaceholder} />
        </Field>
      </div>
      {filters.map((f) => (
        <div key={f.name} className="min-w-0 lg:max-w-56 lg:flex-[1_1_9rem]">
          <Field label={f.label} htmlFor={`list-${f.name}`}>
            <select id={`list-${f.name}`} name={f.name} defaultValue={f.value ?? ""} key={f.value ?? ""} className={selectClass}>
              <option value="">{f.all}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ))}
      <div className="col-span-2 flex flex-wrap items-center gap-2 lg:flex-none">
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> {submitLabel}
        </Button>
        {narrowed ? (
          <Link className="text-sm font-medium text-brand-700 underline" to={listHref(location.pathname, "", { sort: sort.sort, dir: sort.dir })}>
            Réinitialiser
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export interface Column<T> {
  key: string;
  header: string;
  /** the `?sort=` key when this column is sortable */
  sort?: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
  /** an amount, a date, a temperature: one token kept on one line (never « 120,0 / 0€ ») */
  nowrap?: boolean;
}

export interface BulkAction {
  intent: string;
  label: string;
  /** the confirmation's text for n selected rows */
  confirm: (n: number) => string;
  destructive?: boolean;
}

/** « Publier » and « Repasser en brouillon »: the bulk actions of a list whose rows can be drafts (ADR 042, 047). */
export function publicationBulkActions(confirm: Record<"bulk-publish" | "bulk-unpublish", (n: number) => string>): BulkAction[] {
  return [
    { intent: "bulk-publish", label: "Publier", confirm: confirm["bulk-publish"] },
    { intent: "bulk-unpublish", label: "Repasser en brouillon", confirm: confirm["bulk-unpublish"] },
  ];
}

/** The bulk actions of a list whose rows are drafts or published (pages, blog articles): publish, back to draft, delete to the bin. */
export function draftBulkActions(confirm: Record<"bulk-publish" | "bulk-unpublish" | "bulk-delete", (n: number) => string>): BulkAction[] {
  return [...publicationBulkActions(confirm), { intent: "bulk-delete", label: "Supprimer", confirm: confirm["bulk-delete"], destructive: true }];
}

function SortHeader({ header, sortKey, current }: { header: string; sortKey: string; current: { sort: string; dir: SortDir } }) {
  const location = useLocation();
  const active = current.sort === sortKey;
  const Icon = !active ? ArrowUpDown : current.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <Link
      to={sortHref(location.pathname, location.search, sortKey, current)}
      replace
      title={`Trier par ${header.toLowerCase()}`}
      className="inline-flex items-center gap-1 hover:text-brand-700"
    >
      {header}
      <Icon className={cn("size-3.5", active ? "text-brand-700" : "text-neutral-400")} aria-hidden="true" />
    </Link>
  );
}

/** The rows ticked for a bulk action; cleared when the list changes (another page, filter or a done action). */
function useSelection(ids: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const key = ids.join(",");
  useEffect(() => setSelected(new Set()), [key]);
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, toggle, setAll: (on: boolean) => setSelected(on ? new Set(ids) : new Set()) };
}

function BulkBar({ selected, actions, selectedLabel, onSubmitted }: { selected: Set<string>; actions: BulkAction[]; selectedLabel: PluralForms; onSubmitted: () => void }) {
  const navigation = useNavigation();
  const [asking, setAsking] = useState<string | null>(null);
  const n = selected.size;
  if (n === 0) return null;
  return (
    <div role="region" aria-label="Actions groupées" className="mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm">
      <span aria-live="polite" className="font-medium">
        {countOf(n, selectedLabel)}
      </span>
      {actions.map((a) => (
        <AlertDialog key={a.intent} open={asking === a.intent} onOpenChange={(o) => setAsking(o ? a.intent : null)}>
          <AlertDialogTrigger asChild>
            <Button type="button" size="sm" variant={a.destructive ? "destructive" : "outline"}>
              {a.label}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>{a.label}</AlertDialogTitle>
            <AlertDialogDescription>{a.confirm(n)}</AlertDialogDescription>
            <div className="flex justify-end gap-2">
              <AlertDialogCancel>Annuler</AlertDialogCancel>
              <Form
                method="post"
                onSubmit={() => {
                  // the toast tells the outcome; the rows show it
                  setAsking(null);
                  onSubmitted();
                }}
              >
                <input type="hidden" name="intent" value={a.intent} />
                {[...selected].map((id) => (
                  <input key={id} type="hidden" name="ids" value={id} />
                ))}
                <Button type="submit" variant={a.destructive ? "destructive" : "default"} disabled={navigation.state !== "idle"}>
                  Confirmer
                </Button>
              </Form>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      ))}
    </div>
  );
}

/**
 * A code, slug or address in a cell. The cells wrap anywhere so that a table
 * never widens the page; this keeps its value whole instead (the column is
 * sized for it) unless it alone is wider than 12rem, say a 60-character code,
 * which then wraps at the column's edge.
 */
export function Unbroken({ children }: { children: React.ReactNode }) {
  return <span className="inline-block max-w-full [overflow-wrap:break-word] [word-break:normal] md:max-w-48">{children}</span>;
}

/**
 * A long e-mail or id in a cell: one line cut with « … » at the column's
 * width, the whole value in its `title` (and still read out whole).
 */
export function Truncated({ value, className }: { value: string; className?: string }) {
  return (
    <span title={value} className={cn("block max-w-56 truncate [overflow-wrap:normal]", className)}>
      {value}
    </span>
  );
}

/**
 * The usual actions of a row: « Modifier », then « Dupliquer » (the create
 * dialog filled with a copy of the row: nothing is written until saved) and
 * « Supprimer » (after a confirmation) when given. Each button is named after
 * the row (« Modifier BEAUTE15 »); `children` come first (a « Voir » link).
 */
export function RowActions({
  label,
  onEdit,
  onDuplicate,
  remove,
  children,
}: {
  label: string;
  onEdit: () => void;
  onDuplicate?: () => void;
  /** the row's id and the confirmation's text; null where this row may not be deleted */
  remove?: { id: string; confirmText: string } | null;
  children?: React.ReactNode;
}) {
  return (
    <>
      {children}
      <Button type="button" variant="ghost" size="icon" aria-label={`Modifier ${label}`} onClick={onEdit}>
        <Pencil />
      </Button>
      {onDuplicate ? (
        <Button type="button" variant="ghost" size="icon" aria-label={`Dupliquer ${label}`} title="Dupliquer" onClick={onDuplicate}>
          <Copy />
        </Button>
      ) : null}
      {remove ? <DeleteButton id={remove.id} label={label} confirmText={remove.confirmText} /> : null}
    </>
  );
}

/**
 * A table on wide screens and one card per row under 768 px (same markup, so
 * assistive technologies always get one table: explicit roles keep its
 * semantics when CSS turns the rows into blocks). Text wraps instead of
 * widening the page: no horizontal scroll at 1280 px.
 */
export function ResourceTable<T>({
  label,
  columns,
  rows,
  rowId,
  rowLabel,
  actions,
  bulk,
  sort,
  empty,
  rowClassName,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
  actions?: (row: T) => React.ReactNode;
  /** `selected`: the count's noun, agreed (« 1 page sélectionnée », « 2 pages sélectionnées ») */
  bulk?: { selected: PluralForms; actions: BulkAction[] };
  /** the list's `?sort=` state; a list without sortable columns has none */
  sort?: { sort: string; dir: SortDir };
  empty: React.ReactNode;
  /** extra classes of a row (an expired code is greyed) */
  rowClassName?: (row: T) => string | false;
}) {
  const ids = rows.map(rowId);
  const selection = useSelection(ids);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const selectable = Boolean(bulk) && hydrated && rows.length > 0;
  const allOn = selectable && ids.every((id) => selection.selected.has(id));
  const span = columns.length + (actions ? 1 : 0) + (selectable ? 1 : 0);
  return (
    <div>
      {bulk && selectable ? <BulkBar selected={selection.selected} actions={bulk.actions} selectedLabel={bulk.selected} onSubmitted={() => selection.setAll(false)} /> : null}
      {selectable ? (
        <label className="mb-2 flex items-center gap-2 text-sm font-medium md:hidden">
          <input type="checkbox" checked={allOn} onChange={(e) => selection.setAll(e.target.checked)} className="size-5 accent-brand-600" />
          Tout sélectionner
        </label>
      ) : null}
      <div className="w-full md:overflow-x-auto md:rounded-xl md:border md:border-neutral-200">
        <table role="table" aria-label={label} className="block w-full text-sm md:table">
          <thead role="rowgroup" className="sr-only bg-neutral-50 text-left md:not-sr-only md:table-header-group">
            <tr role="row">
              {selectable ? (
                <th role="columnheader" scope="col" className="w-10 px-2">
                  {/* the cards' own « Tout sélectionner » is above them (a phone has no header row) */}
                  <input
                    type="checkbox"
                    aria-label="Tout sélectionner"
                    checked={allOn}
                    onChange={(e) => selection.setAll(e.target.checked)}
                    className="hidden size-4 accent-brand-600 md:inline-block"
                  />
                </th>
              ) : null}
              {columns.map((c) => (
                <th
                  key={c.key}
                  role="columnheader"
                  scope="col"
                  aria-sort={c.sort && sort?.sort === c.sort ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
                  className="h-10 px-2 font-semibold text-neutral-700"
                >
                  {c.sort && sort ? <SortHeader header={c.header} sortKey={c.sort} current={sort} /> : c.header}
                </th>
              ))}
              {actions ? (
                <th role="columnheader" scope="col" className="h-10 px-2 font-semibold text-neutral-700">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody role="rowgroup" className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-neutral-200">
            {rows.length === 0 ? (
              <tr role="row" className="block md:table-row">
                <td role="cell" colSpan={span} className="block px-3 py-10 text-center text-neutral-500 md:table-cell">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = rowId(row);
                return (
                  <tr
                    key={id}
                    role="row"
                    className={cn(
                      "block rounded-xl border border-neutral-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:bg-transparent md:p-0 md:hover:bg-neutral-50",
                      rowClassName?.(row),
                    )}
                  >
                    {selectable ? (
                      <td role="cell" className="block pb-1 md:table-cell md:px-2 md:py-2 md:align-middle">
                        <input
                          type="checkbox"
                          aria-label={`Sélectionner ${rowLabel(row)}`}
                          checked={selection.selected.has(id)}
                          onChange={(e) => selection.toggle(id, e.target.checked)}
                          className="size-4 accent-brand-600"
                        />
                      </td>
                    ) : null}
                    {columns.map((c) => (
                      <td
                        key={c.key}
                        role="cell"
                        className={cn(
                          "flex items-start justify-between gap-3 py-1 md:table-cell md:px-2 md:py-2 md:align-middle",
                          c.nowrap ? "whitespace-nowrap" : "[overflow-wrap:break-word]",
                          c.className,
                        )}
                      >
                        <span aria-hidden="true" className="shrink-0 font-medium text-neutral-500 md:hidden">
                          {c.header}
                        </span>
                        <div className="min-w-0 text-right md:text-left">{c.cell(row)}</div>
                      </td>
                    ))}
                    {actions ? (
                      <td role="cell" className="mt-2 block border-t border-neutral-100 pt-2 md:mt-0 md:table-cell md:w-px md:border-0 md:px-2 md:py-2 md:align-middle">
                        {/* one line of icons, the column as narrow as they are */}
                        <div className="flex justify-end gap-1 md:justify-start">{actions(row)}</div>
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
