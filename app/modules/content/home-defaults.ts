/**
 * Default home content blocks (the product spec's list). Used by the seed, by the admin
 * "initialise content" card, and as fallbacks when a block is missing or
 * malformed. Client-importable: no server imports.
 */
import { z } from "zod";
import type { ContentType } from "#db/constants";
import { pluralForm } from "#app/lib/plural";

export interface ContentBlockDefault {
  page: string;
  name: string;
  title: string;
  content: string;
  type: ContentType;
  position: number;
}

/** A hero figure; counted in the database (hero-figures.ts), no longer a content block. */
export interface Stat {
  label: string;
  value: string;
}
export interface Step {
  icon: "Mouse" | "ShoppingCart" | "Heart" | "CreditCard";
  title: string;
  description: string;
}
export interface Testimonial {
  id: string;
  content: string;
  author: string;
  rating: number;
}

export const DEFAULT_STEPS: Step[] = [
  { icon: "Mouse", title: "Tu cliques", description: "Tu choisis ton code promo ou ton deal et tu cliques pour aller sur le site de la marque." },
  { icon: "ShoppingCart", title: "Tu shootes", description: "Tu remplis ton panier comme d'habitude et tu appliques ton code au moment de payer." },
  { icon: "Heart", title: "Tu kiffes", description: "Tu reçois tes produits préférés en ayant payé moins cher que tout le monde." },
  { icon: "CreditCard", title: "Tu récupères", description: "Ton cashback s'accumule et il est versé sur ton compte bancaire dès 10€ cumulés." },
];

/**
 * Step 4 once cashback is launched (issue #12 item 8): the spec's "Tu
 * récupères" copy promises a payout; live, it says where the cashback shows
 * and when it is paid.
 */
export const LIVE_CASHBACK_STEP: Step = {
  icon: "CreditCard",
  title: "Tu récupères",
  description:
    "Ton achat apparaît dans « Mon cashback » dès que la marque nous le signale, puis ton cashback est validé et versé sur ton compte bancaire dès 10€ cumulés.",
};

/** Step 4 before the launch (issue #34 item 4): the spec's present tense would promise a cashback nobody earns yet. */
export const SOON_CASHBACK_STEP: Step = {
  icon: "CreditCard",
  title: "Tu récupères",
  description: "Dès le lancement du cashback, une partie de tes achats s'accumulera et sera versée sur ton compte bancaire dès 10€ cumulés.",
};

/**
 * The home steps as shown: step 4 describes the cashback of the current state
 * (live, or to come), unless an admin has rewritten the spec's step 4 (their words win).
 */
export function stepsForLaunch(steps: Step[], launched: boolean): Step[] {
  if (steps.length < 4) return steps;
  const spec = DEFAULT_STEPS[3];
  if (steps[3].title !== spec.title || steps[3].description !== spec.description) return steps;
  return steps.map((s, i) => (i === 3 ? { ...(launched ? LIVE_CASHBACK_STEP : SOON_CASHBACK_STEP), icon: s.icon } : s));
}

export const DEFAULT_TESTIMONIALS: Testimonial[] = [
  { id: "t1", content: "J'ai économisé plus de 80€ sur ma routine skincare en trois mois. Les codes marchent vraiment, c'est devenu mon réflexe avant chaque commande.", author: "Léa, 27 ans, Lyon", rating: 5 },
  { id: "t2", content: "Le Coup de Crevarde du matin, c'est mon petit rituel avec le café. Les avis sans filtre sur la qualité m'ont évité pas mal d'arnaques.", author: "Sarah, 34 ans, Lille", rating: 5 },
  { id: "t3", content: "Enfin un site qui parle de bons plans beauté sans me prendre de haut. J'ai trouvé mes dupes préférés grâce au blog.", author: "Inès, 22 ans, Bordeaux", rating: 5 },
];

export const HERO_TITLE_DEFAULT = 'Économise sur tes marques <span class="highlight">beauté préférées</span>';
/**
 * The hero subtitle written for both states of `cashback_launched` (issue #34 item 4): the seeded block holds the
 * pre-launch text; while it is one of the texts below (an admin has not rewritten it), the home page shows the one
 * of the current state (heroSubtitleForLaunch).
 */
export const HERO_SUBTITLE_BY_LAUNCH = {
  soon: "Codes promo vérifiés et deals du jour sur tes marques partenaires, en attendant le cashback. Rejoins la communauté qui ne paie jamais le prix fort.",
  live: "Codes promo vérifiés, deals du jour et cashback sur tes marques partenaires. Rejoins la communauté qui ne paie jamais le prix fort.",
} as const;
export const HERO_SUBTITLE_DEFAULT = HERO_SUBTITLE_BY_LAUNCH.soon;

/**
 * Home texts seeded by earlier versions, read as today's default when a block still holds them (no data migration:
 * a block an admin rewrote is left alone). Issue #34 item 12 reworded the texts that named members as women only, and item 4
 * the « bientôt du cashback » subtitle.
 */
const EARLIER_DEFAULTS: Record<string, string> = {
  "Codes promo vérifiés, deals du jour et bientôt du cashback sur tes marques partenaires. Rejoins les crevardes qui ne paient jamais le prix fort.": // copy-lint: earlier text
    HERO_SUBTITLE_DEFAULT,
  "Elles sont devenues crevardes": "Nos membres ont sauté le pas", // copy-lint: earlier text
  "Rejoins les crevardes qui économisent chaque mois.": "Rejoins la communauté qui économise chaque mois.", // copy-lint: earlier text
};

/** A home text block as shown: an earlier seeded text reads as today's default. */
export function currentDefault(text: string): string {
  return EARLIER_DEFAULTS[text] ?? text;
}

/** The hero subtitle as shown: a default text follows the launch; an admin's own text is shown as written. */
export function heroSubtitleForLaunch(stored: string, launched: boolean): string {
  const text = currentDefault(stored);
  if (text !== HERO_SUBTITLE_BY_LAUNCH.soon && text !== HERO_SUBTITLE_BY_LAUNCH.live) return text;
  return launched ? HERO_SUBTITLE_BY_LAUNCH.live : HERO_SUBTITLE_BY_LAUNCH.soon;
}

export const HOME_BLOCK_DEFAULTS: ContentBlockDefault[] = [
  { page: "home", name: "hero", title: "Titre du hero", content: HERO_TITLE_DEFAULT, type: "html", position: 0 },
  // No "stats" block (the product spec lists one): the hero's figures are counted in the database (issue #11, ADR 006).
  // Addition to the product spec's list: the hero subtitle is a block of its own.
  { page: "home", name: "hero-subtitle", title: "Sous-titre du hero", content: HERO_SUBTITLE_DEFAULT, type: "text", position: 3 },
  { page: "home", name: "how-it-works-title", title: "Titre « Comment ça marche »", content: "Comment ça marche ?", type: "text", position: 10 },
  { page: "home", name: "how-it-works-description", title: "Description « Comment ça marche »", content: "Économiser n'a jamais été aussi simple : quatre étapes et c'est plié.", type: "text", position: 11 },
  { page: "home", name: "how-it-works-steps", title: "Étapes « Comment ça marche »", content: JSON.stringify(DEFAULT_STEPS), type: "json", position: 12 },
  { page: "home", name: "how-it-works-disclaimer", title: "Mention « Comment ça marche »", content: "Les délais de validation du cashback varient selon les marques (généralement 30 à 90 jours après l'achat).", type: "text", position: 13 },
  { page: "home", name: "testimonials-title", title: "Titre des témoignages", content: "Nos membres ont sauté le pas", type: "text", position: 20 },
  { page: "home", name: "testimonials-description", title: "Description des témoignages", content: "Ce que nos membres disent de leurs économies.", type: "text", position: 21 },
  { page: "home", name: "testimonials-list", title: "Liste des témoignages", content: JSON.stringify(DEFAULT_TESTIMONIALS), type: "json", position: 22 },
  { page: "home", name: "testimonials-footer", title: "Pied des témoignages", content: "Rejoins la communauté qui économise chaque mois.", type: "text", position: 23 },
];

type Parsed<T> = { value: T; fellBack: boolean };

/*
 * The shape of each home JSON block, one zod schema per block name. The admin
 * form refuses content that does not fit (field-level French messages) and
 * the home page reads the blocks through the same schemas, falling back to
 * the defaults only for rows written before this check existed.
 */

/** Issue messages are codes; jsonBlockErrors() turns them into sentences with the element and the field. */
const REQUIRED = "required";
const TEXT = "text";
const NUMBER = "number";
const text = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : TEXT) })
    .refine((v) => v.trim().length > 0, REQUIRED);
const list = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: "list" }).min(1, "empty");

const ICON_NAMES = ["Mouse", "ShoppingCart", "Heart", "CreditCard"] as const;

export const stepsBlockSchema = list(
  z.strictObject(
    {
      icon: z.enum(ICON_NAMES, { error: (iss) => (iss.input === undefined ? REQUIRED : "icon") }),
      title: text(),
      description: text(),
    },
    { error: "item" },
  ),
);
export const testimonialsBlockSchema = list(
  z.strictObject(
    {
      // admins may type numeric ids in the JSON editor
      id: z.union([text(), z.number({ error: TEXT })], { error: (iss) => (iss.input === undefined ? REQUIRED : TEXT) }).transform(String),
      content: text(),
      author: text(),
      rating: z.number({ error: (iss) => (iss.input === undefined ? REQUIRED : NUMBER) }).min(0, "rating").max(5, "rating"),
    },
    { error: "item" },
  ),
);

/** The home JSON blocks whose shape is checked, by block name (page home). */
export const HOME_JSON_BLOCK_SCHEMAS: Record<string, z.ZodType> = {
  "how-it-works-steps": stepsBlockSchema,
  "testimonials-list": testimonialsBlockSchema,
};

const FIELD_MESSAGES: Record<string, (field: string) => string> = {
  [REQUIRED]: (f) => `le champ « ${f} » est obligatoire.`,
  [TEXT]: (f) => `le champ « ${f} » doit être un texte.`,
  [NUMBER]: (f) => `le champ « ${f} » doit être un nombre.`,
  icon: (f) => `le champ « ${f} » doit valoir ${ICON_NAMES.join(", ")}.`,
  rating: (f) => `le champ « ${f} » doit être compris entre 0 et 5.`,
};

/**
 * French, field-level messages for a home JSON block's content ("Élément 2 :
 * le champ « value » est obligatoire."); empty when it fits its block's
 * shape, or when the block has no declared shape. `content` is valid JSON.
 */
export function jsonBlockErrors(name: string, content: string): string[] {
  const schema = HOME_JSON_BLOCK_SCHEMAS[name];
  if (!schema) return [];
  const result = schema.safeParse(JSON.parse(content));
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const [index, field] = issue.path;
    if (index === undefined) return issue.message === "empty" ? "La liste doit contenir au moins un élément." : "Le contenu doit être une liste JSON ([ … ]).";
    const element = `Élément ${Number(index) + 1} :`;
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.map((k) => `« ${k} »`).join(", ");
      return `${element} ${pluralForm(issue.keys.length, { one: `le champ ${keys} n'est pas reconnu.`, other: `les champs ${keys} ne sont pas reconnus.` })}`;
    }
    if (field === undefined) return `${element} chaque élément doit être un objet ({ … }).`;
    return `${element} ${(FIELD_MESSAGES[issue.message] ?? FIELD_MESSAGES[TEXT])(String(field))}`;
  });
}

function parseBlock<T>(content: string | undefined | null, fallback: T[], schema: z.ZodType<T[]>): Parsed<T[]> {
  if (!content) return { value: fallback, fellBack: true };
  try {
    const parsed = schema.safeParse(JSON.parse(content));
    if (parsed.success) return { value: parsed.data, fellBack: false };
  } catch {
    // malformed JSON: fall back
  }
  return { value: fallback, fellBack: true };
}

export function parseSteps(content: string | undefined | null): Parsed<Step[]> {
  return parseBlock(content, DEFAULT_STEPS, stepsBlockSchema);
}

export function parseTestimonials(content: string | undefined | null): Parsed<Testimonial[]> {
  return parseBlock(content, DEFAULT_TESTIMONIALS, testimonialsBlockSchema);
}
