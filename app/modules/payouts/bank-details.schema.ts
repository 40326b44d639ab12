import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { z } from "zod";
import { PASSWORD_MAX } from "#app/modules/accounts/passwords";
import { sepaLetterCount } from "./sepa-text";

/** Hours between adding (or changing) an IBAN and the first payout to it (anti account-takeover, ADR 021). */
export const BANK_DETAILS_COOLING_OFF_HOURS = 72;
/** The SEPA credit transfer's creditor name field holds at most 70 characters. */
const HOLDER_NAME_MAX = 70;

export const BANK_DETAILS_MESSAGES = {
  ibanRequired: "Saisis ton IBAN.",
  ibanInvalid: "Cet IBAN n'est pas valide : recopie-le depuis ton RIB.",
  ibanNotSepa: "Cet IBAN n'appartient pas à un pays de la zone SEPA : nous ne pouvons pas y faire de virement.",
  holderRequired: "Saisis le nom du titulaire du compte, tel qu'il figure sur ton RIB.",
  holderTooLong: `Le nom du titulaire ne doit pas dépasser ${HOLDER_NAME_MAX} caractères.`,
  holderCharacters: "Le nom du titulaire ne peut contenir que des lettres, des chiffres, des espaces et les signes ' - . , / & ( ).",
  holderLetters: "Le nom du titulaire doit garder au moins deux lettres de l'alphabet latin (a à z, accents compris) : écris-le comme sur ton RIB.",
  passwordRequired: "Saisis ton mot de passe pour confirmer.",
  ibanTaken: "Cet IBAN est déjà enregistré sur un autre compte Crevarde. Écris-nous si c'est bien le tien.",
  unchanged: "Cet IBAN et ce titulaire sont déjà enregistrés.",
} as const;

/** The IBAN without spaces or dashes, in capitals (empty when it cannot be one). */
export function normaliseIban(raw: string): string {
  return electronicFormatIBAN(raw) ?? "";
}

/** How an IBAN is shown once saved: its country, then only its last four characters. */
export function maskIban(country: string, last4: string): string {
  return `${country}•• •••• •••• •••• ${last4}`;
}

// letters (accented Latin too: banks transliterate them), digits, spaces and the SEPA punctuation
const HOLDER_NAME = /^[\p{Script=Latin}0-9 '’\-.,/&()]+$/u;

export const bankDetailsSchema = z.object({
  iban: z
    .string({ message: BANK_DETAILS_MESSAGES.ibanRequired })
    .trim()
    .min(1, BANK_DETAILS_MESSAGES.ibanRequired)
    .max(64, BANK_DETAILS_MESSAGES.ibanInvalid)
    .transform(normaliseIban)
    .superRefine((iban, ctx) => {
      if (!isValidIBAN(iban)) ctx.addIssue({ code: "custom", message: BANK_DETAILS_MESSAGES.ibanInvalid });
      else if (!isSEPACountry(iban.slice(0, 2))) ctx.addIssue({ code: "custom", message: BANK_DETAILS_MESSAGES.ibanNotSepa });
    }),
  holderName: z
    .string({ message: BANK_DETAILS_MESSAGES.holderRequired })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, BANK_DETAILS_MESSAGES.holderRequired)
        .max(HOLDER_NAME_MAX, BANK_DETAILS_MESSAGES.holderTooLong)
        .refine((v) => v === "" || HOLDER_NAME.test(v), BANK_DETAILS_MESSAGES.holderCharacters)
        // what a SEPA transfer can carry: ʁ or ɐ are Latin script but have no form in the SEPA set (ADR 023)
        .refine((v) => v === "" || !HOLDER_NAME.test(v) || sepaLetterCount(v, HOLDER_NAME_MAX) >= 2, BANK_DETAILS_MESSAGES.holderLetters),
    ),
  password: z.string({ message: BANK_DETAILS_MESSAGES.passwordRequired }).min(1, BANK_DETAILS_MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
