import { parseWithZod } from "@conform-to/zod/v4";
import { ImageIcon, Pencil, Plus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/brands";
import { DeleteButton, EmptyRow, errorsFor, Field, PageHeader, useActionToast, useEditor, EditorDialog } from "~/components/admin/admin-ui";
import { Pager } from "~/components/admin/pager";
import { SlugFields } from "~/components/admin/slug-fields";
import { AdminLoadErrorBoundary } from "~/components/admin/load-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { requirePermission } from "~/lib/auth.server";
import { audited } from "~/modules/admin/audit.server";
import { brands } from "../../../db/schema";
import { readBoundedForm } from "~/lib/body.server";
import { requestedPage } from "~/modules/admin/pagination.server";
import { type AdminActionData, failure, guarded, invalid, loadOrFail, ok } from "~/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "~/modules/admin/load-errors";
import { idSchema } from "~/modules/admin/form-helpers";
import { BRAND_MESSAGES, brandFormSchema } from "~/modules/brands/brand-form.schema";
import { deleteBrand, listBrandsAdmin, saveBrand } from "~/modules/brands/brands-admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const { rows, pager } = await loadOrFail(ADMIN_LOAD_ERRORS.brands, listBrandsAdmin(requestedPage(request.url)));
  return { brands: rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString(), updatedAt: b.updatedAt.toISOString() })), pager };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 16 * 1024);
  if (form.get("intent") === "delete") {
    const parsed = idSchema.safeParse({ id: form.get("id") });
    if (!parsed.success) return failure("delete", BRAND_MESSAGES.deleteError);
    return guarded("delete", BRAND_MESSAGES.deleteError, async () => {
      const row = await audited(admin, "brand", brands, parsed.data.id, "delete", () => deleteBrand(parsed.data.id));
      if (!row) return failure("delete", "Cette marque n'existe plus.", 404);
      return ok("delete", "Marque supprimée", `La marque "${row.name}" a été supprimée.`);
    });
  }
  const submission = parseWithZod(form, { schema: brandFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const input = submission.value;
  return guarded("save", BRAND_MESSAGES.saveError, async () => {
    const row = await audited(admin, "brand", brands, input.id, input.id ? "update" : "create", () => saveBrand(input));
    if (!row) return failure("save", "Cette marque n'existe plus.", 404);
    return ok("save", input.id ? "Marque mise à jour" : "Marque créée", `La marque "${input.name}" a été ${input.id ? "mise à jour" : "créée"}.`);
  });
}

type Brand = Route.ComponentProps["loaderData"]["brands"][number];

export default function AdminBrands({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad);
  const editor = useEditor<Brand>(ad);
  const navigation = useNavigation();
  const errors = errorsFor(ad);
  const item = editor.editing ?? null;
  return (
    <div>
      <PageHeader
        title="Marques"
        action={
          <Button onClick={editor.create}>
            <Plus aria-hidden="true" /> Ajouter une marque
          </Button>
        }
      />
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Marque</TableHead>
            <TableHead>Catégorie</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Image</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loaderData.brands.length === 0 ? (
            <EmptyRow colSpan={5}>Aucune marque pour le moment. Cliquez sur « Ajouter une marque » pour commencer.</EmptyRow>
          ) : (
            loaderData.brands.map((b) => (
              <TableRow key={b.id}>
                <TableCell>
                  <p className="font-medium">{b.name}</p>
                  <p className="font-mono text-xs text-neutral-500">{b.slug}</p>
                </TableCell>
                <TableCell>{b.category ?? "—"}</TableCell>
                <TableCell className="max-w-sm truncate">{b.description ?? ""}</TableCell>
                <TableCell>
                  {b.imageUrl ? (
                    <img src={b.imageUrl} alt="" width={40} height={40} className="size-10 rounded-lg object-cover" />
                  ) : (
                    <span className="grid size-10 place-items-center rounded-lg bg-neutral-100">
                      <ImageIcon className="size-4 text-neutral-400" aria-hidden="true" />
                    </span>
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex">
                    <Button variant="ghost" size="icon" aria-label={`Modifier ${b.name}`} onClick={() => editor.edit(b)}>
                      <Pencil />
                    </Button>
                    <DeleteButton id={b.id} label={b.name} confirmText={BRAND_MESSAGES.confirmDelete(b.name)} />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pager {...loaderData.pager} />
      <EditorDialog editor={editor} title={item ? "Modifier la marque" : "Ajouter une marque"} className="max-w-xl">
          {editor.open ? (
            <Form method="post" className="grid gap-4" key={item?.id ?? "new"}>
              <input type="hidden" name="intent" value="save" />
              {item ? <input type="hidden" name="id" value={item.id} /> : null}
              <SlugFields nameField="name" nameLabel="Nom*" defaultName={item?.name ?? ""} defaultSlug={item?.slug ?? ""} mode="follow" errors={errors} />
              <Field label="Catégorie" htmlFor="category" error={errors.category}>
                <Input id="category" name="category" defaultValue={item?.category ?? ""} />
              </Field>
              <Field label="Description" htmlFor="description" error={errors.description}>
                <Textarea id="description" name="description" defaultValue={item?.description ?? ""} />
              </Field>
              <Field
                label="Cashback (%)"
                htmlFor="cashbackPercent"
                error={errors.cashbackPercent}
                hint="La réduction « Jusqu'à -X % » se calcule seule, d'après les codes promo valides et les deals de la marque."
              >
                <Input id="cashbackPercent" name="cashbackPercent" type="number" min={0} max={100} step="0.01" defaultValue={item?.cashbackPercent ?? 0} />
              </Field>
              <Field label="Image (URL)" htmlFor="imageUrl" error={errors.imageUrl}>
                <Input id="imageUrl" name="imageUrl" defaultValue={item?.imageUrl ?? ""} />
              </Field>
              <Field label="Site de la marque" htmlFor="websiteUrl" error={errors.websiteUrl}>
                <Input id="websiteUrl" name="websiteUrl" defaultValue={item?.websiteUrl ?? ""} placeholder="https://" />
              </Field>
              <div className="flex justify-end gap-2">
                <Button type="button" variant="outline" onClick={editor.requestClose}>
                  Annuler
                </Button>
                <Button type="submit" disabled={navigation.state !== "idle"}>
                  {item ? "Mettre à jour" : "Ajouter"}
                </Button>
              </div>
            </Form>
          ) : null}
      </EditorDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
