import { z } from "zod";
import { CONTENT_TYPES } from "../../../db/constants";

/** Query parameter of the list's site-page filter (`?page=` is the list page). */
export const CONTENT_PAGE_FILTER = "contentPage";

export const CONTENT_FIELD_LABELS = { name: "Nom", title: "Titre", content: "Contenu", page: "Page" } as const;

export const contentBlockFormSchema = z
  .object({
    id: z.uuid().optional(),
    name: z.string().trim().max(120).optional().default(""),
    title: z.string().trim().max(200).optional().default(""),
    content: z.string().max(100_000).optional().default(""),
    type: z.enum(CONTENT_TYPES, { message: "Le type doit être text, html, json ou image." }).catch("text"),
    page: z.string().trim().max(80).optional().default(""),
    customPage: z.string().trim().max(80).optional().default(""),
    position: z.coerce.number({ message: "La position doit être un nombre." }).int("La position doit être un nombre entier.").min(-1000).max(100_000).catch(0),
  })
  .transform((v) => ({ ...v, page: v.page === "custom" ? v.customPage : v.page }))
  .superRefine((v, ctx) => {
    const missing = (Object.keys(CONTENT_FIELD_LABELS) as Array<keyof typeof CONTENT_FIELD_LABELS>).filter((k) => !String(v[k] ?? "").trim());
    if (missing.length) {
      ctx.addIssue({
        code: "custom",
        message: `Veuillez remplir les champs suivants : ${missing.map((k) => CONTENT_FIELD_LABELS[k]).join(", ")}`,
        path: [],
      });
    }
    if (v.page && !/^[a-z0-9][a-z0-9-]*$/.test(v.page)) {
      ctx.addIssue({ code: "custom", message: "Le nom de page ne peut contenir que des lettres minuscules, des chiffres et des tirets.", path: ["page"] });
    }
  });

export function contentPageChoices(conceptSlug: string) {
  return ["home", "about", conceptSlug, "contact", "blog"];
}
