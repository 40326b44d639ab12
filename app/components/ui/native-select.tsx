/**
 * A plain <select> (works without JavaScript, no Radix weight) over a
 * value → label record, with an empty first choice that `required` refuses.
 */
export function NativeSelect({ id, name, placeholder, options, required = true }: { id: string; name: string; placeholder: string; options: Record<string, string>; required?: boolean }) {
  return (
    <select id={id} name={name} required={required} className="mt-1 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base">
      <option value="">{placeholder}</option>
      {Object.entries(options).map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}
