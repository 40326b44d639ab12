/** Markup the html toolbar wraps around the selection (admin.md §2). */
export const TOOLBAR_ACTIONS = [
  { id: "bold", label: "Gras", before: "<strong>", after: "</strong>" },
  { id: "italic", label: "Italique", before: "<em>", after: "</em>" },
  { id: "underline", label: "Souligné", before: "<u>", after: "</u>" },
  { id: "link", label: "Lien", before: '<a href="https://">', after: "</a>" },
  { id: "ol", label: "Liste numérotée", before: "<ol>\n  <li>", after: "</li>\n</ol>" },
  { id: "ul", label: "Liste à puces", before: "<ul>\n  <li>", after: "</li>\n</ul>" },
  { id: "h2", label: "Titre 2", before: "<h2>", after: "</h2>" },
  { id: "quote", label: "Citation", before: "<blockquote>", after: "</blockquote>" },
  { id: "image", label: "Image", before: '<img src="https://', after: '" alt="" />' },
] as const;

/** Wrap [start, end) of `text` with the action's markup; returns the new text and selection. */
export function wrapSelection(text: string, start: number, end: number, actionId: (typeof TOOLBAR_ACTIONS)[number]["id"]) {
  const action = TOOLBAR_ACTIONS.find((a) => a.id === actionId)!;
  const selected = text.slice(start, end);
  const next = text.slice(0, start) + action.before + selected + action.after + text.slice(end);
  return { text: next, selectionStart: start + action.before.length, selectionEnd: start + action.before.length + selected.length };
}
