import { TriangleAlert } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button";
import type { AdminActionData } from "#app/modules/admin/admin.server";
import { CONFLICT_MESSAGES, versionOf } from "#app/modules/admin/conflict";
import { conflictRows, type ConflictField } from "#app/modules/admin/conflict-diff";

export type { ConflictField } from "#app/modules/admin/conflict-diff";

/**
 * The edit conflict part of a back-office form (issue #17, item 6), placed
 * inside its <Form>: the hidden `version` of the row the form was opened
 * with, and, when the save answered 409, « Cet élément a été modifié par
 * quelqu'un d'autre » with both versions of every field that differs,
 * « Écraser avec ma version » (posts the form again with `overwrite` = their
 * version) and « Recharger leur version ».
 */
export function EditVersion({
  item,
  actionData,
  fields,
  onReload,
}: {
  item: { id: string; updatedAt: string | Date } | null | undefined;
  actionData: AdminActionData | undefined;
  fields: ConflictField[];
  onReload: (id: string, staleVersion: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const version = item ? versionOf(item.updatedAt) : null;
  // a conflict about this row, against the version this form holds (a reloaded form holds theirs: no conflict)
  const conflict = item && actionData?.conflict && actionData.conflict.current.id === item.id && actionData.conflict.version !== version ? actionData.conflict : null;
  const [yours, setYours] = useState<FormData | null>(null);
  useLayoutEffect(() => {
    const form = ref.current?.closest("form");
    setYours(conflict && form ? new FormData(form) : null);
  }, [conflict]);
  useEffect(() => {
    if (conflict) ref.current?.querySelector<HTMLElement>("[data-conflict-title]")?.focus();
  }, [conflict]);
  if (!item) return null;
  const rows = conflict && yours ? conflictRows(fields, yours, conflict.current) : [];
  return (
    <div ref={ref} className="contents">
      <input type="hidden" name="version" value={version ?? ""} />
      {conflict ? (
        <section role="alert" aria-labelledby="edit-conflict-title" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="edit-conflict">
          <h3 id="edit-conflict-title" data-conflict-title tabIndex={-1} className="flex items-center gap-2 font-bold">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" /> {CONFLICT_MESSAGES.title}
          </h3>
          <p>{CONFLICT_MESSAGES.description}</p>
          {rows.length === 0 ? (
            <p>{CONFLICT_MESSAGES.noVisibleChange}</p>
          ) : (
            <dl className="grid gap-2">
              {rows.map((r) => (
                <div key={r.name} className="grid gap-1 rounded-md bg-white p-2 sm:grid-cols-[8rem_1fr_1fr] sm:gap-3" data-testid={`conflict-${r.name}`}>
                  <dt className="font-semibold">{r.label}</dt>
                  <dd className="min-w-0 break-words">
                    <span className="block text-xs text-neutral-500">{CONFLICT_MESSAGES.yours}</span>
                    {r.yours}
                  </dd>
                  <dd className="min-w-0 break-words">
                    <span className="block text-xs text-neutral-500">{CONFLICT_MESSAGES.theirs}</span>
                    {r.theirs}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onReload(item.id, version ?? "")}>
              {CONFLICT_MESSAGES.reload}
            </Button>
            <Button type="submit" name="overwrite" value={conflict.version} variant="destructive">
              {CONFLICT_MESSAGES.overwrite}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * « Recharger leur version »: reload the list, then reopen the editor on the
 * row as it is now (closed when it left this page of the list). The router
 * applies fresh loader data in a transition: the row is reopened once the list
 * no longer holds the version the form was opened with.
 */
export function useConflictReload<T extends { id: string; updatedAt: string | Date }>(rows: T[], editor: { edit: (row: T) => void; close: () => void }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<{ id: string; stale: string } | null>(null);
  useEffect(() => {
    if (!pending || revalidator.state !== "idle") return;
    const row = rows.find((r) => r.id === pending.id);
    if (row && versionOf(row.updatedAt) === pending.stale) return; // not the fresh list yet
    setPending(null);
    if (row) editor.edit(row);
    else editor.close();
  }, [pending, rows, editor, revalidator.state]);
  return (id: string, stale: string) => {
    setPending({ id, stale });
    void revalidator.revalidate();
  };
}

/** The key of an edit form: a reloaded row (new version) mounts a fresh form. */
export const editorKey = (item: { id: string; updatedAt: string | Date } | null | undefined) => (item ? `${item.id}@${versionOf(item.updatedAt)}` : "new");
