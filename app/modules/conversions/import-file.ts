import type { ImportResult } from "#app/modules/networks/types";
import { countOf } from "#app/lib/plural";

/**
 * The text of an uploaded network file, or null when it is not text: invalid
 * UTF-8, or a NUL byte (images, archives, spreadsheets in binary formats).
 * A UTF-8 byte order mark is dropped.
 */
export function decodeImportText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** What an admin reads after an import: the counts, then each rejected record ("ligne 4 : …"). */
export interface ImportSummary {
  counts: string;
  rejected: string[];
  /** nothing in the file could be imported */
  refused: boolean;
}

const plural = (n: number, one: string, other: string) => countOf(n, { one, other });

export function importSummary(result: Pick<ImportResult, "inserted" | "updated" | "unchanged" | "rejected">): ImportSummary {
  const counts = [
    plural(result.inserted, "nouvelle", "nouvelles"),
    plural(result.updated, "mise à jour", "mises à jour"),
    plural(result.unchanged, "inchangée", "inchangées"),
  ].join(", ");
  const rejected = result.rejected.map((r) => `${r.at} : ${r.message}`);
  const kept = result.inserted + result.updated + result.unchanged;
  return { counts, rejected, refused: kept === 0 && rejected.length > 0 };
}
