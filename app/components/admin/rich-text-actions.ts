/** The rich-text toolbar's actions (admin.md §2), in order, with their French labels (also the aria-labels). */
export const RICH_TEXT_ACTIONS = [
  { id: "bold", label: "Gras", toggle: true },
  { id: "italic", label: "Italique", toggle: true },
  { id: "heading", label: "Titre", toggle: true },
  { id: "bulletList", label: "Liste à puces", toggle: true },
  { id: "orderedList", label: "Liste numérotée", toggle: true },
  { id: "link", label: "Lien", toggle: true },
  { id: "blockquote", label: "Citation", toggle: true },
  { id: "undo", label: "Annuler", toggle: false },
  { id: "redo", label: "Rétablir", toggle: false },
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
