import { z } from "zod";
import { isCommonPassword, PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from "./passwords";

const EMAIL_REQUIRED = "L'email est obligatoire.";
const EMAIL_INVALID = "L'adresse email n'est pas valide.";
const PASSWORD_REQUIRED = "Le mot de passe est obligatoire.";
const USERNAME_REQUIRED = "Le pseudo est obligatoire.";
/** The pseudo names the public page /membres/:pseudo: unique whatever its case (issue #15 item 9). */
export const USERNAME_TAKEN = "Ce pseudo est déjà pris. Choisis-en un autre.";

const email = z
  .string({ message: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .pipe(z.email(EMAIL_INVALID));

const newPassword = z
  .string({ message: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
  .refine((v) => !isCommonPassword(v), PASSWORD_MESSAGES.common);

const username = z
  .string({ message: USERNAME_REQUIRED })
  .trim()
  .min(1, USERNAME_REQUIRED)
  .max(40, "Le pseudo ne doit pas dépasser 40 caractères.")
  .refine((v) => !/[<>]/.test(v), "Le pseudo ne doit pas contenir les caractères < ou >.");

const redirectTo = z.string().max(500).optional();

export const loginSchema = z.object({
  intent: z.literal("login"),
  email,
  password: z.string({ message: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
  redirectTo,
});

export const signupSchema = z.object({
  intent: z.literal("signup"),
  username,
  email,
  password: newPassword,
  redirectTo,
});

export const resendSchema = z.object({ intent: z.literal("resend"), email });

export const resetRequestSchema = z.object({ email });

/** « Recevoir un lien de connexion par e-mail » on the sign-in form (ADR 043). */
export const signInLinkRequestSchema = z.object({ intent: z.literal("sign-in-link"), email, redirectTo });

/** The button of an e-mailed sign-in link's page (ADR 043). */
export const signInLinkSchema = z.object({ token: z.string().min(1).max(500), redirectTo });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(500),
    password: newPassword,
    confirm: z.string({ message: "Confirme ton nouveau mot de passe." }),
  })
  .refine((v) => v.password === v.confirm, { message: "Les deux mots de passe ne correspondent pas.", path: ["confirm"] });

export const profileSchema = z.object({ intent: z.literal("profile"), username });

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ message: "Ton mot de passe actuel est obligatoire." }).min(1, "Ton mot de passe actuel est obligatoire.").max(PASSWORD_MAX),
    password: newPassword,
    confirm: z.string({ message: "Confirme ton nouveau mot de passe." }),
  })
  .refine((v) => v.password === v.confirm, { message: "Les deux mots de passe ne correspondent pas.", path: ["confirm"] });

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  password: z.string({ message: "Ton mot de passe est obligatoire pour confirmer." }).min(1, "Ton mot de passe est obligatoire pour confirmer.").max(PASSWORD_MAX),
});

export const newsletterToggleSchema = z.object({ intent: z.literal("newsletter"), subscribed: z.enum(["true", "false"]) });
