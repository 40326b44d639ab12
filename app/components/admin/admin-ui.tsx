import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { cloneElement, createContext, isValidElement, useContext, useEffect, useState } from "react";
import type { ZodType } from "zod";
import { Form, useNavigation } from "react-router";
import { toast } from "#app/lib/toast";
import { Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog";
import type { AdminActionData } from "#app/modules/admin/admin.server";

/** Show the toast an admin action returned. */
export function useActionToast(actionData: AdminActionData | undefined) {
  useEffect(() => {
    if (!actionData?.toast) return;
    const t = actionData.toast;
    const show = t.type === "error" ? toast.error : t.type === "info" ? toast.info : toast.success;
    show(t.title, { description: t.description });
  }, [actionData]);
}

/**
 * Dialog state that closes itself when the last save succeeded. Once a field
 * was changed the dialog is "dirty": closing it (Échap, a click outside, the
 * cross or « Annuler ») asks first, and leaving the page warns (issue #17).
 */
export function useEditor<T>(actionData: AdminActionData | undefined, intent = "save") {
  const [editing, setEditing] = useState<T | null | undefined>(undefined); // undefined = closed, null = create
  const [draft, setDraft] = useState<T | null>(null); // « Dupliquer »: the values a create starts from
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (actionData?.ok && actionData.intent === intent) {
      setEditing(undefined);
      setDirty(false);
    }
  }, [actionData, intent]);
  useEffect(() => {
    if (!dirty || editing === undefined) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, editing]);
  const open = (item: T | null, copy: T | null = null) => {
    setDirty(false);
    setDraft(copy);
    setEditing(item);
  };
  const close = () => {
    setEditing(undefined);
    setDirty(false);
    setConfirming(false);
  };
  return {
    editing,
    open: editing !== undefined,
    create: () => open(null),
    edit: (item: T) => open(item),
    /** « Dupliquer »: the create dialog, filled with `copy` (see duplicateRow) */
    duplicate: (copy: T) => open(null, copy),
    /** the values the form starts from: the row edited, or the copy being created */
    values: editing ?? (editing === null ? draft : null),
    close,
    dirty,
    markDirty: () => setDirty(true),
    /** close now if nothing was changed, else ask « Quitter sans enregistrer ? » */
    requestClose: () => (dirty ? setConfirming(true) : close()),
    confirming,
    keepEditing: () => setConfirming(false),
  };
}

/** What the dialog needs of an editor (any row type). */
export type Editor = Pick<ReturnType<typeof useEditor>, "open" | "markDirty" | "requestClose" | "confirming" | "keepEditing" | "close">;

const UNSAVED_MESSAGES = {
  title: "Quitter sans enregistrer ?",
  description: "Les modifications de ce formulaire seront perdues.",
  keep: "Continuer la saisie",
  leave: "Quitter sans enregistrer",
} as const;

/** The create/edit dialog of a back-office screen, guarded against losing edits. */
export function EditorDialog({
  editor,
  title,
  description,
  className,
  children,
}: {
  editor: Editor;
  title: string;
  description?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <Dialog open={editor.open} onOpenChange={(o) => !o && editor.requestClose()}>
        <DialogContent className={className} onInput={editor.markDirty} onChange={editor.markDirty}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          {editor.open ? children : null}
        </DialogContent>
      </Dialog>
      <AlertDialog open={editor.confirming} onOpenChange={(o) => !o && editor.keepEditing()}>
        <AlertDialogContent>
          <AlertDialogTitle>{UNSAVED_MESSAGES.title}</AlertDialogTitle>
          <AlertDialogDescription>{UNSAVED_MESSAGES.description}</AlertDialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialogCancel>{UNSAVED_MESSAGES.keep}</AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={editor.close}>
              {UNSAVED_MESSAGES.leave}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
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

/** The footer of an edit form: « Annuler » (which asks first once the form was changed) and the submit. */
export function FormActions({ editing, onCancel, busy }: { editing: boolean; onCancel: () => void; busy?: boolean }) {
  const navigation = useNavigation();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" disabled={busy ?? navigation.state !== "idle"}>
        {editing ? "Mettre à jour" : "Ajouter"}
      </Button>
    </div>
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

/**
 * Field wrapper: label, control, hint and error. When the control is the
 * field's own element (its id is `htmlFor`), it is wired for assistive
 * technology: `aria-invalid` while an error shows, and `aria-describedby`
 * pointing at the error and the hint.
 */
export function Field({ label, htmlFor, name = htmlFor, error: serverError, hint, children }: { label: string; htmlFor: string; name?: string; error?: string[] | null; hint?: React.ReactNode; children: React.ReactNode }) {
  const error = useFieldErrors(name, serverError);
  const errorId = `${htmlFor}-error`;
  const hintId = `${htmlFor}-hint`;
  const invalid = Boolean(error?.length);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const control =
    isValidElement<{ id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string }>(children) && children.props.id === htmlFor
      ? cloneElement(children, { "aria-invalid": invalid || undefined, "aria-describedby": describedBy })
      : children;
  return (
    // content-start: stretched beside a taller field (a longer hint), its rows keep their height, so the controls align
    <div className="grid content-start gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error?.[0]}
        </p>
      ) : null}
    </div>
  );
}

export const selectClass = "h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-200";

/** « Marque* »: the brand a code, an offer or a programme belongs to (required, none chosen at first). */
export function BrandField({ brands, defaultValue, error }: { brands: ReadonlyArray<{ id: string; name: string }>; defaultValue: string | null | undefined; error?: string[] | null }) {
  return (
    <Field label="Marque*" htmlFor="brandId" error={error}>
      <select id="brandId" name="brandId" defaultValue={defaultValue ?? ""} required className={selectClass}>
        <option value="" disabled>
          Choisir une marque
        </option>
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Field errors of the last submission, when it was for this dialog. */
export function errorsFor(actionData: AdminActionData | undefined, intent = "save") {
  if (!actionData || actionData.ok || actionData.intent !== intent) return {} as Record<string, string[]>;
  return (actionData.result?.error ?? {}) as Record<string, string[]>;
}

/** The live errors of the AdminForm around a Field (by field name), or null outside one. */
const FormErrorsContext = createContext<Record<string, string[]> | null>(null);

/**
 * The errors of field `name` ("" for the form itself): inside an AdminForm, its live errors
 * (client validation and the last server answer); outside one, `fallback` (server errors).
 */
export function useFieldErrors(name: string, fallback?: string[] | null) {
  const formErrors = useContext(FormErrorsContext);
  return formErrors ? formErrors[name] : fallback;
}

/** The form-level error of the AdminForm around it (a problem of no single field). */
export function FormError() {
  const error = useFieldErrors("");
  return error?.length ? (
    <p className="text-sm text-red-700" role="alert">
      {error[0]}
    </p>
  ) : null;
}

/** A copy of the form data, for `prepare` to change without touching what is sent. */
function copyOf(formData: FormData) {
  const copy = new FormData();
  for (const [name, value] of formData) copy.append(name, value);
  return copy;
}

/** An AdminForm's browser check: `schema` parses the form data, reshaped first by `prepare` (on a copy). */
export function validateWith(schema: ZodType, prepare?: (formData: FormData) => FormData) {
  return ({ formData }: { formData: FormData }) => parseWithZod(prepare ? prepare(copyOf(formData)) : formData, { schema });
}

/**
 * A back-office edit form on conform (issue #17): the entity's zod schema,
 * the one its action parses with, validates in the browser once a field is
 * left and again as it is corrected, and a submit with errors stays in the
 * browser; the last submission's server errors come back through the action
 * data. Its Fields show these errors and are wired to them. Before hydration
 * it posts as a plain form and the server answers the same messages. Mount it
 * with a key per edited row, so that each opening starts clean. When the
 * action reshapes the posted data before parsing it, `prepare` does the same
 * in the browser (on a copy), so that both check the same values.
 */
export function AdminForm({
  schema,
  actionData,
  intent = "save",
  prepare,
  className,
  children,
}: {
  schema: ZodType;
  actionData: AdminActionData | undefined;
  intent?: string;
  prepare?: (formData: FormData) => FormData;
  className?: string;
  children: React.ReactNode;
}) {
  const [form] = useForm({
    lastResult: actionData && !actionData.ok && actionData.intent === intent ? actionData.result : undefined,
    onValidate: validateWith(schema, prepare),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <FormErrorsContext.Provider value={form.allErrors as Record<string, string[]>}>
      <Form method="post" className={className} {...getFormProps(form)}>
        {children}
      </Form>
    </FormErrorsContext.Provider>
  );
}
