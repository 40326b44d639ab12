import { z } from "zod";
import { optionalText, requiredText } from "../admin/form-helpers";
import { optionalImageUrl } from "../admin/image-url";

export const CATEGORY_MESSAGES = {
  name: "Le nom de la catégorie est obligatoire.",
  slug: "Le slug de la catégorie est obligatoire.",
  required: "Champ requis",
} as const;

const slug = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets.");

export const categoryFormSchema = z.object({
  id: z.uuid().optional(),
  name: requiredText(CATEGORY_MESSAGES.name, 80),
  slug: slug(CATEGORY_MESSAGES.slug),
  description: optionalText(1000),
  imageUrl: optionalImageUrl,
});

export { slug as slugField };
