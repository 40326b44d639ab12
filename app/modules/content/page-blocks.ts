/** Content blocks shown on site pages other than home (client-safe part). */

/** A block as a page displays it: html already sanitized, image content a URL. */
export interface DisplayedBlock {
  id: string;
  name: string;
  title: string;
  type: "text" | "html" | "image";
  content: string;
}

/** An image block's URL is displayed only when it is a site path or an http(s) address. */
export function isDisplayableImageUrl(url: string): boolean {
  return /^(\/(?!\/)|https?:\/\/)\S+$/i.test(url.trim());
}

/** Refused when a block is saved for a page that displays no blocks. */
export function pageWithoutBlocksMessage(choices: string[]): string {
  return `Cette page n'affiche pas de blocs de contenu. Choisissez ${choices.join(", ")} ou le slug d'une page créée dans « Pages ».`;
}
