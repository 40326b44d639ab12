import { addDays } from "date-fns/addDays";
import { formatParis } from "#app/modules/settings/paris-time";

/**
 * /admin/historique (issue #37 item 2, ADR 044): the journal as French sentences, with a field-by-field
 * diff, and the bin. Pure: the loader computes these texts, the page shows them.
 */

/** How long a deleted row stays in the bin before the daily purge. */
export const BIN_DAYS = 30;

/** What a delete's confirmation says: the row goes to the bin, not away. */
export const BIN_NOTICE = `Restaurable pendant ${BIN_DAYS} jours depuis la corbeille de l'historique.`;

/** When a bin entry deleted at `deletedAt` is purged. */
export const binPurgeDate = (deletedAt: Date): Date => addDays(deletedAt, BIN_DAYS);

type Row = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
const quoted = (v: unknown): string | null => (str(v) ? `« ${str(v)} »` : null);

/** Each kind of entry the history names in words: its filter label, its noun with article, and the row's human label. */
const KINDS: Record<string, { filter: string; noun: string; label: (row: Row) => string | null; brand?: boolean }> = {
  promo_code: { filter: "Codes promo", noun: "le code promo", label: (r) => str(r.code), brand: true },
  offer: { filter: "Offres", noun: "l'offre", label: (r) => quoted(r.name), brand: true },
  brand: { filter: "Marques", noun: "la marque", label: (r) => str(r.name) },
  deal: { filter: "Coups de Crevarde", noun: "le deal", label: (r) => quoted(r.title) },
  category: { filter: "Catégories", noun: "la catégorie", label: (r) => str(r.name) },
  page: { filter: "Pages", noun: "la page", label: (r) => quoted(r.title) },
  blog_article: { filter: "Articles du blog", noun: "l'article", label: (r) => quoted(r.title) },
  content_block: { filter: "Blocs de contenu", noun: "le bloc de contenu", label: (r) => str(r.name) },
  help_article: { filter: "Articles d'aide", noun: "l'article d'aide", label: (r) => quoted(r.title) },
  upload: { filter: "Images", noun: "l'image", label: (r) => str(r.filename) ?? str(r.name) },
  price_observations: { filter: "Historique des prix", noun: "l'historique des prix", label: (r) => str(r.productKey) ?? str(r.file) },
  user: { filter: "Comptes", noun: "le compte", label: (r) => str(r.email) ?? str(r.name) },
  settings: { filter: "Paramètres", noun: "les paramètres", label: () => "" },
  conversion: { filter: "Conversions", noun: "la conversion", label: (r) => str(r.orderRef) ?? str(r.externalId) },
  payout: { filter: "Paiements", noun: "le paiement", label: () => null },
  payout_batch: { filter: "Lots de paiements", noun: "le lot de paiements", label: () => null },
  cashback_claims: { filter: "Réclamations", noun: "la réclamation", label: () => null },
  cashback_claims_export: { filter: "Exports de réclamations", noun: "l'export de réclamations", label: () => null },
  affiliate_program: { filter: "Programmes", noun: "le programme", label: (r) => str(r.name) },
  program_rate: { filter: "Taux des programmes", noun: "le taux", label: () => null },
  network_payments: { filter: "Paiements des réseaux", noun: "le paiement du réseau", label: () => null },
  network_push_secret: { filter: "Secrets des réseaux", noun: "le secret du réseau", label: (r) => str(r.network) },
  ledger_accounts: { filter: "Comptes du grand livre", noun: "le compte du grand livre", label: () => null },
  referral: { filter: "Parrainages", noun: "le parrainage", label: () => null },
  iban_share_override: { filter: "IBAN partagés", noun: "l'autorisation d'IBAN partagé", label: () => null },
  welcome_bonus: { filter: "Bonus de bienvenue", noun: "le bonus de bienvenue", label: () => null },
  crevarde_deals: { filter: "Deals de la communauté", noun: "le deal", label: (r) => quoted(r.title) },
  "deal-expiry": { filter: "Expiration des deals", noun: "l'expiration du deal", label: (r) => quoted(r.title) },
  deal_appeals: { filter: "Recours", noun: "le recours", label: () => null },
  deal_comments: { filter: "Commentaires", noun: "le commentaire", label: () => null },
  content_reports: { filter: "Signalements", noun: "le signalement", label: () => null },
  content_notices: { filter: "Notifications DSA", noun: "la notification DSA", label: () => null },
  user_block: { filter: "Blocages", noun: "le blocage", label: () => null },
  contact_messages: { filter: "Messages de contact", noun: "le message de contact", label: (r) => str(r.subject) },
};

/** The kinds whose « Restaurer cette version » the history offers: one row of one table, edited through a versioned form. */
const RESTORABLE_KINDS = ["promo_code", "offer", "brand", "deal", "category", "page", "blog_article", "content_block", "help_article"] as const;
export type RestorableKind = (typeof RESTORABLE_KINDS)[number];
export const isRestorableKind = (kind: string): kind is RestorableKind => (RESTORABLE_KINDS as readonly string[]).includes(kind);

/** The label of a kind in the « Type » filter. */
export const kindLabel = (kind: string): string => KINDS[kind]?.filter ?? kind.replace(/[_-]/g, " ");

/** The row's human label (its code, name or title), with its brand's name for a code or an offer: « NUXE20 (Nuxe) ». */
export function entryLabel(kind: string, row: Row | null, brandName?: string | null): string | null {
  const spec = KINDS[kind];
  if (!spec || !row) return null;
  const label = spec.label(row);
  if (label === null) return null;
  return spec.brand && brandName ? `${label} (${brandName})` : label;
}

const VERBS: Record<string, string> = { create: "a créé", update: "a modifié", delete: "a supprimé", restore: "a restauré" };

/** « Camille a modifié le code promo NUXE20 (Nuxe) »: who, what they did, and to which row. */
export function historySentence(entry: { who: string; action: string; entity: string; entityId: string | null; label: string | null }): string {
  const verb = VERBS[entry.action] ?? `a fait « ${entry.action} » sur`;
  const noun = KINDS[entry.entity]?.noun ?? kindLabel(entry.entity);
  const target = entry.label ?? (entry.entityId ? entry.entityId.slice(0, 8) : "");
  return `${entry.who} ${verb} ${noun}${target ? ` ${target}` : ""}`.trim();
}

/** Fields the diff never shows: keys, bookkeeping and what the database computes. */
const HIDDEN_FIELDS = new Set(["id", "createdAt", "updatedAt", "search", "priceCents", "hotScore", "brandName", "commentsCount", "temperature", "hotSince"]);

const FIELD_LABELS: Record<string, string> = {
  code: "Code",
  discountAmount: "Réduction",
  description: "Description",
  categoryId: "Catégorie",
  brandId: "Marque",
  url: "Lien",
  isFeatured: "En avant",
  expiresAt: "Expire le",
  publishAt: "Publier le",
  unpublishAt: "Dépublier le",
  draft: "Brouillon",
  name: "Nom",
  slug: "Slug",
  imageUrl: "Image",
  websiteUrl: "Site web",
  maxDiscountPercent: "Réduction maximale (%)",
  regularPrice: "Prix",
  tag: "Étiquette",
  title: "Titre",
  price: "Prix",
  originalPrice: "Prix d'origine",
  source: "Source",
  badgeText: "Badge",
  badgeType: "Type de badge",
  ctaText: "Texte du bouton",
  status: "Statut",
  content: "Contenu",
  metaTitle: "Titre SEO",
  metaDescription: "Description SEO",
  published: "Publiée",
  role: "Rôle",
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_SHOWN = 300;

/** A value as the diff shows it: « — » for nothing, Oui/Non, dates on a Paris clock, long text cut. */
function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Oui" : "Non";
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatParis(value, "d MMMM yyyy 'à' HH:mm");
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The fields an entry changed, old → new: every shown field that differs (a creation shows its
 * values after « — », a deletion its values before). `names` turns ids into names (a brand, a category).
 */
export function fieldDiff(before: Row | null, after: Row | null, names: (field: string, value: unknown) => string | null = () => null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !HIDDEN_FIELDS.has(k));
  const show = (field: string, value: unknown) => names(field, value) ?? shownValue(value);
  return keys
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => ({ field: k, label: FIELD_LABELS[k] ?? k, before: show(k, before?.[k]), after: show(k, after?.[k]) }));
}
