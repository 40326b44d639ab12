import { z } from "zod";
import { plainText } from "#app/modules/admin/form-helpers";
import type { DealStatus } from "./deal-rules";
import { isPublicDealUrl } from "./posting-rules";

/** A member's deal post (« Proposer un deal ») and its moderation: copy and the one schema of the browser and the server. */

export const TITLE_MAX = 140;

/** Where the original price comes from (Omnibus, ADR 038): never an invented RRP. */
export const REFERENCE_PRICE_SOURCES = {
  merchant_strikethrough: "Prix barré annoncé par le marchand",
  lowest_30_days: "Prix le plus bas des 30 derniers jours constaté",
  other_merchant: "Prix constaté chez un autre marchand",
} as const;
export type ReferencePriceSource = keyof typeof REFERENCE_PRICE_SOURCES;
const SOURCE_KEYS = Object.keys(REFERENCE_PRICE_SOURCES) as [ReferencePriceSource, ...ReferencePriceSource[]];

/** The rules a moderator may cite when rejecting or removing a post (DSA art. 17(3)(e)). */
export const MODERATION_RULES = {
  duplicate: "Doublon d'un deal déjà publié",
  not_a_deal: "Pas une bonne affaire (prix habituel ou plus cher ailleurs)",
  misleading: "Prix ou réduction trompeurs",
  self_promotion: "Autopromotion (un marchand publie ses propres offres)",
  referral: "Lien de parrainage ou d'affiliation",
  unreliable_merchant: "Marchand peu fiable",
  illegal: "Contenu illicite",
  other: "Autre règle de publication",
} as const;
export type ModerationRule = keyof typeof MODERATION_RULES;
const RULE_KEYS = Object.keys(MODERATION_RULES) as [ModerationRule, ...ModerationRule[]];

/** What the author reads on their profile. */
export const POST_STATUS_LABELS: Record<DealStatus, string> = {
  pending_review: "En attente de validation",
  published: "Publié",
  rejected: "Refusé",
  removed: "Retiré",
};

export const POSTING_MESSAGES = {
  urlRequired: "Colle le lien du deal (il commence par https://).",
  urlInvalid: "Le lien doit commencer par http:// ou https:// et mener au site d'un vrai marchand.",
  titleRequired: "Donne un titre à ton deal.",
  titleTooLong: `Le titre ne doit pas dépasser ${TITLE_MAX} caractères.`,
  priceRequired: "Indique le prix du deal (par exemple 19,99).",
  priceInvalid: "Le prix doit être un montant en euros, par exemple 19,99.",
  originalPriceInvalid: "Le prix d'origine doit être un montant en euros, par exemple 29,99.",
  originalPriceNotHigher: "Le prix d'origine doit être plus élevé que le prix du deal.",
  referenceSourceRequired: "Indique d'où vient le prix d'origine.",
  codeInvalid: "Le code promo ne peut contenir que des lettres, des chiffres, - et _ (3 à 30 caractères).",
  merchantRequired: "Indique le marchand : nous ne l'avons pas reconnu d'après le lien.",
  merchantTooLong: "Le nom du marchand ne doit pas dépasser 60 caractères.",
  categoryRequired: "Choisis une catégorie.",
  expiresInvalid: "La date de fin doit être une date valide, aujourd'hui ou plus tard.",
  descriptionRequired: "Décris le deal en quelques mots (au moins 20 caractères).",
  descriptionTooLong: "La description ne doit pas dépasser 2 000 caractères.",
  imageInvalid: "L'image doit être un fichier JPG, PNG ou WEBP de 2 Mo maximum.",
  rateLimited: "Tu as proposé beaucoup de deals en peu de temps. Réessaie dans une heure.",
  blocked: "Tu ne peux plus proposer de deals : plusieurs de tes deals ont été refusés pour autopromotion.",
  duplicate: "Ce deal existe déjà ? Vérifie le deal ci-dessous, puis confirme si le tien est différent.",
  pending: "Merci ! Ton deal est en attente de validation : l'équipe de modération le vérifie avant de le publier.",
  published: "Merci ! Ton deal est publié.",
} as const;

export const MODERATION_DEAL_MESSAGES = {
  dealMissing: "Ce deal n'existe pas.",
  notPending: "Ce deal n'est plus en attente de validation.",
  notPublished: "Seul un deal publié peut être retiré.",
  ruleRequired: "Choisissez la règle enfreinte.",
  statementRequired: "Rédigez l'exposé des motifs (au moins 20 caractères) : il est envoyé à l'auteur du deal.",
  statementTooLong: "L'exposé des motifs ne doit pas dépasser 4 000 caractères.",
  editTitle: "Saisissez un titre (140 caractères au plus).",
  editDescription: "Saisissez une description de 20 à 2 000 caractères.",
} as const;

/** "19,99", "19.99 €", "1 299" → cents; null when it does not read as a price. */
export function parsePriceCents(raw: string): number | null {
  const v = raw.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return null;
  return Math.round(Number(v) * 100);
}

/** Cents as the site writes prices: "19,99€" (like the admin deals, so price_cents reads it). */
export const formatPriceCents = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}€`;

const text = (message: string) => z.string({ message }).transform(plainText);
const optional = z
  .string()
  .optional()
  .transform((v) => (v ? plainText(v) : ""));

/** A zod transform: a price typed in euros → cents, or `message`. */
const toCents = (message: string) => (v: string, ctx: z.RefinementCtx) => {
  const cents = parsePriceCents(v);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  }
  return cents;
};

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** An optional promo code: capitals, digits, - and _, 3 to 30 characters. */
const promoCode = optional
  .transform((v) => v.toUpperCase())
  .refine((v) => v === "" || /^[A-Z0-9_-]{3,30}$/.test(v), POSTING_MESSAGES.codeInvalid)
  .transform((v) => v || null);

/** `today` (YYYY-MM-DD, Paris) bounds the end date; the browser passes its own day, the server the request's. */
export const dealPostSchema = (today: string) =>
  z
    .object({
      url: z
        .string({ message: POSTING_MESSAGES.urlRequired })
        .trim()
        .min(1, POSTING_MESSAGES.urlRequired)
        .refine(isPublicDealUrl, POSTING_MESSAGES.urlInvalid),
      title: text(POSTING_MESSAGES.titleRequired).pipe(z.string().min(1, POSTING_MESSAGES.titleRequired).max(TITLE_MAX, POSTING_MESSAGES.titleTooLong)),
      price: z.string({ message: POSTING_MESSAGES.priceRequired }).trim().min(1, POSTING_MESSAGES.priceRequired).transform(toCents(POSTING_MESSAGES.priceInvalid)),
      originalPrice: z
        .string()
        .optional()
        .transform((v, ctx) => (v && v.trim() ? toCents(POSTING_MESSAGES.originalPriceInvalid)(v, ctx) : null)),
      referencePriceSource: z
        .string()
        .optional()
        .transform((v) => (v ? v : null))
        .pipe(z.enum(SOURCE_KEYS, { message: POSTING_MESSAGES.referenceSourceRequired }).nullable()),
      code: promoCode,
      /** free text; left empty when the link's host is a known brand's website (the server picks the brand) */
      merchant: optional.refine((v) => !v || v.length <= 60, POSTING_MESSAGES.merchantTooLong),
      categoryId: z.string({ message: POSTING_MESSAGES.categoryRequired }).trim().pipe(z.uuid(POSTING_MESSAGES.categoryRequired)),
      expiresOn: z
        .string()
        .optional()
        .transform((v) => (v ? v.trim() : ""))
        .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= today), POSTING_MESSAGES.expiresInvalid)
        .transform((v) => v || null),
      description: text(POSTING_MESSAGES.descriptionRequired).pipe(z.string().min(20, POSTING_MESSAGES.descriptionRequired).max(2000, POSTING_MESSAGES.descriptionTooLong)),
      image: z
        .instanceof(File, { message: POSTING_MESSAGES.imageInvalid })
        .optional()
        .refine((f) => !f || f.size <= MAX_IMAGE_BYTES, POSTING_MESSAGES.imageInvalid),
      /** « Publier quand même » after « Ce deal existe déjà ? » */
      confirmDuplicate: z
        .string()
        .optional()
        .transform((v) => v === "on" || v === "true"),
    })
    .superRefine((v, ctx) => {
      if (v.originalPrice !== null && v.originalPrice <= v.price) ctx.addIssue({ code: "custom", path: ["originalPrice"], message: POSTING_MESSAGES.originalPriceNotHigher });
      if (v.originalPrice !== null && !v.referencePriceSource) ctx.addIssue({ code: "custom", path: ["referencePriceSource"], message: POSTING_MESSAGES.referenceSourceRequired });
    });

export type DealPostInput = z.output<ReturnType<typeof dealPostSchema>>;

/** A moderator's statement of reasons (DSA art. 17): 20 to 4,000 characters. */
export const moderationStatement = z
  .string({ message: MODERATION_DEAL_MESSAGES.statementRequired })
  .trim()
  .min(20, MODERATION_DEAL_MESSAGES.statementRequired)
  .max(4000, MODERATION_DEAL_MESSAGES.statementTooLong);
const dealId = z.uuid({ message: MODERATION_DEAL_MESSAGES.dealMissing });
/** The rule broken, one of MODERATION_RULES. */
export const moderationRule = z.enum(RULE_KEYS, { message: MODERATION_DEAL_MESSAGES.ruleRequired });
const rule = moderationRule;

/** The « Deals proposés » queue's intents on /admin/moderation. */
export const dealModerationSchemas = [
  z.object({ intent: z.literal("approve-deal"), dealId }),
  /** a moderator corrects a pending post (title, description, code) before deciding */
  z.object({
    intent: z.literal("edit-deal"),
    dealId,
    title: text(MODERATION_DEAL_MESSAGES.editTitle).pipe(z.string().min(1, MODERATION_DEAL_MESSAGES.editTitle).max(TITLE_MAX, MODERATION_DEAL_MESSAGES.editTitle)),
    description: text(MODERATION_DEAL_MESSAGES.editDescription).pipe(z.string().min(20, MODERATION_DEAL_MESSAGES.editDescription).max(2000, MODERATION_DEAL_MESSAGES.editDescription)),
    code: promoCode,
  }),
  z.object({ intent: z.literal("reject-deal"), dealId, rule, statement: moderationStatement }),
  z.object({ intent: z.literal("remove-deal"), dealId, rule, statement: moderationStatement }),
] as const;
