import { lazy, Suspense, useEffect, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs";
import { Textarea } from "#app/components/ui/textarea";
import { unsupportedTags } from "./rich-text-actions";

// Tiptap is loaded on demand, from admin routes only (never in the public bundle).
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * An HTML field with two tabs, « Éditeur » (Tiptap, loaded lazily) and « HTML » (the raw markup).
 * The form always submits the `name` textarea, so without JavaScript (server render) the plain
 * textarea is shown and still submits. The server sanitises on save: the client is never trusted.
 * Controlled when `value`/`onChange` are given, else starts from `defaultValue`.
 */
export function RichTextField({
  id,
  name,
  label,
  defaultValue = "",
  value,
  onChange,
  invalid,
  className,
}: {
  id: string;
  name: string;
  /** the editor's accessible name (the Field's label) */
  label: string;
  defaultValue?: string;
  value?: string;
  onChange?: (html: string) => void;
  invalid?: boolean;
  className?: string;
}) {
  const [own, setOwn] = useState(defaultValue);
  const html = value ?? own;
  const setHtml = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // content the editor would lose (images, tables, highlighted spans…) opens as HTML
  const [tab, setTab] = useState(() => (unsupportedTags(html).length ? "html" : "editor"));
  const dropped = unsupportedTags(html);
  const textarea = (
    <Textarea
      id={id}
      name={name}
      value={html}
      onChange={(e) => setHtml(e.target.value)}
      aria-invalid={invalid || undefined}
      className={className ?? "min-h-64! font-mono text-xs!"}
    />
  );
  if (!hydrated) return textarea;
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList className="w-auto!" aria-label="Mode d'édition">
        <TabsTrigger value="editor">Éditeur</TabsTrigger>
        <TabsTrigger value="html">HTML</TabsTrigger>
      </TabsList>
      <TabsContent value="editor" className="mt-2!">
        {dropped.length ? (
          <p className="mb-2 rounded-xl bg-amber-50 p-2 text-sm text-amber-900" role="status">
            L'éditeur ne sait pas garder certains éléments de ce contenu ({dropped.map((t) => `<${t}>`).join(", ")}) : modifiez-le dans l'onglet « HTML » pour les conserver.
          </p>
        ) : null}
        <Suspense fallback={<p className="rounded-xl border border-neutral-200 p-3 text-sm text-neutral-500">Chargement de l'éditeur…</p>}>
          <RichTextEditor html={html} onChange={setHtml} label={label} invalid={invalid} />
        </Suspense>
      </TabsContent>
      {/* always mounted: the textarea is what the form submits */}
      <TabsContent value="html" forceMount className="mt-2! data-[state=inactive]:hidden">
        {textarea}
      </TabsContent>
    </Tabs>
  );
}
