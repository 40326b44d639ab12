import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { PageHeader, selectClass, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { countOf } from "#app/lib/plural";
import { adminSeo } from "#app/lib/admin-seo";
import { type AdminActionData, intentAction, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { CONTACT_ADMIN_MESSAGES, CONTACT_STATUS_LABELS, contactStatusSchema, type ContactStatus } from "#app/modules/contact/contact.schema";
import { listContactMessages, setContactStatus } from "#app/modules/contact/contact.server";
import { contactStatus } from "#db/states/contact-status";
import { formatParis } from "#app/modules/settings/paris-time";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Messages de contact", matches);

const VIEWS = { open: "À traiter", done: "Traités" } as const;
type View = keyof typeof VIEWS;

/** The messages of « Nous contacter » (issue #34 item 7), for those who hold `moderation`. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "moderation");
  const view: View = new URL(request.url).searchParams.get("vue") === "traites" ? contactStatus.is.done : "open";
  const messages = await loadOrFail("Impossible de charger les messages de contact.", listContactMessages(view));
  return { view, messages };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "moderation");
  const form = await readBoundedForm(request, 8 * 1024);
  return intentAction(form, contactStatusSchema, CONTACT_ADMIN_MESSAGES.failed, async (v) => {
    const after = await setContactStatus(actor, v);
    return ok(v.intent, "Statut mis à jour", `Message ${after.reference} : ${CONTACT_STATUS_LABELS[after.status]}.`);
  });
}

const STATUS_BADGE: Record<ContactStatus, "default" | "risky" | "success"> = { new: "default", in_progress: "risky", done: "success" };

export default function AdminContact({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { view, messages } = loaderData;
  return (
    <div>
      <PageHeader title="Messages de contact" />
      <nav aria-label="Filtrer les messages" className="mb-4 flex gap-2">
        {(Object.keys(VIEWS) as View[]).map((v) => (
          <Link
            key={v}
            to={v === contactStatus.is.done ? "?vue=traites" : "?"}
            aria-current={v === view ? "page" : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${v === view ? "border-brand-500 bg-brand-50 text-brand-700" : "border-neutral-300"}`}
          >
            {VIEWS[v]}
          </Link>
        ))}
      </nav>
      <p className="mb-4 text-sm text-neutral-600" role="status">
        {countOf(messages.length, { one: "message", other: "messages" })}
      </p>
      {messages.length === 0 ? (
        <p className="rounded-xl bg-neutral-50 p-6 text-center text-neutral-600">{view === "open" ? "Aucun message à traiter." : "Aucun message traité."}</p>
      ) : (
        <ul className="grid gap-3">
          {messages.map((m) => (
            <li key={m.id} className="grid gap-2 rounded-xl border border-neutral-200 p-4 text-sm" data-testid="contact-message">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-bold">
                  {m.reference} · {m.subjectLabel}
                </span>
                <Badge variant={STATUS_BADGE[m.status]}>{m.statusLabel}</Badge>
              </div>
              <p className="text-neutral-600">
                Reçu le {formatParis(m.createdAt, "dd/MM/yyyy 'à' HH'h'mm")} ·{" "}
                <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subjectLabel} (${m.reference})`)}`} className="break-all text-brand-700 underline">
                  {m.email}
                </a>
                {m.member ? ` · membre ${m.member}` : " · visiteur"}
              </p>
              <p className="whitespace-pre-line break-words text-neutral-800">{m.message}</p>
              <Form method="post" className="flex flex-wrap items-end gap-2 border-t border-neutral-200 pt-3">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="id" value={m.id} />
                <label htmlFor={`status-${m.id}`} className="sr-only">
                  Statut du message {m.reference}
                </label>
                <select id={`status-${m.id}`} name="status" defaultValue={m.status} className={`${selectClass} w-auto`}>
                  {contactStatus.states.map((s) => (
                    <option key={s} value={s}>
                      {CONTACT_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
                <Button type="submit" variant="outline" disabled={busy}>
                  Changer le statut
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
