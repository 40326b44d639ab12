import type { ParseResult } from "#app/modules/networks/types";
import { canonicalJson } from "./rollup";

/**
 * A network file that names one record twice (ADR 039): exact repeats are
 * read as one, a repeat with different content refuses the whole file.
 */

export type FileRepeats = { ok: true; parsed: ParseResult } | { ok: false; message: string };

/** At most this many conflicting ids are named in the message. */
const NAMED = 5;

/** "ligne 3" → line 3; "enregistrement 2 (id)" → record 2; unknown → record (index + 1). */
function position(at: string | undefined, index: number): { unit: "ligne" | "enregistrement"; n: number } {
  const m = /^(ligne|enregistrement) (\d+)/.exec(at ?? "");
  return m ? { unit: m[1] as "ligne" | "enregistrement", n: Number(m[2]) } : { unit: "enregistrement", n: index + 1 };
}

/** "lignes 3 et 7", "enregistrements 2, 4 et 9". */
function positionsText(positions: Array<{ unit: string; n: number }>): string {
  const unit = positions.every((p) => p.unit === "ligne") ? "lignes" : "enregistrements";
  const numbers = positions.map((p) => String(p.n));
  const list = numbers.length > 1 ? `${numbers.slice(0, -1).join(", ")} et ${numbers.at(-1)}` : numbers[0];
  return `${unit} ${list}`;
}

/**
 * The file's records with exact repeats dropped (the first occurrence is
 * kept), or the French refusal naming each id repeated with different
 * content and its lines (« … (lignes 3 et 7). Rien n'a été importé. »).
 */
export function checkFileRepeats(parsed: ParseResult): FileRepeats {
  const seen = new Map<string, { content: string; indexes: number[]; differs: boolean }>();
  const keep: number[] = [];
  parsed.records.forEach((record, i) => {
    const key = `${record.network}|${record.networkAccountId}|${record.recordId}`;
    const content = canonicalJson(record.raw);
    const entry = seen.get(key);
    if (!entry) {
      seen.set(key, { content, indexes: [i], differs: false });
      keep.push(i);
      return;
    }
    entry.indexes.push(i);
    if (entry.content !== content) entry.differs = true;
  });
  const conflicts = [...seen.values()].filter((e) => e.differs);
  if (conflicts.length) {
    const describe = (e: (typeof conflicts)[number]) => {
      const id = parsed.records[e.indexes[0]].recordId;
      return { id, where: positionsText(e.indexes.map((i) => position(parsed.at?.[i], i))) };
    };
    if (conflicts.length === 1) {
      const { id, where } = describe(conflicts[0]);
      return { ok: false, message: `Le fichier répète l'identifiant ${id} avec un contenu différent (${where}). Rien n'a été importé.` };
    }
    const named = conflicts.slice(0, NAMED).map(describe).map(({ id, where }) => `${id} (${where})`);
    const more = conflicts.length > NAMED ? ` et ${conflicts.length - NAMED} autres` : "";
    return { ok: false, message: `Le fichier répète ${conflicts.length} identifiants avec un contenu différent : ${named.join(", ")}${more}. Rien n'a été importé.` };
  }
  if (keep.length === parsed.records.length) return { ok: true, parsed };
  return {
    ok: true,
    parsed: { ...parsed, records: keep.map((i) => parsed.records[i]), ...(parsed.at ? { at: keep.map((i) => parsed.at![i]) } : {}) },
  };
}
