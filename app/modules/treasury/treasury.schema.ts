import { z } from "zod";
import { NETWORKS } from "../../../db/constants-cashback";
import { parseEuroAmount } from "~/modules/payouts/payouts.schema";
export { NETWORK_LABELS } from "~/modules/networks/networks";

/** Client-safe rules and copy of the treasury page (ADR 037 §Treasury). */


export const TREASURY_MESSAGES = {
  networkRequired: "Choisissez le réseau qui a payé.",
  amountRequired: "Indiquez le montant reçu.",
  amountInvalid: "Le montant doit être un nombre d'euros positif, avec au plus deux décimales (par exemple 1 234,56).",
  dateRequired: "Indiquez la date de réception.",
  dateInvalid: "La date de réception n'est pas valide.",
  dateInFuture: "La date de réception ne peut pas être dans le futur.",
  referenceRequired: "Indiquez la référence bancaire du paiement.",
  referenceTooLong: "La référence ne doit pas dépasser 100 caractères.",
  noteTooLong: "La note ne doit pas dépasser 500 caractères.",
  duplicate: "Ce paiement est déjà enregistré (même réseau, même référence).",
} as const;

/**
 * The alert of the page (ADR 037 §Treasury): the members' money we must be able to
 * pay at once (available + in payout) above the cash we still hold from the
 * networks, i.e. what they paid us minus what has already been paid out to
 * members. `cashCents` is that remaining cash.
 */
export function solvencyAlert(input: { availableCents: number; inPayoutCents: number; cashReceivedCents: number; paidOutCents: number }): { exposedCents: number; cashCents: number } | null {
  const exposed = input.availableCents + input.inPayoutCents;
  const cash = input.cashReceivedCents - input.paidOutCents;
  return exposed > cash ? { exposedCents: exposed, cashCents: cash } : null;
}

/** "2026-03-02" → that day at noon UTC (a bank value date has no time); null when not a real date. */
export function parseValueDate(raw: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return date.toISOString().slice(0, 10) === raw ? date : null;
}

export const networkPaymentSchema = (now = new Date()) =>
  z.object({
    intent: z.literal("network-payment"),
    network: z.enum(NETWORKS, { message: TREASURY_MESSAGES.networkRequired }),
    amount: z
      .string({ message: TREASURY_MESSAGES.amountRequired })
      .trim()
      .min(1, TREASURY_MESSAGES.amountRequired)
      .max(20, TREASURY_MESSAGES.amountInvalid)
      .transform((v, ctx) => {
        const cents = parseEuroAmount(v);
        if (cents === null || cents <= 0) {
          ctx.addIssue({ code: "custom", message: TREASURY_MESSAGES.amountInvalid });
          return z.NEVER;
        }
        return cents;
      }),
    receivedAt: z
      .string({ message: TREASURY_MESSAGES.dateRequired })
      .trim()
      .min(1, TREASURY_MESSAGES.dateRequired)
      .transform((v, ctx) => {
        const date = parseValueDate(v);
        if (!date) {
          ctx.addIssue({ code: "custom", message: TREASURY_MESSAGES.dateInvalid });
          return z.NEVER;
        }
        // a day ahead of UTC at most: Paris is ahead of the server clock
        if (date.getTime() > now.getTime() + 86_400_000) {
          ctx.addIssue({ code: "custom", message: TREASURY_MESSAGES.dateInFuture });
          return z.NEVER;
        }
        return date;
      }),
    reference: z.string({ message: TREASURY_MESSAGES.referenceRequired }).trim().min(1, TREASURY_MESSAGES.referenceRequired).max(100, TREASURY_MESSAGES.referenceTooLong),
    note: z
      .string()
      .trim()
      .max(500, TREASURY_MESSAGES.noteTooLong)
      .optional()
      .transform((v) => (v ? v : null)),
  });

export type NetworkPaymentInput = z.infer<ReturnType<typeof networkPaymentSchema>>;
