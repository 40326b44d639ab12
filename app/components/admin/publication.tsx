import { Field, selectClass } from "#app/components/admin/admin-ui";
import { Badge } from "#app/components/ui/badge";
import { PUBLICATION_LABELS, PUBLICATION_STATUSES, type PublicationStatus } from "#app/modules/admin/publication";

/**
 * The « Statut » select of a form whose rows can be drafts (pages, blog articles,
 * promo codes, offers, deals; ADR 042, 047). Publishing a draft is this choice,
 * or the list's « Publier ».
 */
export function StatusField({ defaultValue, hint = "Un brouillon n'est visible que par l'équipe." }: { defaultValue: PublicationStatus; hint?: string }) {
  return (
    <Field label="Statut" htmlFor="status" hint={hint}>
      <select id="status" name="status" defaultValue={defaultValue} className={selectClass}>
        {PUBLICATION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {PUBLICATION_LABELS[s]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** « Publié » or « Brouillon » in a list (pages, blog articles). */
export function PublicationBadge({ published }: { published: boolean }) {
  return published ? <Badge variant="success">Publié</Badge> : <DraftBadge />;
}

/** « Brouillon » beside a draft's name in a list (codes, offers, deals): on no public surface until published. */
export function DraftBadge({ className }: { className?: string }) {
  return (
    <Badge variant="neutral" className={className} data-testid="draft-badge" title="Visible seulement dans l'administration">
      Brouillon
    </Badge>
  );
}
