import { z } from "zod";
import { plainText } from "#app/modules/admin/form-helpers";
import { HOSTING_REGIONS, LEGAL_FIELDS, type LegalIdentity } from "./identity";

const PHONE = /^\+?[0-9][0-9 .()-]{5,28}$/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * A text field of the legal identity: markup removed, spaces collapsed, empty allowed (the dashboard
 * warns). No z.string() after the transform: conform's coercion would turn "" back into undefined.
 */
const text = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => plainText(v ?? "").replace(/\s+/g, " "))
    .refine((v) => v.length <= max, `« ${label} » ne doit pas dépasser ${max} caractères.`);

const field = (name: keyof LegalIdentity) => LEGAL_FIELDS.find((f) => f.name === name)!;
const plain = (name: keyof LegalIdentity) => text(field(name).label, field(name).max);
const phone = (name: keyof LegalIdentity) =>
  plain(name).refine((v) => v === "" || PHONE.test(v), `« ${field(name).label} » doit être un numéro de téléphone (ex. 01 23 45 67 89).`);
const email = (name: keyof LegalIdentity) =>
  plain(name).refine((v) => v === "" || EMAIL.test(v), `« ${field(name).label} » doit être une adresse e-mail.`);

/** The legal identity block of /admin/settings (every field may be left empty). */
export const legalIdentitySchema = z.object({
  publisherName: plain("publisherName"),
  companyForm: plain("companyForm"),
  capital: plain("capital"),
  address: plain("address"),
  registration: plain("registration"),
  phone: phone("phone"),
  email: email("email"),
  publicationDirector: plain("publicationDirector"),
  hostName: plain("hostName"),
  hostAddress: plain("hostAddress"),
  hostPhone: phone("hostPhone"),
  hostingRegion: z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || v in HOSTING_REGIONS, "Le lieu d'hébergement doit être la France ou l'Union européenne."),
  privacyContact: email("privacyContact"),
}) satisfies z.ZodType<LegalIdentity, unknown>;
