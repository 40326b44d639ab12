import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import { Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import type { AdminActionData } from "~/modules/admin/admin.server";

/** Show the toast an admin action returned. */
export function useActionToast(actionData: AdminActionData | undefined) {
  useEffect(() => {
    if (!actionData?.toast) return;
    const t = actionData.toast;
    const show = t.type === "error" ? toast.error : t.type === "info" ? toast.info : toast.success;
    show(t.title, { description: t.description });
  }, [actionData]);
}

/** Dialog state that closes itself when the last save succeeded. */
export function useEditor<T>(actionData: AdminActionData | undefined, intent = "save") {
  const [editing, setEditing] = useState<T | null | undefined>(undefined); // undefined = closed, null = create
  useEffect(() => {
    if (actionData?.ok && actionData.intent === intent) setEditing(undefined);
  }, [actionData, intent]);
  return { editing, open: editing !== undefined, create: () => setEditing(null), edit: (item: T) => setEditing(item), close: () => setEditing(undefined) };
}

/** Accessible confirmation before a delete (posts intent=delete&id=...). */
export function DeleteButton({ id, label, confirmText }: { id: string; label: string; confirmText: string }) {
  const navigation = useNavigation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Supprimer ${label}`}>
          <Trash2 className="text-red-600" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Confirmer la suppression</AlertDialogTitle>
        <AlertDialogDescription>{confirmText}</AlertDialogDescription>
        <div className="flex justify-end gap-2">
          <AlertDialogCancel>Annuler</AlertDialogCancel>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <Button type="submit" variant="destructive" disabled={navigation.state !== "idle"}>
              Supprimer
            </Button>
          </Form>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function PageHeader({ title, action }: { title: string; action?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-black">{title}</h1>
      {action}
    </div>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-neutral-500">
        {children}
      </td>
    </tr>
  );
}

/** Field wrapper: label, control, error. */
export function Field({ label, htmlFor, error, hint, children }: { label: string; htmlFor: string; error?: string[] | null; hint?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-neutral-500">{hint}</p> : null}
      {error?.length ? (
        <p className="text-sm text-red-700" role="alert">
          {error[0]}
        </p>
      ) : null}
    </div>
  );
}

export const selectClass = "h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-200";

/** Field errors of the last submission, when it was for this dialog. */
export function errorsFor(actionData: AdminActionData | undefined, intent = "save") {
  if (!actionData || actionData.ok || actionData.intent !== intent) return {} as Record<string, string[]>;
  return (actionData.result?.error ?? {}) as Record<string, string[]>;
}
