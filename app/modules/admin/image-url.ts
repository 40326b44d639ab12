import { z } from "zod";

/*
 * Apart from form-helpers.ts so that public forms' bundles do not carry it.
 *
 * Images are ours: an uploaded file (checked by content, re-encoded, served from /uploads/
 * under the CSP's `img-src 'self'`). An address on another site would be blocked by that
 * CSP, could change or vanish under us, and would hand every visitor's address to a third
 * party: it is refused with a message that says to upload the image instead.
 */

export const IMAGE_URL_MESSAGE = "L'image doit être téléchargée sur le site (/uploads/…) : les images d'autres sites ne s'affichent pas.";
export const HTML_IMAGE_MESSAGE = "Les images du contenu doivent être téléchargées sur le site (/uploads/…) : les images d'autres sites ne s'affichent pas.";

/** Whether `value` is one of our uploads (/uploads/<name>, as storage.server's publicUrl). */
export function isAcceptedImageUrl(value: string): boolean {
  return /^\/uploads\/[\w-][\w.-]*$/.test(value) && !value.includes("..");
}

/** The `src` of each `<img>` in `html` that points at another site (absolute or protocol-relative). */
export function foreignImageSources(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const src = (m[1] ?? m[2] ?? m[3] ?? "").trim();
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|\\\\)/i.test(src)) out.push(src);
  }
  return out;
}

/** An optional image: empty becomes null; otherwise one of our uploads. */
export const optionalImageUrl = z
  .string()
  .max(2048, IMAGE_URL_MESSAGE)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || isAcceptedImageUrl(v), IMAGE_URL_MESSAGE);
