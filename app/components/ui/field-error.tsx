/** Inline French validation message under a form field. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert">
      {errors[0]}
    </p>
  );
}
