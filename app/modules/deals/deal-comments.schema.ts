import { z } from "zod";
import { COMMENT_MAX, COMMENT_MESSAGES, normaliseBody, REASON_KEYS, REPORT_DETAILS_MAX, REPORT_MESSAGES } from "./deal-comments";

const body = z
  .string({ message: COMMENT_MESSAGES.bodyRequired })
  .refine((v) => v.trim().length > 0, COMMENT_MESSAGES.bodyRequired)
  .refine((v) => v.length <= COMMENT_MAX, COMMENT_MESSAGES.bodyTooLong);
const commentId = z.uuid({ message: COMMENT_MESSAGES.commentMissing });

/** The deal page's comment intents (the text is kept as typed, only its line ends normalised). */
export const commentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("comment"), body: body.transform(normaliseBody), parentId: z.preprocess((v) => (v === "" ? undefined : v), commentId.optional()) }),
  z.object({ intent: z.literal("edit-comment"), commentId, body: body.transform(normaliseBody) }),
  z.object({
    intent: z.literal("report"),
    targetType: z.enum(["comment", "deal"], { message: COMMENT_MESSAGES.invalid }),
    targetId: z.uuid({ message: COMMENT_MESSAGES.commentMissing }),
    reason: z.enum(REASON_KEYS, { message: REPORT_MESSAGES.reasonRequired }),
    details: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || v.length <= REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsTooLong),
  }),
]);
export type CommentAction = z.output<typeof commentActionSchema>;
export const COMMENT_INTENTS = ["comment", "edit-comment", "report"] as const;

