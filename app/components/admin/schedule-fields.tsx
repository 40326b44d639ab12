import { Field } from "#app/components/admin/admin-ui";
import { Badge } from "#app/components/ui/badge";
import { Input } from "#app/components/ui/input";
import { SCHEDULE_LABELS, type ScheduleState } from "#app/modules/schedule/schedule";
import { formatParis, toParisLocalInput } from "#app/modules/settings/paris-time";

/**
 * « Publier le » / « Dépublier le » of a deal, code, offer or page (issue #17 item 4, ADR 030):
 * two optional `datetime-local` fields read as Paris time by the shared form schemas. They
 * start from the form's values: the row edited, or the copy « Dupliquer » made, whose
 * schedule is kept (a copy of a code scheduled for 2030 is not live before 2030).
 */
export function ScheduleFields({
  values: item,
  errors,
}: {
  values: { publishAt: string | null; unpublishAt: string | null } | null;
  errors: Record<string, string[] | undefined>;
}) {
  return (
    <fieldset className="grid items-start gap-4 sm:grid-cols-2">
      <legend className="sr-only">Programmation</legend>
      <Field label="Publier le" htmlFor="publishAt" error={errors.publishAt} hint="Heure de Paris. Vide : publié tout de suite.">
        <Input id="publishAt" name="publishAt" type="datetime-local" defaultValue={item?.publishAt ? toParisLocalInput(item.publishAt) : ""} />
      </Field>
      <Field label="Dépublier le" htmlFor="unpublishAt" error={errors.unpublishAt} hint="Heure de Paris. Vide : sans fin.">
        <Input id="unpublishAt" name="unpublishAt" type="datetime-local" defaultValue={item?.unpublishAt ? toParisLocalInput(item.unpublishAt) : ""} />
      </Field>
    </fieldset>
  );
}

/** « Programmé » before its « Publier le », « Dépublié » after its « Dépublier le »; nothing while in its window. */
export function ScheduleBadge({ state, publishAt, unpublishAt }: { state: ScheduleState; publishAt: string | null; unpublishAt: string | null }) {
  if (state === "live") return null;
  const title =
    state === "scheduled" && publishAt
      ? `Publié le ${formatParis(publishAt, "dd/MM/yyyy 'à' HH:mm")}`
      : unpublishAt
        ? `Dépublié depuis le ${formatParis(unpublishAt, "dd/MM/yyyy 'à' HH:mm")}`
        : undefined;
  return (
    <Badge variant={state === "scheduled" ? "purple" : "neutral"} className="ml-2 font-sans" title={title} data-testid="schedule-badge">
      {SCHEDULE_LABELS[state]}
    </Badge>
  );
}
