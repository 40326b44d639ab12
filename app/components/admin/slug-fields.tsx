import { useState } from "react";
import { Input } from "#app/components/ui/input";
import { slugify } from "#app/lib/site";
import { Field } from "./admin-ui";

/**
 * Name/title + slug. mode "always": the slug is derived at each keystroke
 * (categories, pages) while creating; renaming an existing item keeps its
 * slug (links to it stay valid) unless the editor changes the slug field.
 * mode "follow": it follows the name only while it is empty or still equals
 * the previous automatic value (brands).
 */
export function SlugFields({
  nameField,
  nameLabel,
  defaultName,
  defaultSlug,
  mode,
  errors,
}: {
  nameField: string;
  nameLabel: string;
  defaultName: string;
  defaultSlug: string;
  mode: "always" | "follow";
  errors: Record<string, string[]>;
}) {
  const [name, setName] = useState(defaultName);
  const [slug, setSlug] = useState(defaultSlug);
  const editing = defaultSlug !== "";
  return (
    <>
      <Field label={nameLabel} htmlFor={nameField} error={errors[nameField]}>
        <Input
          id={nameField}
          name={nameField}
          value={name}
          required
          onChange={(e) => {
            const next = e.target.value;
            if ((mode === "always" && !editing) || slug === "" || (mode === "follow" && slug === slugify(name))) setSlug(slugify(next));
            setName(next);
          }}
        />
      </Field>
      <Field label="Slug*" htmlFor="slug" error={errors.slug}>
        <Input id="slug" name="slug" value={slug} required onChange={(e) => setSlug(e.target.value)} />
      </Field>
    </>
  );
}
