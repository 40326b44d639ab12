/**
 * Default home content blocks (admin.md §3). Used by the seed, by the admin
 * "initialise content" card, and as fallbacks when a block is missing or
 * malformed. Client-importable: no server imports.
 */
import type { ContentType } from "../../../db/constants";

export interface ContentBlockDefault {
  page: string;
  name: string;
  title: string;
  content: string;
  type: ContentType;
  position: number;
}

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

export const HERO_FALLBACK_STATS: Stat[] = [
  { label: "Économie moyenne par membre", value: "143€" },
  { label: "Deals vérifiés", value: "+3500" },
  { label: "Cashback moyen", value: "+62%" },
];

export const DEFAULT_STEPS: Step[] = [
  { icon: "Mouse", title: "Tu cliques", description: "Tu choisis ton code promo ou ton deal et tu cliques pour aller sur le site de la marque." },
  { icon: "ShoppingCart", title: "Tu shootes", description: "Tu remplis ton panier comme d'habitude et tu appliques ton code au moment de payer." },
  { icon: "Heart", title: "Tu kiffes", description: "Tu reçois tes produits préférés en ayant payé moins cher que tout le monde." },
  { icon: "CreditCard", title: "Tu récupères", description: "Ton cashback s'accumule et il est versé sur ton compte bancaire dès 10€ cumulés." },
];

export const DEFAULT_TESTIMONIALS: Testimonial[] = [
  { id: "t1", content: "J'ai économisé plus de 80€ sur ma routine skincare en trois mois. Les codes marchent vraiment, c'est devenu mon réflexe avant chaque commande.", author: "Léa, 27 ans, Lyon", rating: 5 },
  { id: "t2", content: "Le Coup de Crevarde du matin, c'est mon petit rituel avec le café. Les avis sans filtre sur la qualité m'ont évité pas mal d'arnaques.", author: "Sarah, 34 ans, Lille", rating: 5 },
  { id: "t3", content: "Enfin un site qui parle de bons plans beauté sans me prendre de haut. J'ai trouvé mes dupes préférés grâce au blog.", author: "Inès, 22 ans, Bordeaux", rating: 5 },
];

export const HERO_TITLE_DEFAULT = 'Économise sur tes marques <span class="highlight">beauté préférées</span>';
export const HERO_SUBTITLE_DEFAULT =
  "Codes promo vérifiés, deals du jour et bientôt du cashback sur plus de 29 marques partenaires. Rejoins les crevardes qui ne paient jamais le prix fort.";

export const HOME_BLOCK_DEFAULTS: ContentBlockDefault[] = [
  { page: "home", name: "hero", title: "Titre du hero", content: HERO_TITLE_DEFAULT, type: "html", position: 0 },
  { page: "home", name: "stats", title: "Statistiques du hero", content: JSON.stringify(HERO_FALLBACK_STATS), type: "json", position: 1 },
  // Addition to admin.md §3 (not in its list): the hero subtitle is a block of its own.
  { page: "home", name: "hero-subtitle", title: "Sous-titre du hero", content: HERO_SUBTITLE_DEFAULT, type: "text", position: 3 },
  { page: "home", name: "how-it-works-title", title: "Titre « Comment ça marche »", content: "Comment ça marche ?", type: "text", position: 10 },
  { page: "home", name: "how-it-works-description", title: "Description « Comment ça marche »", content: "Économiser n'a jamais été aussi simple : quatre étapes et c'est plié.", type: "text", position: 11 },
  { page: "home", name: "how-it-works-steps", title: "Étapes « Comment ça marche »", content: JSON.stringify(DEFAULT_STEPS), type: "json", position: 12 },
  { page: "home", name: "how-it-works-disclaimer", title: "Mention « Comment ça marche »", content: "Les délais de validation du cashback varient selon les marques (généralement 30 à 90 jours après l'achat).", type: "text", position: 13 },
  { page: "home", name: "testimonials-title", title: "Titre des témoignages", content: "Elles sont devenues crevardes", type: "text", position: 20 },
  { page: "home", name: "testimonials-description", title: "Description des témoignages", content: "Ce que nos membres disent de leurs économies.", type: "text", position: 21 },
  { page: "home", name: "testimonials-list", title: "Liste des témoignages", content: JSON.stringify(DEFAULT_TESTIMONIALS), type: "json", position: 22 },
  { page: "home", name: "testimonials-footer", title: "Pied des témoignages", content: "Rejoins plus de 10 000 membres qui économisent chaque mois.", type: "text", position: 23 },
];

type Parsed<T> = { value: T; fellBack: boolean };

function parseArray<T>(content: string | undefined | null, fallback: T[], isItem: (v: unknown) => v is T): Parsed<T[]> {
  if (!content) return { value: fallback, fellBack: true };
  try {
    const parsed: unknown = JSON.parse(content);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isItem)) return { value: parsed, fellBack: false };
  } catch {
    // malformed JSON: fall back
  }
  return { value: fallback, fellBack: true };
}

const isString = (v: unknown): v is string => typeof v === "string";
const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const ICONS = new Set(["Mouse", "ShoppingCart", "Heart", "CreditCard"]);

export function parseStats(content: string | undefined | null): Parsed<Stat[]> {
  return parseArray(content, HERO_FALLBACK_STATS, (v): v is Stat => obj(v) && isString(v.label) && isString(v.value));
}

export function parseSteps(content: string | undefined | null): Parsed<Step[]> {
  return parseArray(
    content,
    DEFAULT_STEPS,
    (v): v is Step => obj(v) && isString(v.icon) && ICONS.has(v.icon) && isString(v.title) && isString(v.description),
  );
}

export function parseTestimonials(content: string | undefined | null): Parsed<Testimonial[]> {
  const result = parseArray(
    content,
    DEFAULT_TESTIMONIALS,
    (v): v is Testimonial =>
      obj(v) &&
      (isString(v.id) || typeof v.id === "number") &&
      isString(v.content) &&
      isString(v.author) &&
      typeof v.rating === "number" &&
      v.rating >= 0 &&
      v.rating <= 5,
  );
  if (result.fellBack) return result;
  // admins may type numeric ids in the JSON editor
  return { value: result.value.map((t) => ({ ...t, id: String(t.id) })), fellBack: false };
}
