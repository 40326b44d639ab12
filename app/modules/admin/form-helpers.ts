import { z } from "zod";

/** Empty optional text becomes null (admin.md §5). */
export const optionalText = (max = 2000) =>
  z
    .string()
    .max(max, `Ce champ ne doit pas dépasser ${max} caractères.`)
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null));

export const requiredText = (message: string, max = 500) =>
  z.string({ message }).trim().min(1, message).max(max, `Ce champ ne doit pas dépasser ${max} caractères.`);

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
