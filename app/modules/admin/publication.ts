import { z } from "zod";
import type { ConflictField } from "./conflict-diff";

/**
 * Drafts of the back office (issue #37 item 3, ADR 047). Pages and blog articles
 * are published or drafts (`published`); promo codes, offers and deals have a
 * `draft` flag. Their forms share one « Statut » select (StatusField) and their
 * lists one badge; a « Dupliquer » copy starts as a draft, its schedule kept.
 */
export const PUBLICATION_STATUSES = ["published", "draft"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PUBLICATION_LABELS: Record<PublicationStatus, string> = { published: "Publié", draft: "Brouillon" };

/** The « Statut » filter of the lists of codes, offers and deals. */
export const PUBLICATION_FILTER_OPTIONS = PUBLICATION_STATUSES.map((value) => ({ value, label: PUBLICATION_LABELS[value] }));

export const UNKNOWN_PUBLICATION_STATUS = "Statut inconnu : « Publié » ou « Brouillon ».";

const PUBLICATION_CELLS: Record<string, PublicationStatus> = { publié: "published", publie: "published", published: "published", brouillon: "draft", draft: "draft" };

/** A CSV « Statut » cell (« Publié », « brouillon »…) as the form posts it; undefined when it names neither. */
export function publicationCell(value: string | undefined): PublicationStatus | undefined {
  return PUBLICATION_CELLS[(value ?? "").trim().toLowerCase()];
}

/**
 * The optional « Statut » cell of a code, offer or deal line: absent or empty, the row keeps its state (a
 * file without the column never publishes a draft); a word that is neither « Publié » nor « Brouillon » is
 * the line's error.
 */
export function draftStatusCell(value: string | undefined): { form: Record<string, string>; issues: Array<{ field: string; message: string }> } {
  if (!value?.trim()) return { form: {}, issues: [] };
  const status = publicationCell(value);
  return status ? { form: { status }, issues: [] } : { form: {}, issues: [{ field: "status", message: UNKNOWN_PUBLICATION_STATUS }] };
}

/**
 * The « Statut » of the code, offer and deal forms. Not posted (a CSV line, which
 * has no such column) it is undefined and the row keeps its state: an import
 * never publishes a draft.
 */
export const draftStatusField = { status: z.enum(PUBLICATION_STATUSES).optional().catch(undefined) };

/** The `draft` column's value from the posted « Statut »; nothing when it was not posted. */
export function draftValues(status: PublicationStatus | undefined): { draft?: boolean } {
  return status === undefined ? {} : { draft: status === "draft" };
}

/** The « Statut » line of an edit conflict, for a row with a `draft` flag. */
export const DRAFT_CONFLICT_FIELD: ConflictField = {
  name: "status",
  label: "Statut",
  fromRow: (r) => (r.draft ? "draft" : "published"),
  show: (v) => PUBLICATION_LABELS[v === "draft" ? "draft" : "published"],
};
