/**
 * Edit conflicts of the back office (issue #17, item 6), client-safe half.
 * An edit form carries the `updated_at` of the row it was opened with (the
 * hidden `version` field); saving it after someone else changed the row
 * answers 409 with the current row instead of overwriting it. « Écraser avec
 * ma version » posts `overwrite` with the current row's version.
 */
export const CONFLICT_MESSAGES = {
  title: "Cet élément a été modifié par quelqu'un d'autre",
  description: "Il a été enregistré après l'ouverture de ce formulaire. Comparer les deux versions avant de choisir.",
  noVisibleChange: "Aucun champ de ce formulaire ne diffère : seules des données calculées ont changé.",
  yours: "Votre version",
  theirs: "Leur version",
  field: "Champ",
  overwrite: "Écraser avec ma version",
  reload: "Recharger leur version",
  missingVersion: "Le formulaire ne porte pas la version de l'élément : recharger la page puis réessayer.",
} as const;

/** What a 409 answer carries: the current row (its columns) and its version. */
export interface ConflictData {
  version: string;
  current: Record<string, unknown>;
}

/** The ISO timestamp a form carries as its version (millisecond precision). */
export function versionOf(updatedAt: Date | string): string {
  return new Date(updatedAt).toISOString();
}

/**
 * The version an edit was made against: `overwrite` (the conflict dialog's
 * « Écraser avec ma version ») wins over the form's `version`. Null when
 * neither is a valid timestamp.
 */
export function submittedVersion(form: FormData): string | null {
  for (const name of ["overwrite", "version"]) {
    const value = form.get(name);
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value) && !Number.isNaN(Date.parse(value))) return value;
  }
  return null;
}
