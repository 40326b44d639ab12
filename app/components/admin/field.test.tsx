import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentBlockFormSchema } from "#app/modules/content/content-block-form.schema";
import { HOME_LIST_EDITORS, withListItems } from "#app/modules/content/home-list-forms";
import { Field, validateWith } from "./admin-ui";
import { HomeListEditor } from "./home-list-editor";

describe("Field", () => {
  it("wires its own control to the error and the hint", () => {
    const html = renderToStaticMarkup(
      <Field label="Code*" htmlFor="code" error={["Le code est requis."]} hint="Par exemple BEAUTE15">
        <input id="code" name="code" />
      </Field>,
    );
    expect(html).toContain('<input id="code" aria-invalid="true" aria-describedby="code-error code-hint" name="code"/>');
    expect(html).toContain('<p id="code-error" class="text-sm text-red-700" role="alert">Le code est requis.</p>');
    expect(html).toContain('<p id="code-hint" class="text-xs text-neutral-500">Par exemple BEAUTE15</p>');
  });

  it("is not invalid without an error, and points at the hint alone", () => {
    const html = renderToStaticMarkup(
      <Field label="Code*" htmlFor="code" hint="Par exemple BEAUTE15">
        <input id="code" name="code" />
      </Field>,
    );
    expect(html).toContain('<input id="code" aria-describedby="code-hint" name="code"/>');
    expect(html).not.toContain("aria-invalid");
  });

  it("leaves a composite control (not the labelled element) untouched", () => {
    const html = renderToStaticMarkup(
      <Field label="Catégorie" htmlFor="category-select" error={["Catégorie inconnue."]}>
        <div>
          <select id="category-select" />
        </div>
      </Field>,
    );
    expect(html).toContain('<div><select id="category-select"></select></div>');
    expect(html).toContain("Catégorie inconnue.");
  });
});

describe("AdminForm's browser check (validateWith)", () => {
  const testimonial = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", name: "testimonials-list", title: "Témoignages", page: "home", type: "json", position: "0", content: "[]", jsonMode: "items" })) {
      form.append(name, value);
    }
    for (const [key, value] of Object.entries(fields)) form.append(`items.0.${key}`, value);
    return form;
  };

  it("checks the data as the action does once `prepare` reshaped it, on a copy of the form data", () => {
    const form = testimonial({ content: "Très bien", author: "", rating: "9" });
    const submission = validateWith(contentBlockFormSchema, withListItems)({ formData: form });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.content).toEqual(["Élément 1 : le champ « author » est obligatoire.", expect.stringMatching(/^Élément 1 : .*« rating »/)]);
    // what the form sends is left as it was
    expect(form.get("content")).toBe("[]");
  });

  it("accepts the items the action accepts", () => {
    const submission = validateWith(contentBlockFormSchema, withListItems)({ formData: testimonial({ content: "Très bien", author: "Léa", rating: "5" }) });
    expect(submission.status).toBe("success");
  });

  it("checks the form data as it is without `prepare`", () => {
    // the posted "[]" is an empty list: refused, whatever the items say
    const submission = validateWith(contentBlockFormSchema)({ formData: testimonial({ content: "Très bien", author: "Léa", rating: "5" }) });
    expect(submission.reply().error?.content).toEqual(["La liste doit contenir au moins un élément."]);
  });
});

describe("HomeListEditor", () => {
  it("shows a problem under its item and marks the field it names, outside an AdminForm from its errors prop", () => {
    const html = renderToStaticMarkup(
      <HomeListEditor
        spec={HOME_LIST_EDITORS["testimonials-list"]}
        items={[
          { id: "t1", content: "Super", author: "Léa", rating: "5" },
          { id: "t2", content: "Bien", author: "", rating: "4" },
        ]}
        onChange={() => {}}
        errors={["Élément 2 : le champ « author » est obligatoire."]}
      />,
    );
    expect(html).toContain('<div id="item-1-error"><p class="text-sm text-red-700" role="alert">le champ « Auteur » est obligatoire.</p></div>');
    expect(html).toMatch(/<input[^>]*id="item-1-author"[^>]*aria-invalid="true"[^>]*aria-describedby="item-1-error"/);
    expect(html).not.toMatch(/id="item-0-author"[^>]*aria-invalid/);
    expect(html).not.toMatch(/id="item-1-content"[^>]*aria-invalid/);
  });
});
