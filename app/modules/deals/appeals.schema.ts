import { z } from "zod";
import { moderationStatement } from "./posting.schema";

export const APPEAL_TEXT_MAX = 2000;

export const APPEAL_MESSAGES = {
  textRequired: "Explique en quelques mots pourquoi tu contestes cette décision (20 caractères au moins).",
  textTooLong: `Ta contestation ne doit pas dépasser ${APPEAL_TEXT_MAX} caractères.`,
  notContestable: "Seul un deal refusé ou retiré peut être contesté.",
  unknown: "Ce deal n'existe pas.",
  already: "Tu as déjà contesté cette décision : une seule contestation est possible par deal.",
  sent: "Ta contestation est envoyée : l'équipe de modération la réexamine et te répond par e-mail.",
  appealMissing: "Cette contestation n'existe pas ou a déjà été traitée.",
} as const;

export const APPEAL_STATUS_LABELS = {
  pending: "Contestation en cours d'examen",
  upheld: "Contestation rejetée : la décision est maintenue",
  reversed: "Contestation acceptée : ton deal est de nouveau en ligne",
} as const;

/** The author's appeal, from « Mes deals proposés » on /profile. */
export const appealSchema = z.object({
  intent: z.literal("appeal"),
  dealId: z.uuid({ message: APPEAL_MESSAGES.unknown }),
  text: z.string({ message: APPEAL_MESSAGES.textRequired }).trim().min(20, APPEAL_MESSAGES.textRequired).max(APPEAL_TEXT_MAX, APPEAL_MESSAGES.textTooLong),
});

/** A moderator's decision on an appeal, on /admin/moderation « Contestations ». */
export const appealDecisionSchemas = [
  z.object({
    intent: z.literal("decide-appeal"),
    dealId: z.uuid({ message: APPEAL_MESSAGES.appealMissing }),
    decision: z.enum(["uphold", "reverse"], { message: "Choisis : maintenir la décision ou remettre le deal en ligne." }),
    statement: moderationStatement,
  }),
] as const;
