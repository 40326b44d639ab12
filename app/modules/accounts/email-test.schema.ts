import { z } from "zod";

const EMAIL_TEST_TYPES = ["signup", "reset", "newsletter"] as const;
export const emailTestSchema = z.object({
  email: z.string({ message: "L'email est obligatoire." }).trim().min(1, "L'email est obligatoire.").max(254).pipe(z.email("L'adresse email n'est pas valide.")),
  type: z.enum(EMAIL_TEST_TYPES, { message: "Type d'e-mail inconnu (signup, reset ou newsletter)." }),
});
