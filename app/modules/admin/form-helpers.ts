import { z } from "zod";

/** Complete tags and comments; a lone "<" (as in "2 tops < 10€" or "A<B") is text, not markup. */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<\/?[a-z][^<>]*>/gi;

/**
 * A plain-text field's cleaned value: markup removed, everything else exactly
 * as typed (no entity escaping: React escapes when it renders). Repeated
 * until stable so that "<<b>script>" does not leave a tag behind.
 */
export function plainText(value: string): string {
  let previous = value;
  for (;;) {
    const next = previous.replace(MARKUP, "");
    if (next === previous) return next.trim();
    previous = next;
  }
}

const tooLong = (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`;

/** Empty optional text is stored as null, as the product spec asks; markup-only text counts as empty. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .max(max, tooLong(max))
    .optional()
    .transform((v) => (v ? plainText(v) || null : null));

/** Required plain text: the check runs on the cleaned value, so markup alone is refused with `message`. */
export const requiredText = (message: string, max = 500) =>
  z.string({ message }).transform(plainText).pipe(z.string({ message }).min(1, message).max(max, tooLong(max)));

export const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** http(s) URL or site-relative path (uploads), optional. */
export const optionalUrl = z
  .string()
  .max(2048)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || /^https?:\/\//i.test(v) || /^\/(?!\/)[\w\-./]*$/.test(v), "L'adresse doit commencer par https:// ou /uploads/.");

export const requiredUrl = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(2048)
    .refine((v) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), "L'adresse doit être une URL complète (https://...).");

export const uuidField = (message: string) => z.string({ message }).trim().min(1, message).pipe(z.uuid(message));
export const optionalUuid = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || /^[0-9a-f-]{36}$/i.test(v), "Identifiant invalide.");

export const idSchema = z.object({ id: z.uuid("Identifiant invalide.") });
