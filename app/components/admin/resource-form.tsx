import type { ZodType } from "zod";
import { AdminForm, EditorDialog, errorsFor, FormActions, useActionToast, useEditor, type Editor } from "#app/components/admin/admin-ui";
import { EditVersion, editorKey, useConflictReload, type ConflictField } from "#app/components/admin/edit-version";
import type { AdminActionData } from "#app/modules/admin/admin.server";

type Row = { id: string; updatedAt: string | Date };

interface ResourceFormProps<T extends Row> {
  /** the row edited, or null for a create (« Ajouter », « Dupliquer ») */
  item: T | null;
  schema: ZodType;
  actionData: AdminActionData | undefined;
  /** the fields compared when a save meets someone else's change */
  conflictFields: ConflictField[];
  onReload: (id: string, staleVersion: string) => void;
  onCancel: () => void;
  /** reshapes the form data before the browser's check, as the action does before its own */
  prepare?: (formData: FormData) => FormData;
  children: React.ReactNode;
}

/**
 * The edit form of one back-office entity (issue #17): an AdminForm on the
 * entity's schema that posts intent=save with the row's id and version, the
 * entity's fields, the conflict panel and « Annuler » / « Mettre à jour » or
 * « Ajouter ».
 */
export function ResourceForm<T extends Row>({ item, schema, actionData, conflictFields, onReload, onCancel, prepare, children }: ResourceFormProps<T>) {
  return (
    <AdminForm schema={schema} actionData={actionData} prepare={prepare} className="grid gap-4">
      <input type="hidden" name="intent" value="save" />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <EditVersion item={item} actionData={actionData} fields={conflictFields} onReload={onReload} />
      {children}
      <FormActions editing={Boolean(item)} onCancel={onCancel} />
    </AdminForm>
  );
}

/** A ResourceForm in the screen's guarded dialog, mounted afresh for each row it opens with. */
export function ResourceFormDialog<T extends Row>({
  editor,
  item,
  title,
  className,
  ...form
}: Omit<ResourceFormProps<T>, "onCancel"> & { editor: Editor; title: { edit: string; create: string }; className?: string }) {
  return (
    <EditorDialog editor={editor} title={item ? title.edit : title.create} className={className}>
      {editor.open ? <ResourceForm key={editorKey(item)} item={item} onCancel={editor.requestClose} {...form} /> : null}
    </EditorDialog>
  );
}

/**
 * The state of a back-office list screen: its action's answer (shown as a toast),
 * the edit dialog of its rows, the reload after a conflict, and the last save's errors.
 */
export function useResourceScreen<T extends Row>(rows: T[], actionData: unknown) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad);
  const editor = useEditor<T>(ad);
  const reload = useConflictReload(rows, editor);
  return { ad, editor, reload, errors: errorsFor(ad), item: editor.editing ?? null, values: editor.values };
}
