/**
 * Structured editors for the home page's list blocks (steps, testimonials): the admin form posts
 * one set of fields per item (`items.<index>.<field>`); the server rebuilds the block's JSON from
 * them, and the content form checks it with the very schema the home page reads it with
 * (HOME_JSON_BLOCK_SCHEMAS, home-defaults.ts). Client-safe: no server imports.
 * (No "stats" block: the hero's figures are counted in the database, hero-figures.ts.)
 */
import { HOME_JSON_BLOCK_SCHEMAS } from "./home-defaults";

interface ListField {
  key: string;
  label: string;
  kind: "text" | "textarea" | "select" | "rating" | "hidden";
  options?: readonly string[];
}

export interface ListEditorSpec {
  /** "Étape", "Témoignage": names each item ("Étape 2") */
  item: string;
  add: string;
  fields: readonly ListField[];
}

export const HOME_LIST_EDITORS: Record<string, ListEditorSpec> = {
  "how-it-works-steps": {
    item: "Étape",
    add: "Ajouter une étape",
    fields: [
      { key: "icon", label: "Icône", kind: "select", options: ["Mouse", "ShoppingCart", "Heart", "CreditCard"] },
      { key: "title", label: "Titre", kind: "text" },
      { key: "description", label: "Description", kind: "textarea" },
    ],
  },
  "testimonials-list": {
    item: "Témoignage",
    add: "Ajouter un témoignage",
    fields: [
      { key: "id", label: "Identifiant", kind: "hidden" },
      { key: "content", label: "Témoignage", kind: "textarea" },
      { key: "author", label: "Auteur", kind: "text" },
      { key: "rating", label: "Note (0 à 5)", kind: "rating" },
    ],
  },
};

/** The form field that says the items were posted (else the raw JSON textarea is). */
export const LIST_MODE_FIELD = "jsonMode";
export const LIST_MODE_ITEMS = "items";

export const listEditorFor = (page: string, name: string): ListEditorSpec | null =>
  (page === "home" && Object.hasOwn(HOME_LIST_EDITORS, name) && Object.hasOwn(HOME_JSON_BLOCK_SCHEMAS, name) ? HOME_LIST_EDITORS[name] : null);

export type ListItem = Record<string, string>;

/** The items of a block's JSON as form values (strings), or null when it is no list of objects. */
export function itemsFromJson(spec: ListEditorSpec, json: string): ListItem[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.some((v) => !v || typeof v !== "object" || Array.isArray(v))) return null;
  return parsed.map((v: Record<string, unknown>) =>
    Object.fromEntries(spec.fields.map((f) => [f.key, v[f.key] === undefined || v[f.key] === null ? "" : String(v[f.key])])),
  );
}

/** One item's posted strings as the JSON value: a rating becomes a number, empty fields are left out (the schema names them). */
function itemValue(spec: ListEditorSpec, item: ListItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const raw = (item[f.key] ?? "").trim();
    if (!raw) continue;
    out[f.key] = f.kind === "rating" && /^-?\d+(?:[.,]\d+)?$/.test(raw) ? Number(raw.replace(",", ".")) : raw;
  }
  return out;
}

/**
 * The block's JSON from the posted items, in the order of their indexes (the editor renumbers
 * them on every move). Testimonials without an id get a fresh one, unique in the list.
 */
export function jsonFromItems(spec: ListEditorSpec, items: ListItem[]): string {
  const values = items.map((item) => itemValue(spec, item));
  if (spec.fields.some((f) => f.key === "id")) {
    const taken = new Set(values.map((v) => v.id).filter(Boolean));
    let n = 1;
    for (const v of values) {
      if (v.id) continue;
      while (taken.has(`t${n}`)) n++;
      v.id = `t${n}`;
      taken.add(v.id);
    }
  }
  return JSON.stringify(values);
}

const ITEM_FIELD = /^items\.(\d{1,3})\.([A-Za-z]{1,20})$/;

/** The posted items (`items.<index>.<field>`), by index; at most 100 items, known fields only. */
export function itemsFromEntries(spec: ListEditorSpec, entries: Iterable<[string, FormDataEntryValue]>): ListItem[] {
  const keys = new Set(spec.fields.map((f) => f.key));
  const byIndex = new Map<number, ListItem>();
  for (const [name, value] of entries) {
    const m = ITEM_FIELD.exec(name);
    if (!m || !keys.has(m[2]) || typeof value !== "string") continue;
    const index = Number(m[1]);
    if (index >= 100) continue;
    const item = byIndex.get(index) ?? {};
    item[m[2]] = value.slice(0, 5000);
    byIndex.set(index, item);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}

/**
 * When the form posted structured items for a home list block, its `content` becomes the JSON
 * rebuilt from them (checked afterwards by contentBlockFormSchema with the home page's schema).
 */
export function withListItems(form: FormData): FormData {
  if (form.get(LIST_MODE_FIELD) !== LIST_MODE_ITEMS) return form;
  const spec = listEditorFor(String(form.get("page") ?? ""), String(form.get("name") ?? "").trim());
  if (!spec) return form;
  form.set("content", jsonFromItems(spec, itemsFromEntries(spec, form.entries())));
  return form;
}
