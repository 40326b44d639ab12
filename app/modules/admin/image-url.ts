import { z } from "zod";

/* Apart from form-helpers.ts so that public forms' bundles do not carry it. */

export const IMAGE_URL_MESSAGE = "L'image doit être une image téléchargée (/uploads/…) ou une adresse https://.";

/** Whether `value` is one of our uploads (/uploads/<name>, as storage.server's publicUrl) or an https URL. */
export function isAcceptedImageUrl(value: string): boolean {
  if (/^\/uploads\/[\w-][\w.-]*$/.test(value)) return !value.includes("..");
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** An optional image: empty becomes null; otherwise an upload of ours or an https URL. */
export const optionalImageUrl = z
  .string()
  .max(2048, IMAGE_URL_MESSAGE)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || isAcceptedImageUrl(v), IMAGE_URL_MESSAGE);
