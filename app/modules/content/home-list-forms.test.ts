import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentBlockFormSchema } from "./content-block-form.schema";
import { DEFAULT_STEPS, DEFAULT_TESTIMONIALS, stepsBlockSchema, testimonialsBlockSchema } from "./home-defaults";
import { HOME_LIST_EDITORS, itemsFromEntries, itemsFromJson, jsonFromItems, listEditorFor, withListItems, type ListItem } from "./home-list-forms";

const steps = HOME_LIST_EDITORS["how-it-works-steps"];
const testimonials = HOME_LIST_EDITORS["testimonials-list"];

/** What the editor posts for these items, in order. */
const entries = (items: ListItem[]): Array<[string, string]> => items.flatMap((item, i) => Object.entries(item).map(([k, v]) => [`items.${i}.${k}`, v] as [string, string]));

const form = (fields: Record<string, string>, items: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [k, v] of items) f.append(k, v);
  return f;
};

describe("home list editors: form data ↔ JSON", () => {
  it("round-trips the default steps and testimonials through the posted fields, valid for the home page's schemas", () => {
    for (const [spec, defaults, schema] of [
      [steps, DEFAULT_STEPS, stepsBlockSchema],
      [testimonials, DEFAULT_TESTIMONIALS, testimonialsBlockSchema],
    ] as const) {
      const items = itemsFromJson(spec, JSON.stringify(defaults))!;
      const json = jsonFromItems(spec, itemsFromEntries(spec, entries(items)));
      expect(JSON.parse(json)).toEqual(defaults);
      expect(schema.safeParse(JSON.parse(json)).success).toBe(true);
    }
  });

  it("keeps any valid testimonial list through the fields (property)", () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s.length > 0);
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ id: text, content: text, author: text, rating: fc.integer({ min: 0, max: 5 }) }), { minLength: 1, maxLength: 6, selector: (t) => t.id }), (list) => {
        const json = jsonFromItems(testimonials, itemsFromEntries(testimonials, entries(itemsFromJson(testimonials, JSON.stringify(list))!)));
        expect(JSON.parse(json)).toEqual(list);
        expect(testimonialsBlockSchema.safeParse(JSON.parse(json)).success).toBe(true);
      }),
    );
  });

  it("orders items by their posted index, ignores unknown fields and gives new testimonials a unique id", () => {
    const posted: Array<[string, string]> = [
      ["items.1.content", "Second"],
      ["items.1.author", "B"],
      ["items.1.rating", "4"],
      ["items.0.id", "t1"],
      ["items.0.content", "Premier"],
      ["items.0.author", "A"],
      ["items.0.rating", "5"],
      ["items.0.evil", "<script>"],
      ["items.x.content", "ignored"],
    ];
    expect(JSON.parse(jsonFromItems(testimonials, itemsFromEntries(testimonials, posted)))).toEqual([
      { id: "t1", content: "Premier", author: "A", rating: 5 },
      { id: "t2", content: "Second", author: "B", rating: 4 },
    ]);
  });

  it("is not a list editor for other blocks or pages; a non-list JSON gives no items", () => {
    expect(listEditorFor("home", "hero")).toBeNull();
    expect(listEditorFor("about", "testimonials-list")).toBeNull();
    expect(listEditorFor("home", "toString")).toBeNull();
    expect(itemsFromJson(steps, '{"a": 1}')).toBeNull();
    expect(itemsFromJson(steps, "[1, 2]")).toBeNull();
    expect(itemsFromJson(steps, "pas du json")).toBeNull();
  });

  it("rebuilds the content on the server, and the content form refuses a bad item in French, per item", () => {
    const base = { intent: "save", name: "testimonials-list", title: "Témoignages", page: "home", type: "json", position: "22", content: "[]", jsonMode: "items" };
    const good = withListItems(form(base, entries([{ id: "a", content: "Top", author: "Léa", rating: "5" }])));
    const ok = contentBlockFormSchema.safeParse(Object.fromEntries(good.entries()));
    expect(ok.success && JSON.parse(ok.data.content)).toEqual([{ id: "a", content: "Top", author: "Léa", rating: 5 }]);

    const bad = withListItems(form(base, entries([{ id: "a", content: "Top", author: "Léa", rating: "5" }, { id: "b", content: "", author: "Inès", rating: "9" }])));
    const refused = contentBlockFormSchema.safeParse(Object.fromEntries(bad.entries()));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Élément 2 : le champ « content » est obligatoire.", "Élément 2 : le champ « rating » doit être compris entre 0 et 5."]);

    const none = withListItems(form(base, []));
    expect(contentBlockFormSchema.safeParse(Object.fromEntries(none.entries())).error?.issues[0].message).toBe("La liste doit contenir au moins un élément.");
  });

  it("leaves the typed JSON alone when no items are posted", () => {
    const raw = withListItems(form({ name: "testimonials-list", page: "home", content: "[1]" }, [["items.0.content", "x"]]));
    expect(raw.get("content")).toBe("[1]");
  });
});
