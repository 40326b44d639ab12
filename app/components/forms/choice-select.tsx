import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "#app/components/ui/field-error";
import { Label } from "#app/components/ui/label";

/** The members' forms' select (deal post, alerts, notice). */
export const memberSelectClass =
  "mt-1 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base focus-visible:outline-2 focus-visible:outline-brand-600";

/** A labelled select of named choices (categories, merchants) with a first empty option and the field's French error. */
export function ChoiceSelect<T>({ field, label, empty, choices }: { field: FieldMetadata<T>; label: string; empty: string; choices: readonly { id: string; name: string }[] }) {
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <select {...getSelectProps(field)} className={memberSelectClass}>
        <option value="">{empty}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
