import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/content";
import { adminSeo } from "#app/lib/admin-seo";
import { Field, FormError, PageHeader, selectClass, useActionToast, useEditor, useFieldErrors, EditorDialog } from "#app/components/admin/admin-ui";
import { Pager } from "#app/components/admin/pager";
import { HomeListField } from "#app/components/admin/home-list-field";
import { RichTextField } from "#app/components/admin/rich-text-field";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { ListToolbar, ResourceTable, RowActions, Unbroken } from "#app/components/admin/resource-list";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import type { ConflictField } from "#app/modules/admin/conflict-diff";
import { editorKey, useConflictReload } from "#app/components/admin/edit-version";
import { ResourceForm } from "#app/components/admin/resource-form";
import { duplicateRow } from "#app/modules/admin/duplicate";
import { readBoundedForm } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { isBlankHtml, sanitizeRichHtml } from "#app/lib/html.server";
import { conceptPath } from "#app/lib/site";
import { isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { CONTENT_BULK_INTENTS, contentListSpec } from "#app/modules/content/content-list";
import { type AdminActionData, bulkIntentAction, deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { bulkContentBlocks, deleteContentBlock, listContentBlocks, listContentPages, saveContentBlock } from "#app/modules/content/content-admin.server";
import { CONTENT_BULK_MESSAGES, CONTENT_FIELD_LABELS, CONTENT_PAGE_FILTER, CONTENT_TYPE_LABELS, CONTENT_TYPE_OPTIONS, contentBlockFormSchema, contentPageLabel } from "#app/modules/content/content-block-form.schema";
import { type ListEditorSpec, listEditorFor, withListItems } from "#app/modules/content/home-list-forms";
import { pageWithoutBlocksMessage } from "#app/modules/content/page-blocks";
import { blockPageChoices } from "#app/modules/content/page-blocks.server";
import { BIN_NOTICE } from "#app/modules/admin/history";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Contenu", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, contentListSpec);
  const siteName = getEnv().SITE_NAME;
  const concept = { slug: conceptPath(siteName).slice(1), siteName };
  const [blocks, pages, choices] = await Promise.all([
    loadOrFail(ADMIN_LOAD_ERRORS.contentBlocks, listContentBlocks(query)),
    loadOrFail(ADMIN_LOAD_ERRORS.contentBlocks, listContentPages()),
    loadOrFail(ADMIN_LOAD_ERRORS.contentBlocks, blockPageChoices(concept.slug)),
  ]);
  return {
    blocks: blocks.rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString(), updatedAt: b.updatedAt.toISOString() })),
    pager: blocks.pager,
    pages,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
    choices: { ...choices, concept },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  // structured list items (steps, testimonials) become the block's JSON, checked below like typed JSON
  const form = withListItems(await readBoundedForm(request, 200 * 1024));
  const intent = form.get("intent");
  if (intent === "preview") {
    return data({ preview: sanitizeRichHtml(String(form.get("content") ?? "").slice(0, 100_000)) });
  }
  const bulk = await bulkIntentAction(form, CONTENT_BULK_INTENTS, CONTENT_BULK_MESSAGES, (bulkIntent, ids) => bulkContentBlocks(admin, bulkIntent, ids));
  if (bulk) return bulk;
  if (intent === "delete") {
    return deleteIntent(form, (id) => deleteContentBlock(id, admin), { error: "Impossible de supprimer le bloc de contenu.", done: () => ["Bloc de contenu supprimé avec succès"] });
  }
  const submission = parseWithZod(form, { schema: contentBlockFormSchema });
  if (submission.status !== "success") {
    const missing = submission.error?.[""]?.[0];
    const other = submission.error?.content?.[0] ?? submission.error?.page?.[0];
    return invalid("save", submission.reply(), missing ? { title: "Champs requis", description: missing } : other ? { title: "Erreur", description: other } : undefined);
  }
  const input = submission.value;
  // only a page that displays blocks (a block anywhere else would be shown nowhere)
  const { sitePages, adminPages } = await blockPageChoices(conceptPath(getEnv().SITE_NAME).slice(1));
  if (!sitePages.includes(input.page) && !adminPages.includes(input.page)) {
    const message = pageWithoutBlocksMessage(sitePages);
    return invalid("save", submission.reply({ fieldErrors: { page: [message] } }), { title: "Erreur", description: message });
  }
  if (input.type === "html" && isBlankHtml(input.content)) {
    const missing = `Veuillez remplir les champs suivants : ${CONTENT_FIELD_LABELS.content}`;
    return invalid("save", submission.reply({ formErrors: [missing] }), { title: "Champs requis", description: missing });
  }
  return saveIntent(form, admin, input, saveContentBlock, { error: "Impossible de sauvegarder le bloc de contenu.", done: (created) => [created ? "Bloc de contenu créé avec succès" : "Bloc de contenu mis à jour avec succès"] });
}

type Block = Route.ComponentProps["loaderData"]["blocks"][number];

/** The fields compared when a save meets someone else's change. */
const BLOCK_CONFLICT_FIELDS: ConflictField[] = [
  { name: "name", label: "Nom" },
  { name: "title", label: "Titre" },
  { name: "page", label: "Page", show: (v) => contentPageLabel(v) },
  { name: "type", label: "Type", show: (v) => CONTENT_TYPE_LABELS[v as keyof typeof CONTENT_TYPE_LABELS] ?? v },
  { name: "position", label: "Position" },
  { name: "content", label: "Contenu" },
];

type PageChoices = Route.ComponentProps["loaderData"]["choices"];

/** Whether blocks of this site page are displayed somewhere. */
const isDisplayed = (choices: PageChoices, page: string) => choices.sitePages.includes(page) || choices.adminPages.includes(page);

/** A page's name in the list, its filter and the form: « Accueil », not `home`. */
const pageName = (choices: PageChoices, page: string) => contentPageLabel(page, choices.concept);

/** The block's content, by type: a home list's items, rich text (html), or a textarea. */
function BlockContent({ type, listSpec, content, onContent }: { type: string; listSpec: ListEditorSpec | null; content: string; onContent: (content: string) => void }) {
  const errors = useFieldErrors("content");
  return (
    <Field label="Contenu*" htmlFor="content" hint={type === "json" ? "Un JSON valide est attendu." : undefined}>
      {type === "json" && listSpec ? (
        <HomeListField spec={listSpec} content={content} onContent={onContent} />
      ) : type === "html" ? (
        <RichTextField id="content" name="content" label="Contenu" value={content} onChange={onContent} invalid={Boolean(errors?.length)} className="min-h-48! font-mono text-xs!" />
      ) : (
        <Textarea id="content" name="content" value={content} onChange={(e) => onContent(e.target.value)} className="min-h-48! font-mono text-xs!" />
      )}
    </Field>
  );
}

function BlockForm({
  item,
  values,
  choices,
  actionData,
  onReload,
  onCancel,
}: {
  item: Block | null;
  /** the values the form starts from: the row edited, or a copy (« Dupliquer ») */
  values: Block | null;
  choices: PageChoices;
  actionData: AdminActionData | undefined;
  onReload: (id: string, staleVersion: string) => void;
  onCancel: () => void;
}) {
  const preview = useFetcher<{ preview: string }>();
  const [type, setType] = useState(values?.type ?? "text");
  const [content, setContent] = useState(values?.content ?? "");
  const initialPage = values?.page ?? "home";
  const [page, setPage] = useState(initialPage);
  const listSpec = item ? listEditorFor(page, item.name) : null;

  // the action rebuilds the JSON of a home list block from its items first: so does the browser
  return (
    <ResourceForm item={item} schema={contentBlockFormSchema} actionData={actionData} prepare={withListItems} conflictFields={BLOCK_CONFLICT_FIELDS} onReload={onReload} onCancel={onCancel}>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Nom*" htmlFor="name" hint="Identifiant unique, ex. home-hero-title">
          <Input id="name" name="name" defaultValue={values?.name ?? ""} />
        </Field>
        <Field label="Titre*" htmlFor="title">
          <Input id="title" name="title" defaultValue={values?.title ?? ""} />
        </Field>
      </div>
      <div className="grid grid-cols-3 gap-3">
        <Field label="Page*" htmlFor="page">
          <select id="page" name="page" value={page} onChange={(e) => setPage(e.target.value)} className={selectClass}>
            {choices.sitePages.map((c) => (
              <option key={c} value={c}>
                {pageName(choices, c)}
              </option>
            ))}
            {choices.adminPages.length > 0 ? (
              <optgroup label="Pages créées">
                {choices.adminPages.map((c) => (
                  <option key={c} value={c}>
                    {pageName(choices, c)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {isDisplayed(choices, initialPage) ? null : (
              <option value={initialPage} disabled>
                {pageName(choices, initialPage)} (affichée nulle part)
              </option>
            )}
          </select>
        </Field>
        <Field label="Type" htmlFor="type">
          <select id="type" name="type" value={type} onChange={(e) => setType(e.target.value)} className={selectClass}>
            {CONTENT_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Position" htmlFor="position">
          <Input id="position" name="position" type="number" defaultValue={values?.position ?? 0} />
        </Field>
      </div>
      <Tabs defaultValue="edit" onValueChange={(v) => v === "preview" && preview.submit({ intent: "preview", content }, { method: "post" })}>
        <TabsList>
          <TabsTrigger value="edit">Édition</TabsTrigger>
          <TabsTrigger value="preview" disabled={type !== "html"}>
            Aperçu
          </TabsTrigger>
        </TabsList>
        <TabsContent value="edit" forceMount className="data-[state=inactive]:hidden">
          <BlockContent type={type} listSpec={listSpec} content={content} onContent={setContent} />
        </TabsContent>
        <TabsContent value="preview">
          <div className="prose-content min-h-24 rounded-xl border border-neutral-200 p-4" dangerouslySetInnerHTML={{ __html: preview.data?.preview ?? "" }} />
        </TabsContent>
      </Tabs>
      <FormError />
    </ResourceForm>
  );
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad && "intent" in ad ? ad : undefined);
  const saveData = ad && "intent" in ad ? ad : undefined;
  const editor = useEditor<Block>(saveData);
  const reload = useConflictReload(loaderData.blocks, editor);
  const item = editor.editing ?? null;
  const f = loaderData.query.filters;
  return (
    <div>
      <PageHeader
        title="Gestion du contenu"
        action={
          <Button onClick={editor.create}>
            <Plus aria-hidden="true" /> Ajouter un bloc
          </Button>
        }
      />
      <ListToolbar
        label="Filtrer les blocs de contenu"
        searchLabel="Rechercher (nom, titre, contenu)"
        query={loaderData.query}
        filters={[
          { name: CONTENT_PAGE_FILTER, label: "Page", all: "Toutes les pages", value: f.contentPage, options: loaderData.pages.map((p) => ({ value: p, label: pageName(loaderData.choices, p) })) },
          { name: "type", label: "Type", all: "Tous", value: f.type, options: CONTENT_TYPE_OPTIONS },
        ]}
      />
      <ResourceTable
        label="Blocs de contenu"
        rows={loaderData.blocks}
        rowId={(b) => b.id}
        rowLabel={(b) => b.name}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucun bloc ne correspond à ces critères." : "Aucun bloc de contenu trouvé"}
        bulk={{ selected: { one: "bloc sélectionné", other: "blocs sélectionnés" }, actions: [{ intent: "bulk-delete", label: "Supprimer", confirm: CONTENT_BULK_MESSAGES.confirm, destructive: true }] }}
        columns={[
          { key: "name", header: "Nom", sort: "name", className: "font-mono text-xs", cell: (b) => <Unbroken>{b.name}</Unbroken> },
          { key: "title", header: "Titre", sort: "title", cell: (b) => b.title },
          {
            key: "page",
            header: "Page",
            sort: "page",
            cell: (b) => (
              <>
                {pageName(loaderData.choices, b.page)}
                {isDisplayed(loaderData.choices, b.page) ? null : (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Affichée nulle part</span>
                )}
              </>
            ),
          },
          { key: "position", header: "Position", cell: (b) => b.position },
          { key: "type", header: "Type", sort: "type", cell: (b) => CONTENT_TYPE_LABELS[b.type as keyof typeof CONTENT_TYPE_LABELS] ?? b.type },
        ]}
        actions={(b) => (
          <RowActions
            label={b.name}
            onEdit={() => editor.edit(b)}
            onDuplicate={() => editor.duplicate(duplicateRow(b, { name: "title", suffixed: ["name"] }))}
            remove={{ id: b.id, confirmText: `Supprimer le bloc "${b.name}" ? ${BIN_NOTICE}` }}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <EditorDialog editor={editor} title={item ? "Modifier le bloc de contenu" : "Ajouter un bloc de contenu"} className="max-w-2xl">
          {editor.open ? <BlockForm key={editorKey(item)} item={item} values={editor.values} choices={loaderData.choices} actionData={saveData} onReload={reload} onCancel={editor.requestClose} /> : null}
      </EditorDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
