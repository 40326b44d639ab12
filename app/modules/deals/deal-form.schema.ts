import { z } from "zod";
import { countOf, pluralForm } from "#app/lib/plural";
import { BADGE_TYPES } from "#db/constants";
import { scheduleFields, scheduleOrder } from "#app/modules/schedule/schedule";
import { draftStatusField } from "#app/modules/admin/publication";
import { optionalImageUrl } from "#app/modules/admin/image-url";
import { checkbox, optionalText, optionalUuid, plainText, requiredText, requiredUrl } from "#app/modules/admin/form-helpers";
import { BIN_NOTICE } from "#app/modules/admin/history";

/** The badge types as the back office names them (issue #37 item 9): the form's options and the list's filter. */
export const BADGE_LABELS: Record<(typeof BADGE_TYPES)[number], string> = { hot: "Hot", risky: "Risqué", fun: "Fun" };
/** The deal form's « Type de badge » select. */
export const BADGE_OPTIONS = BADGE_TYPES.map((t) => ({ value: t, label: BADGE_LABELS[t] }));

export const DEAL_FORM_MESSAGES = {
  saveError: "Une erreur est survenue lors de la sauvegarde du deal.",
  deleteError: "Une erreur est survenue lors de la suppression du deal.",
  confirmDelete: (title: string) => `Supprimer le deal "${title}" ? ${BIN_NOTICE}`,
  bulk: {
    error: "Une erreur est survenue lors de l'action groupée sur les deals.",
    none: "Aucun des deals sélectionnés n'existe encore.",
    done: {
      "bulk-delete": (n: number) => countOf(n, { one: "deal supprimé", other: "deals supprimés" }),
      "bulk-feature": (n: number) => countOf(n, { one: "deal mis en vedette", other: "deals mis en vedette" }),
      "bulk-unfeature": (n: number) => countOf(n, { one: "deal retiré de la vedette", other: "deals retirés de la vedette" }),
    },
  },
  statusBulk: {
    done: {
      "bulk-publish": (n: number) => countOf(n, { one: "deal publié", other: "deals publiés" }),
      "bulk-unpublish": (n: number) => countOf(n, { one: "deal retiré", other: "deals retirés" }),
    },
    none: "Aucun des deals sélectionnés ne peut changer de statut ainsi.",
    skipped: (n: number) =>
      `${countOf(n, { one: "deal de membre ou déjà dans ce statut est laissé tel quel", other: "deals de membres ou déjà dans ce statut sont laissés tels quels" })} : le statut d'un deal de membre se change dans la modération, où son auteur reçoit les motifs.`,
    confirm: {
      "bulk-publish": (n: number) => `Publier ${pluralForm(n, { one: "ce deal", other: `ces ${n} deals` })} ? Un brouillon programmé n'apparaît qu'à partir de sa date « Publier le ». Les deals de membres sont laissés à la modération.`,
      "bulk-unpublish": (n: number) => `Retirer ${pluralForm(n, { one: "ce deal", other: `ces ${n} deals` })} du site ? Les deals de membres sont laissés à la modération.`,
    },
  },
  bulkConfirm: {
    "bulk-delete": (n: number) => `Supprimer ${pluralForm(n, { one: "ce deal", other: `ces ${n} deals` })} ? ${BIN_NOTICE}`,
    "bulk-feature": (n: number) => `Mettre ${pluralForm(n, { one: "ce deal", other: `ces ${n} deals` })} en vedette sur la page d'accueil ?`,
    "bulk-unfeature": (n: number) => `Retirer ${pluralForm(n, { one: "ce deal", other: `ces ${n} deals` })} de la vedette ?`,
  },
} as const;

export const dealFormSchema = z.object({
  id: z.uuid().optional(),
  title: requiredText("Le titre est obligatoire.", 200),
  description: requiredText("La description est obligatoire.", 2000),
  price: requiredText("Le prix est obligatoire.", 40),
  originalPrice: optionalText(40),
  imageUrl: optionalImageUrl,
  source: requiredText("La source est obligatoire.", 60),
  badgeText: requiredText("Le texte du badge est obligatoire.", 40),
  badgeType: z.enum(BADGE_TYPES, { message: `Le type de badge doit être ${Object.values(BADGE_LABELS).slice(0, -1).join(", ")} ou ${Object.values(BADGE_LABELS).at(-1)}.` }).catch("hot"),
  ctaText: z
    .string()
    .max(60)
    .optional()
    .transform((v) => (v ? plainText(v) : "") || "Voir le deal"),
  url: requiredUrl("Le lien est obligatoire."),
  brandId: optionalUuid,
  isFeatured: checkbox,
  ...scheduleFields,
  ...draftStatusField,
}).superRefine(scheduleOrder);
