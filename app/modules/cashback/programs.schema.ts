/**
 * Affiliate programme and rate forms (issue #12 item 1). Shared by the back
 * office form (conform) and the server actions: no server imports.
 */
import { z } from "zod";
import { NETWORKS } from "#db/constants-cashback";
import { optionalText, requiredText, uuidField } from "#app/modules/admin/form-helpers";
import { fromParisLocalInput } from "#app/modules/settings/paris-time";
import { DEFAULT_MEMBER_SHARE_BPS } from "./member-rate";
import { programStatus, type ProgramStatus } from "#db/states/program-status";

export type { ProgramStatus };

export const PROGRAM_STATUS_LABELS: Record<ProgramStatus, string> = {
  active: "Actif",
  paused: "En pause",
  closed: "Fermé",
};

/**
 * A programme's moves are the programStatus machine's (db/states/program-status.ts):
 * the list offers exactly these moves, and the server refuses any other.
 */
export const programMoves = (from: string): ProgramStatus[] => programStatus.states.filter((to) => programStatus.canMove(from, to));

/** The button that moves a programme to a state. */
export const PROGRAM_TRANSITION_LABELS: Record<ProgramStatus, string> = {
  active: "Réactiver",
  paused: "Mettre en pause",
  closed: "Fermer",
};

export function canMoveProgram(from: string, to: ProgramStatus): boolean {
  return from === to || programStatus.canMove(from, to);
}

export const PROGRAM_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde du programme.",
  rateError: "Une erreur est survenue lors de l'ajout du taux.",
  statusError: "Une erreur est survenue lors du changement de statut du programme.",
  notFound: "Ce programme n'existe plus.",
  duplicate: "Ce programme existe déjà pour ce réseau et ce compte éditeur.",
  newerRate: "Un taux plus récent existe déjà pour ce libellé : choisis une date de début postérieure.",
  forbiddenMove: (from: ProgramStatus, to: ProgramStatus) => `Un programme « ${PROGRAM_STATUS_LABELS[from]} » ne peut pas passer à « ${PROGRAM_STATUS_LABELS[to]} ».`,
} as const;

/** The placeholders a tracking-URL template may hold. */
const PLACEHOLDER = /\{[^}]*\}/g;
const ALLOWED_PLACEHOLDERS = new Set(["{CLICK_ID}", "{DEST}"]);

/** French messages of the tracking-URL template, or null when it is valid. */
export function trackingTemplateError(template: string): string | null {
  if (!/^https:\/\//i.test(template)) return "Le lien de tracking doit commencer par https://.";
  if (/\s/.test(template)) return "Le lien de tracking ne doit pas contenir d'espace.";
  if (!template.includes("{CLICK_ID}")) return "Le lien de tracking doit contenir {CLICK_ID}.";
  const unknown = (template.match(PLACEHOLDER) ?? []).filter((p) => !ALLOWED_PLACEHOLDERS.has(p));
  if (unknown.length > 0) return `Variable inconnue ${unknown[0]} : seules {CLICK_ID} et {DEST} sont acceptées.`;
  const sample = template.replaceAll("{CLICK_ID}", "cAbCdEfGhIjKlMnOpQrSt").replaceAll("{DEST}", "https%3A%2F%2Fexemple.fr%2F");
  if (!URL.canParse(sample) || !new URL(sample).hostname.includes(".")) return "Le lien de tracking n'est pas une adresse valide.";
  return null;
}

const int = (message: string, min: number, max: number, range: string) =>
  z.coerce.number<string>({ message }).int(message).min(min, range).max(max, range);

/** An optional whole number: empty → null. */
const optionalInt = (message: string, min: number, max: number, range: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? "").trim();
      if (!text) return null;
      const n = Number(text);
      if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: range });
        return z.NEVER;
      }
      return n;
    });

/** A percentage typed "70", "70,5" → basis points (7000, 7050); empty → `fallback`. */
const percentBps = (fallback: number, format: string, range: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? "").trim().replace(",", ".");
      if (!text) return fallback;
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: "custom", message: format });
        return z.NEVER;
      }
      const bps = Math.round(Number(text) * 100);
      if (bps > 10000) {
        ctx.addIssue({ code: "custom", message: range });
        return z.NEVER;
      }
      return bps;
    });

const sharePercent = percentBps(DEFAULT_MEMBER_SHARE_BPS, "La part membre doit être un pourcentage (ex. 70).", "La part membre doit être comprise entre 0 et 100 %.");

/** The VAT rate of a programme's prices when none is typed: 20 % (France's standard rate). */
export const DEFAULT_VAT_RATE_BPS = 2000;

/** What a programme's commission is computed on (issue #34 item 3): most networks pay on the amount excluding VAT and shipping. */
export const RATE_BASES = ["excl", "incl"] as const;
export const RATE_BASE_LABELS: Record<(typeof RATE_BASES)[number], string> = {
  excl: "Hors TVA et frais de port",
  incl: "Prix payé (TTC)",
};

export const programFormSchema = z.object({
  id: z.uuid("Identifiant invalide.").optional(),
  brandId: uuidField("La marque est obligatoire."),
  network: z.enum(NETWORKS, { message: "Le réseau est obligatoire." }),
  networkAccountId: requiredText("L'identifiant du compte éditeur est obligatoire.", 100),
  networkProgramId: requiredText("L'identifiant du programme chez le réseau est obligatoire.", 100),
  trackingUrlTemplate: z
    .string({ message: "Le lien de tracking est obligatoire." })
    .trim()
    .min(1, "Le lien de tracking est obligatoire.")
    .max(2048, "Le lien de tracking ne doit pas dépasser 2048 caractères.")
    .superRefine((v, ctx) => {
      const error = trackingTemplateError(v);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
  /** typed as a percentage, stored in basis points */
  memberSharePercent: sharePercent,
  currency: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toUpperCase() || "EUR")
    .refine((v) => /^[A-Z]{3}$/.test(v), "La devise doit être un code à trois lettres (ex. EUR)."),
  cookieDays: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : "30"))
    .pipe(int("La durée du cookie doit être un nombre entier de jours.", 1, 365, "La durée du cookie doit être comprise entre 1 et 365 jours.")),
  declaredValidationDays: optionalInt(
    "Le délai de validation doit être un nombre entier de jours.",
    1,
    730,
    "Le délai de validation doit être compris entre 1 et 730 jours.",
  ),
  status: z.enum(programStatus.states, { message: "Le statut doit être actif, en pause ou fermé." }).default(programStatus.is.active),
  conditionsMd: optionalText(5000),
  /** absent (an older form, an API call) = excluding VAT and shipping, the networks' usual base */
  rateBase: z
    .enum(RATE_BASES, { message: "Choisis la base de calcul des taux." })
    .optional()
    .transform((v) => (v ?? "excl") === "excl"),
  /** typed as a percentage ("20", "5,5"), stored in basis points */
  vatRatePercent: percentBps(DEFAULT_VAT_RATE_BPS, "Le taux de TVA doit être un pourcentage (ex. 20).", "Le taux de TVA doit être compris entre 0 et 100 %."),
});
export type ProgramFormInput = z.output<typeof programFormSchema>;

const RATE_KINDS = ["percent", "fixed"] as const;

export const rateFormSchema = z
  .object({
    programId: uuidField("Le programme est obligatoire."),
    label: requiredText("Le libellé du taux est obligatoire.", 80),
    kind: z.enum(RATE_KINDS, { message: "Choisis un pourcentage ou un montant fixe." }),
    value: z
      .string({ message: "Le taux est obligatoire." })
      .trim()
      .min(1, "Le taux est obligatoire.")
      .transform((v) => v.replace(",", "."))
      .refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(v), "Le taux doit être un nombre avec au plus deux décimales."),
    commissionGroupCode: optionalText(100),
    /** Paris local time ("2026-11-23T10:00"); empty = now */
    validFrom: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v || !v.trim()) return null;
        const iso = fromParisLocalInput(v);
        if (!iso) {
          ctx.addIssue({ code: "custom", message: "La date de début n'est pas valide." });
          return z.NEVER;
        }
        return new Date(iso);
      }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && Number(v.value) > 100) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Un pourcentage doit être compris entre 0 et 100." });
    }
  })
  .transform((v) => ({
    programId: v.programId,
    label: v.label,
    commissionGroupCode: v.commissionGroupCode,
    validFrom: v.validFrom,
    displayPercent: v.kind === "percent" ? Number(v.value).toFixed(2) : null,
    displayFixedCents: v.kind === "fixed" ? Math.round(Number(v.value) * 100) : null,
  }));
export type RateFormInput = z.output<typeof rateFormSchema>;

export const programStatusSchema = z.object({
  id: z.uuid("Identifiant invalide."),
  status: z.enum(programStatus.states, { message: "Le statut doit être actif, en pause ou fermé." }),
});

/** The boost form's refusals (issue #34 item 6), in French for admins. */
export const BOOST_MESSAGES = {
  error: "Une erreur est survenue lors de l'enregistrement du boost.",
  clearError: "Une erreur est survenue lors du retrait du boost.",
  startRequired: "La date de début du boost est obligatoire.",
  endRequired: "La date de fin du boost est obligatoire.",
  invalidDate: "La date n'est pas valide.",
  endAfterStart: "La fin du boost doit être postérieure à son début.",
  shareFormat: "La part membre boostée doit être un pourcentage (ex. 100).",
  shareRange: "La part membre boostée ne peut pas dépasser 100 % de la commission.",
  notAbove: (baseBps: number) =>
    `La part membre boostée doit dépasser la part habituelle (${(baseBps / 100).toLocaleString("fr-FR")}\u00a0%) : sinon le taux boosté ne serait pas supérieur au taux de base.`,
  over: "La fin du boost est déjà passée : choisis une date de fin à venir.",
} as const;

const parisInstant = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => {
      const iso = fromParisLocalInput(v);
      if (!iso) {
        ctx.addIssue({ code: "custom", message: BOOST_MESSAGES.invalidDate });
        return z.NEVER;
      }
      return new Date(iso);
    });

/**
 * A programme's boost (boost.ts): start and end typed in Paris time, the member's share during it
 * as a percentage ("100" → 10000 bps). Whether it is above the programme's share is checked
 * against the programme (setProgramBoost).
 */
export const boostFormSchema = z
  .object({
    programId: uuidField("Le programme est obligatoire."),
    startsAt: parisInstant(BOOST_MESSAGES.startRequired),
    endsAt: parisInstant(BOOST_MESSAGES.endRequired),
    boostSharePercent: z
      .string({ message: BOOST_MESSAGES.shareFormat })
      .trim()
      .min(1, BOOST_MESSAGES.shareFormat)
      .transform((v, ctx) => {
        const text = v.replace(",", ".");
        if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) {
          ctx.addIssue({ code: "custom", message: BOOST_MESSAGES.shareFormat });
          return z.NEVER;
        }
        const bps = Math.round(Number(text) * 100);
        if (bps > 10000) {
          ctx.addIssue({ code: "custom", message: BOOST_MESSAGES.shareRange });
          return z.NEVER;
        }
        return bps;
      }),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: BOOST_MESSAGES.endAfterStart });
  })
  .transform((v) => ({ programId: v.programId, startsAt: v.startsAt, endsAt: v.endsAt, boostShareBps: v.boostSharePercent }));
export type BoostFormInput = z.output<typeof boostFormSchema>;
