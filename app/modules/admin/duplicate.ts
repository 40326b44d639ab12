/**
 * « Dupliquer » (issue #17, item 3): a row's values as the create dialog
 * starts from them. Nothing is written until the copy is saved. The name or
 * title gets « (copie) »; unique fields are suffixed (slugs, content block
 * names: « -copie ») or cleared (a promo code: a made-up code would be
 * shown to shoppers), so the copy does not collide with its original.
 *
 * A copy never goes live unexpectedly (issue #37 item 3): every other value is
 * kept, « Publier le » and « Dépublier le » included (the form's schedule
 * fields start from the copy), and a row with a publication state starts as
 * a draft (`set`: a page's « Brouillon »; a code, offer or deal: duplicateAsDraft).
 */
const COPY_SUFFIX = " (copie)";
const SLUG_COPY_SUFFIX = "-copie";

/** « Nom » → « Nom (copie) », kept within `max` characters. */
export function copyName(name: string, max = 200): string {
  return `${name.slice(0, Math.max(0, max - COPY_SUFFIX.length))}${COPY_SUFFIX}`;
}

/** « nom » → « nom-copie » (a slug or an identifier), kept within `max` characters. */
export function copySlug(slug: string, max = 120): string {
  return `${slug.slice(0, Math.max(0, max - SLUG_COPY_SUFFIX.length))}${SLUG_COPY_SUFFIX}`;
}

/**
 * The copy of a row: `name` (when the row has one) gets « (copie) », each of
 * `suffixed` gets « -copie », each of `cleared` is emptied, `set` overrides
 * (a draft state).
 */
export function duplicateRow<T extends object>(
  row: T,
  rules: { name?: keyof T & string; nameMax?: number; suffixed?: ReadonlyArray<keyof T & string>; cleared?: ReadonlyArray<keyof T & string>; set?: Partial<T> },
): T {
  const copy = { ...row } as Record<string, unknown>;
  if (rules.name && typeof copy[rules.name] === "string" && copy[rules.name] !== "") copy[rules.name] = copyName(copy[rules.name] as string, rules.nameMax);
  for (const key of rules.suffixed ?? []) if (typeof copy[key] === "string" && copy[key] !== "") copy[key] = copySlug(copy[key] as string);
  for (const key of rules.cleared ?? []) copy[key] = "";
  return { ...(copy as T), ...rules.set };
}

/**
 * The copy of a promo code, offer or deal (ADR 047): `duplicateRow`, saved as a draft. Its
 * « Publier le / Dépublier le » are kept; it shows nowhere public until someone publishes it
 * (the form's « Statut », or the list's « Publier »), and then follows that schedule.
 */
export function duplicateAsDraft<T extends { draft: boolean }>(row: T, rules: Omit<Parameters<typeof duplicateRow<T>>[1], "set"> = {}): T {
  return duplicateRow(row, { ...rules, set: { draft: true } as Partial<T> });
}
