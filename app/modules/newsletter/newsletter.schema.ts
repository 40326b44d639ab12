import { z } from "zod";

export * from "./newsletter.constants";
import { NEWSLETTER_MESSAGES, NEWSLETTER_SOURCES } from "./newsletter.constants";

export const newsletterSchema = z.object({
  email: z
    .string({ message: NEWSLETTER_MESSAGES.emptyText })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.emptyText)
    .max(254, NEWSLETTER_MESSAGES.invalidText)
    .pipe(z.email(NEWSLETTER_MESSAGES.invalidText)),
  source: z.enum(NEWSLETTER_SOURCES).catch("home"),
  redirectTo: z.string().max(300).optional(),
});
