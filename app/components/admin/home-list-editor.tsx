import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { selectClass, useFieldErrors } from "#app/components/admin/admin-ui";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { LIST_MODE_FIELD, LIST_MODE_ITEMS, type ListEditorSpec, type ListItem } from "#app/modules/content/home-list-forms";

type Row = { uid: number; values: ListItem };

/**
 * One set of fields per item of a home list block (steps, testimonials), with add, remove and
 * move up/down (plain buttons: keyboard reachable; focus follows the moved item). Posts
 * `items.<index>.<field>` in the shown order; the server rebuilds and checks the JSON. The
 * problems of the block's `content` (the AdminForm's live errors, else `errors`) show under
 * their item, and the field they name is marked invalid.
 */
export function HomeListEditor({ spec, items, onChange, errors: serverErrors }: { spec: ListEditorSpec; items: ListItem[]; onChange: (items: ListItem[]) => void; errors?: string[] }) {
  const errors = useFieldErrors("content", serverErrors);
  const next = useRef(0);
  const [rows, setRows] = useState<Row[]>(() => items.map((values) => ({ uid: next.current++, values })));
  const update = (nextRows: Row[], focus?: string) => {
    setRows(nextRows);
    onChange(nextRows.map((r) => r.values));
    if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
  };
  const move = (index: number, by: -1 | 1, button: "up" | "down") => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const copy = [...rows];
    [copy[index], copy[target]] = [copy[target], copy[index]];
    // focus stays on the moved item; at an end, on its other move button
    const edge = (button === "up" && target === 0) || (button === "down" && target === rows.length - 1);
    update(copy, `item-${copy[target].uid}-${edge ? (button === "up" ? "down" : "up") : button}`);
  };
  const add = () => {
    const uid = next.current++;
    const values = Object.fromEntries(spec.fields.map((f) => [f.key, f.kind === "select" ? (f.options?.[0] ?? "") : f.kind === "rating" ? "5" : ""]));
    update([...rows, { uid, values }], `item-${uid}-${spec.fields.find((f) => f.kind !== "hidden" && f.kind !== "select")?.key ?? "up"}`);
  };
  const remove = (index: number) => update(rows.filter((_, i) => i !== index), rows.length > 1 ? undefined : "list-add");
  const set = (index: number, key: string, value: string) => update(rows.map((r, i) => (i === index ? { ...r, values: { ...r.values, [key]: value } } : r)));

  // the server names fields by their JSON key; shown under the item with the field's label
  const named = (message: string) => spec.fields.reduce((m, f) => m.replaceAll(`« ${f.key} »`, `« ${f.label} »`), message);
  const itemErrors = (index: number) => (errors ?? []).filter((e) => e.startsWith(`Élément ${index + 1} :`)).map((e) => e.replace(/^Élément \d+ : /, ""));
  const listErrors = (errors ?? []).filter((e) => !e.startsWith("Élément "));

  return (
    <div className="grid gap-3">
      <input type="hidden" name={LIST_MODE_FIELD} value={LIST_MODE_ITEMS} />
      {listErrors.map((e) => (
        <p key={e} className="text-sm text-red-700" role="alert">
          {e}
        </p>
      ))}
      <ol className="grid gap-3" aria-label={`${spec.item}s`}>
        {rows.map((row, i) => {
          const label = `${spec.item} ${i + 1}`;
          const problems = itemErrors(i);
          const problemsId = `item-${row.uid}-error`;
          return (
            <li key={row.uid} className="rounded-xl border border-neutral-200 p-3" aria-label={label}>
              <fieldset className="grid gap-2">
                <legend className="float-left text-sm font-semibold">{label}</legend>
                <div className="flex items-center justify-end gap-1">
                  <Button id={`item-${row.uid}-up`} type="button" size="icon-sm" variant="ghost" aria-label={`Monter ${label}`} disabled={i === 0} onClick={() => move(i, -1, "up")}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button id={`item-${row.uid}-down`} type="button" size="icon-sm" variant="ghost" aria-label={`Descendre ${label}`} disabled={i === rows.length - 1} onClick={() => move(i, 1, "down")}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button type="button" size="icon-sm" variant="ghost-danger" aria-label={`Supprimer ${label}`} onClick={() => remove(i)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {spec.fields.map((f) => {
                  const id = `item-${row.uid}-${f.key}`;
                  const name = `items.${i}.${f.key}`;
                  const value = row.values[f.key] ?? "";
                  if (f.kind === "hidden") return <input key={f.key} type="hidden" name={name} value={value} />;
                  const aria = problems.some((p) => p.includes(`« ${f.key} »`)) ? { "aria-invalid": true, "aria-describedby": problemsId } : {};
                  return (
                    <div key={f.key} className="grid gap-1">
                      <label htmlFor={id} className="text-xs font-medium text-neutral-700">
                        {f.label}
                      </label>
                      {f.kind === "select" ? (
                        <select id={id} name={name} value={value} onChange={(e) => set(i, f.key, e.target.value)} className={selectClass} {...aria}>
                          {f.options?.map((o) => (
                            <option key={o} value={o}>
                              {o}
                            </option>
                          ))}
                        </select>
                      ) : f.kind === "textarea" ? (
                        <Textarea id={id} name={name} value={value} onChange={(e) => set(i, f.key, e.target.value)} className="min-h-16!" {...aria} />
                      ) : (
                        <Input
                          id={id}
                          name={name}
                          value={value}
                          onChange={(e) => set(i, f.key, e.target.value)}
                          {...aria}
                          {...(f.kind === "rating" ? { type: "number", min: 0, max: 5, step: 1, inputMode: "numeric" as const } : {})}
                        />
                      )}
                    </div>
                  );
                })}
                {problems.length ? (
                  <div id={problemsId}>
                    {problems.map((p) => (
                      <p key={p} className="text-sm text-red-700" role="alert">
                        {named(p)}
                      </p>
                    ))}
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button id="list-add" type="button" variant="outline" onClick={add} className="justify-self-start">
        <Plus aria-hidden="true" /> {spec.add}
      </Button>
    </div>
  );
}
