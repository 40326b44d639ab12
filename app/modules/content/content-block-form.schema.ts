import { z } from "zod";
import { CONTENT_TYPES, type ContentType } from "#db/constants";
import { plainText } from "#app/modules/admin/form-helpers";
import { foreignImageSources, HTML_IMAGE_MESSAGE, IMAGE_URL_MESSAGE, isAcceptedImageUrl } from "#app/modules/admin/image-url";
import { jsonBlockErrors } from "./home-defaults";
import { jsonErrorOffset } from "./json-syntax";
import { countOf, pluralForm } from "#app/lib/plural";
import { BIN_NOTICE } from "#app/modules/admin/history";

/** Query parameter of the list's site-page filter (`?page=` is the list page). */
export const CONTENT_PAGE_FILTER = "contentPage";

/** A block's type as the back office names it (the list, its filter and the form). */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = { text: "Texte", html: "HTML", json: "JSON", image: "Image" };

/** The type select's and the type filter's options. */
export const CONTENT_TYPE_OPTIONS = CONTENT_TYPES.map((t) => ({ value: t, label: CONTENT_TYPE_LABELS[t] }));

export const CONTENT_FIELD_LABELS = { name: "Nom", title: "Titre", content: "Contenu", page: "Page" } as const;

export const CONTENT_BULK_MESSAGES = {
  error: "Une erreur est survenue lors de la suppression des blocs de contenu.",
  none: "Aucun des blocs sélectionnés n'existe encore.",
  done: { "bulk-delete": (n: number) => countOf(n, { one: "bloc de contenu supprimé", other: "blocs de contenu supprimés" }) },
  confirm: (n: number) => `Supprimer ${pluralForm(n, { one: "ce bloc de contenu", other: `ces ${n} blocs de contenu` })} ? ${BIN_NOTICE}`,
} as const;

export const contentBlockFormSchema = z
  .object({
    id: z.uuid().optional(),
    name: z.string().max(120).optional().default("").transform(plainText),
    title: z.string().max(200).optional().default("").transform(plainText),
    content: z.string().max(100_000).optional().default(""),
    type: z.enum(CONTENT_TYPES, { message: `Le type doit être ${Object.values(CONTENT_TYPE_LABELS).slice(0, -1).join(", ")} ou ${Object.values(CONTENT_TYPE_LABELS).at(-1)}.` }).catch("text"),
    page: z.string().trim().max(80).optional().default(""),
    customPage: z.string().trim().max(80).optional().default(""),
    position: z.coerce.number({ message: "La position doit être un nombre." }).int("La position doit être un nombre entier.").min(-1000).max(100_000).catch(0),
  })
  // a text block is plain text (markup removed, stored as typed); html is sanitized on the server
  .transform((v) => ({ ...v, page: v.page === "custom" ? v.customPage : v.page, content: v.type === "text" ? plainText(v.content) : v.content }))
  .superRefine((v, ctx) => {
    const missing = (Object.keys(CONTENT_FIELD_LABELS) as Array<keyof typeof CONTENT_FIELD_LABELS>).filter((k) => !String(v[k] ?? "").trim());
    if (missing.length) {
      ctx.addIssue({
        code: "custom",
        message: `Veuillez remplir les champs suivants : ${missing.map((k) => CONTENT_FIELD_LABELS[k]).join(", ")}`,
        path: [],
      });
    }
    if (v.type === "json" && v.content.trim()) {
      const error = jsonSyntaxError(v.content);
      if (error) ctx.addIssue({ code: "custom", message: error, path: ["content"] });
      // a home JSON block must fit its own shape (stats, steps, testimonials)
      else if (v.page === "home") for (const message of jsonBlockErrors(v.name, v.content)) ctx.addIssue({ code: "custom", message, path: ["content"] });
    }
    // images are ours (uploads), the only ones the CSP lets a page show
    if (v.type === "image" && v.content.trim() && !isAcceptedImageUrl(v.content.trim())) ctx.addIssue({ code: "custom", message: IMAGE_URL_MESSAGE, path: ["content"] });
    if (v.type === "html" && foreignImageSources(v.content).length) ctx.addIssue({ code: "custom", message: HTML_IMAGE_MESSAGE, path: ["content"] });
    if (v.type === "json" && v.page && v.page !== "home") {
      ctx.addIssue({ code: "custom", message: `Le type ${CONTENT_TYPE_LABELS.json} n'est affiché que sur la page ${contentPageLabel("home")}.`, path: ["type"] });
    }
    if (v.page && !/^[a-z0-9][a-z0-9-]*$/.test(v.page)) {
      ctx.addIssue({ code: "custom", message: "Le nom de page ne peut contenir que des lettres minuscules, des chiffres et des tirets.", path: ["page"] });
    }
  });

const JSON_INVALID = "Le contenu n'est pas un JSON valide";

/**
 * null when `text` is valid JSON, else a French message with the line and
 * column of the first error (ADR 006: the spec only hints at JSON; the issue asks
 * for it to be checked).
 */
export function jsonSyntaxError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    const offset = jsonErrorOffset(text);
    if (offset === null || offset < 0) return `${JSON_INVALID}.`;
    if (offset >= text.trimEnd().length) return `${JSON_INVALID} : il s'arrête avant la fin (crochet, accolade ou guillemet non fermé).`;
    const lines = text.slice(0, offset).split("\n");
    return `${JSON_INVALID} : erreur à la ligne ${lines.length}, colonne ${lines[lines.length - 1].length + 1}.`;
  }
}

/**
 * The site pages that display content blocks (the product spec's list without "contact", which
 * has no page: ADR 006). Pages created in "Pages" display theirs too, on /{slug}.
 */
export function contentPageChoices(conceptSlug: string) {
  return ["home", "about", conceptSlug, "blog"];
}

/** The fixed site pages' names, as the site's own links name them. */
const SITE_PAGE_LABELS: Record<string, string> = { home: "Accueil", about: "À propos", blog: "Blog" };

/**
 * A block page as the back office names it: « Accueil », « À propos », « Blog », the concept
 * page as the footer links it (« Pourquoi Crevarde ? »); a page created in « Pages » by its slug.
 */
export function contentPageLabel(page: string, concept?: { slug: string; siteName: string }): string {
  if (concept && page === concept.slug) return `Pourquoi ${concept.siteName} ?`;
  return Object.hasOwn(SITE_PAGE_LABELS, page) ? SITE_PAGE_LABELS[page]! : page;
}
