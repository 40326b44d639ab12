import { parseWithZod } from "@conform-to/zod/v4";
import { formatParis } from "#app/modules/settings/paris-time";

import type { Route } from "./+types/users";
import { adminSeo } from "#app/lib/admin-seo";
import { AdminForm, PageHeader, EditorDialog, Field, FormActions, errorsFor, selectClass, useActionToast, useEditor } from "#app/components/admin/admin-ui";
import { Pager } from "#app/components/admin/pager";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Avatar } from "#app/components/layout/avatar";
import { Badge } from "#app/components/ui/badge";
import { Input } from "#app/components/ui/input";
import { ListToolbar, ResourceTable, RowActions, Truncated } from "#app/components/admin/resource-list";
import { requireAdmin } from "#app/lib/auth.server";
import { ROLE_LABELS, toRole } from "#app/lib/permissions";
import { ROLES, type Role } from "#db/constants";
import { readBoundedForm } from "#app/lib/body.server";
import { isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { userListSpec } from "#app/modules/users/user-list";
import { formatEuros } from "#app/modules/ledger/ledger";
import { MONEY_LABELS } from "#app/modules/treasury/treasury.schema";
import { type AdminActionData, failure, guarded, invalid, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { USER_MESSAGES, userFormSchema } from "#app/modules/users/user-form.schema";
import { deleteUserAdmin, LastAdminError, listUsersAdmin, updateUserAdmin } from "#app/modules/users/users-admin.server";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Utilisateurs", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const query = parseListQuery(request.url, userListSpec);
  const { rows, pager } = await loadOrFail(ADMIN_LOAD_ERRORS.users, listUsersAdmin(query));
  return {
    users: rows.map((u) => ({ ...u, role: toRole(u.role), createdAt: u.createdAt.toISOString() })),
    pager,
    q: query.q ?? null,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
    selfId: admin.id,
  };
}

const LAST_ADMIN = Symbol("last-admin");

/** The write, or LAST_ADMIN when the domain refused to remove the last administrator. */
async function lastAdminRefused<T>(write: () => Promise<T>): Promise<T | typeof LAST_ADMIN> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof LastAdminError) return LAST_ADMIN;
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readBoundedForm(request, 8 * 1024);
  if (form.get("intent") === "delete") {
    const id = String(form.get("id") ?? "").slice(0, 100);
    if (!id) return failure("delete", USER_MESSAGES.deleteError);
    if (id === admin.id) return failure("delete", USER_MESSAGES.selfDelete, 409);
    return guarded("delete", USER_MESSAGES.deleteError, async () => {
      const row = await lastAdminRefused(() => deleteUserAdmin(id, admin));
      if (row === LAST_ADMIN) return failure("delete", USER_MESSAGES.lastAdmin, 409);
      if (!row) return failure("delete", USER_MESSAGES.deleteError, 404);
      return ok("delete", USER_MESSAGES.deleted);
    });
  }
  const submission = parseWithZod(form, { schema: userFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply(), { title: "Erreur", description: USER_MESSAGES.updateError });
  const input = submission.value;
  if (input.id === admin.id && input.role !== "admin") return failure("save", USER_MESSAGES.selfDemote, 409);
  return guarded("save", USER_MESSAGES.updateError, async () => {
    const row = await lastAdminRefused(() => updateUserAdmin(input, admin));
    if (row === LAST_ADMIN) return failure("save", USER_MESSAGES.lastAdmin, 409);
    if (!row) return failure("save", USER_MESSAGES.updateError, 404);
    return ok("save", USER_MESSAGES.updated);
  });
}

type User = Route.ComponentProps["loaderData"]["users"][number];

/** Team roles stand out from members; admins from the rest of the team. */
const ROLE_BADGE: Record<Role, "purple" | "fun" | "default" | "success"> = { user: "fun", editor: "default", finance: "success", moderator: "default", admin: "purple" };

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad);
  const editor = useEditor<User>(ad);
  const errors = errorsFor(ad);
  const item = editor.editing ?? null;
  return (
    <div>
      <PageHeader title="Utilisateurs" />
      <ListToolbar
        label="Rechercher des utilisateurs"
        searchLabel="Rechercher un utilisateur"
        searchPlaceholder="Rechercher par e-mail ou pseudo"
        submitLabel="Rechercher"
        query={loaderData.query}
        filters={[{ name: "role", label: "Rôle", all: "Tous", value: loaderData.query.filters.role, options: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })) }]}
      />
      <ResourceTable
        label="Utilisateurs"
        rows={loaderData.users}
        rowId={(u) => u.id}
        rowLabel={(u) => u.email}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucun utilisateur trouvé" : "Aucun utilisateur enregistré"}
        columns={[
          {
            key: "user",
            header: "Utilisateur",
            sort: "username",
            cell: (u) => (
              <div className="flex items-center gap-2">
                <Avatar src={u.avatarUrl} initials={(u.username ?? u.email).slice(0, 2).toUpperCase()} />
                <div className="min-w-0">
                  <p className="font-medium break-words">{u.username ?? "Sans nom"}</p>
                  <p className="font-mono text-xs text-neutral-500">{u.id.slice(0, 8)}</p>
                </div>
              </div>
            ),
          },
          { key: "email", header: "Email", sort: "email", cell: (u) => <Truncated value={u.email} /> },
          { key: "role", header: "Rôle", cell: (u) => <Badge variant={ROLE_BADGE[u.role]}>{ROLE_LABELS[u.role]}</Badge> },
          { key: "created", header: "Inscription", sort: "created", nowrap: true, cell: (u) => formatParis(u.createdAt, "d MMM yyyy") },
          {
            key: "saved",
            header: "Cashback validé",
            nowrap: true,
            // the member side's words (issue #37 item 7): the sum of three of their /mon-cashback cards
            cell: (u) => (u.validatedCashbackCents ? <span title={`${MONEY_LABELS.available} + ${MONEY_LABELS.inPayout} + ${MONEY_LABELS.paid}`}>{formatEuros(u.validatedCashbackCents)}</span> : "-"),
          },
        ]}
        actions={(u) => (
          <RowActions
            label={u.email}
            onEdit={() => editor.edit(u)}
            // an admin never deletes their own account
            remove={u.id !== loaderData.selfId ? { id: u.id, confirmText: `Supprimer définitivement l'utilisateur "${u.email}" ? Cette action est irréversible.` } : null}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <EditorDialog editor={editor} title="Modifier l'utilisateur">
          {editor.open && item ? (
            <AdminForm schema={userFormSchema} actionData={ad} className="grid gap-4" key={item.id}>
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="id" value={item.id} />
              <Field label="Email" htmlFor="email">
                <Input id="email" value={item.email} readOnly disabled />
              </Field>
              <Field label="Pseudo" htmlFor="username" error={errors.username}>
                <Input id="username" name="username" defaultValue={item.username ?? ""} maxLength={40} />
              </Field>
              <Field label="Rôle" htmlFor="role" error={errors.role}>
                <select id="role" name="role" defaultValue={item.role} className={selectClass}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </Field>
              <FormActions editing onCancel={editor.requestClose} />
            </AdminForm>
          ) : null}
      </EditorDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
