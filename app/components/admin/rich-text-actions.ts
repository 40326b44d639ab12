/** The rich-text toolbar's actions, in the product spec's order, with their French labels (also the aria-labels). */
export const RICH_TEXT_ACTIONS = [
  { id: "bold", label: "Gras", toggle: true },
  { id: "italic", label: "Italique", toggle: true },
  { id: "heading", label: "Titre", toggle: true },
  { id: "bulletList", label: "Liste à puces", toggle: true },
  { id: "orderedList", label: "Liste numérotée", toggle: true },
  { id: "link", label: "Lien", toggle: true },
  { id: "blockquote", label: "Citation", toggle: true },
  { id: "undo", label: "Annuler la dernière modification", toggle: false },
  { id: "redo", label: "Rétablir la modification", toggle: false },
] as const;

export type RichTextActionId = (typeof RICH_TEXT_ACTIONS)[number]["id"];

/**
 * A typed link target: "" removes the link; null when it is no link the server keeps
 * (sanitizeRichHtml allows http, https, mailto and site-relative addresses).
 */
export function linkHref(typed: string): string | null {
  const value = typed.trim();
  if (!value || value === "https://") return "";
  if (/^(https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i.test(value)) return value;
  return null;
}

/** The elements the editor keeps (StarterKit as configured in rich-text-editor.tsx); anything else would be lost there. */
const EDITOR_TAGS = new Set(["p", "br", "strong", "b", "em", "i", "a", "ul", "ol", "li", "h2", "h3", "blockquote"]);

/**
 * The elements of `html` the editor would drop on the first change (images, tables, spans with a
 * class…), in order of appearance, each once. Such content opens in the « HTML » tab.
 */
export function unsupportedTags(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<([a-z][a-z0-9]*)\b/gi)) {
    const tag = m[1].toLowerCase();
    if (!EDITOR_TAGS.has(tag)) found.add(tag);
  }
  return [...found];
}
