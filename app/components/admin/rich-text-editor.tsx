/**
 * The Tiptap editor behind RichTextField. Imported lazily by rich-text-field.tsx, only from admin
 * routes: Tiptap and ProseMirror never reach the public bundle (scripts/js-budget.mjs).
 * The server sanitises whatever this produces (sanitizeRichHtml); nothing here is trusted.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Redo2, TextQuote, Undo2, type LucideIcon } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { linkHref, RICH_TEXT_ACTIONS, type RichTextActionId } from "./rich-text-actions";

const ICONS: Record<RichTextActionId, LucideIcon> = {
  bold: Bold,
  italic: Italic,
  heading: Heading2,
  bulletList: List,
  orderedList: ListOrdered,
  link: Link2,
  blockquote: TextQuote,
  undo: Undo2,
  redo: Redo2,
};

function run(editor: Editor, id: RichTextActionId) {
  const chain = editor.chain().focus();
  switch (id) {
    case "bold":
      return chain.toggleBold().run();
    case "italic":
      return chain.toggleItalic().run();
    case "heading":
      return chain.toggleHeading({ level: 2 }).run();
    case "bulletList":
      return chain.toggleBulletList().run();
    case "orderedList":
      return chain.toggleOrderedList().run();
    case "blockquote":
      return chain.toggleBlockquote().run();
    case "undo":
      return chain.undo().run();
    case "redo":
      return chain.redo().run();
    case "link": {
      const current = editor.getAttributes("link").href as string | undefined;
      const typed = window.prompt("Adresse du lien (https://…, /page ou mailto:). Laissez vide pour retirer le lien.", current ?? "https://");
      if (typed === null) return false;
      const href = linkHref(typed);
      if (href === "") return chain.extendMarkRange("link").unsetLink().run();
      if (href === null) {
        window.alert("Adresse de lien non valide : elle doit commencer par https://, http://, / ou mailto:.");
        return false;
      }
      return chain.extendMarkRange("link").setLink({ href }).run();
    }
  }
}

export default function RichTextEditor({ html, onChange, label, invalid }: { html: string; onChange: (html: string) => void; label: string; invalid?: boolean }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        // no empty paragraph forced at the end of what is stored
        trailingNode: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
    ],
    content: html,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "prose-content min-h-48 rounded-b-xl border border-t-0 border-neutral-300 bg-white p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            heading: e.isActive("heading", { level: 2 }),
            bulletList: e.isActive("bulletList"),
            orderedList: e.isActive("orderedList"),
            link: e.isActive("link"),
            blockquote: e.isActive("blockquote"),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  return (
    <div data-rich-text-editor={editor ? "ready" : "loading"}>
      <div role="toolbar" aria-label="Mise en forme" className="flex flex-wrap gap-1 rounded-t-xl border border-neutral-300 bg-neutral-50 p-1">
        {RICH_TEXT_ACTIONS.map((a) => {
          const Icon = ICONS[a.id];
          const pressed = a.toggle ? Boolean(active?.[a.id as keyof typeof active]) : undefined;
          const disabled = !editor || (a.id === "undo" && !active?.canUndo) || (a.id === "redo" && !active?.canRedo);
          return (
            <Button
              key={a.id}
              type="button"
              size="icon-sm"
              variant={pressed ? "secondary" : "ghost"}
              aria-label={a.label}
              title={a.label}
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => editor && run(editor, a.id)}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
