import { z } from "zod";
import { moderationRule, moderationStatement } from "#app/modules/deals/posting.schema";
import { BLOCK_DURATIONS, type BlockDuration } from "./member-blocks";

const DURATION_KEYS = Object.keys(BLOCK_DURATIONS) as [BlockDuration, ...BlockDuration[]];

/** /admin/moderation « Membres bloqués »: block (who, how long, rule, reasons) and unblock. */
export const memberBlockSchemas = [
  z.object({
    intent: z.literal("block-member"),
    member: z.string({ message: "Indique le pseudo ou l'e-mail du membre." }).trim().min(1, "Indique le pseudo ou l'e-mail du membre.").max(254),
    duration: z.enum(DURATION_KEYS, { message: "Choisis une durée : 7 jours, 30 jours ou définitif." }),
    rule: moderationRule,
    statement: moderationStatement,
  }),
  z.object({ intent: z.literal("unblock-member"), userId: z.string().min(1, "Ce membre n'existe pas.").max(100) }),
] as const;
