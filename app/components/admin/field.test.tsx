import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./admin-ui";

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
