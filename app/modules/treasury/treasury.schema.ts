import { z } from "zod";
import { NETWORKS } from "#db/constants-cashback";
import { formatEuros } from "#app/modules/ledger/ledger";
import { parseEuroAmount } from "#app/modules/payouts/payouts.schema";
export { NETWORK_LABELS } from "#app/modules/networks/networks";

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
 * The money words of the back office (issue #37 item 7), the member side's own
 * (app/routes/mon-cashback.tsx: En attente, Disponible, En cours de virement, Versé)
 * plus what members owe us. The treasury's cards and its alert read these labels,
 * so the alert quotes the very figures the cards show.
 */
export const MONEY_LABELS = {
  pending: "En attente",
  available: "Disponible",
  inPayout: "En cours de virement",
  paid: "Versé",
  owed: "Dette des membres",
  toPay: "À verser aux membres",
  cashLeft: "Trésorerie restante",
} as const;

/**
 * The alert's sentence: the two figures it compares, each with the label and the
 * amount of its card (« À verser aux membres » is Disponible + En cours de virement).
 */
export function solvencyAlertText(alert: { availableCents: number; inPayoutCents: number; exposedCents: number; cashCents: number }): string {
  const L = MONEY_LABELS;
  return (
    `Alerte : ${L.toPay} (${formatEuros(alert.exposedCents)} : ${L.available} ${formatEuros(alert.availableCents)} + ${L.inPayout} ${formatEuros(alert.inPayoutCents)}) ` +
    `dépasse la ${L.cashLeft} (${formatEuros(alert.cashCents)} : paiements reçus des réseaux moins ${L.paid}).`
  );
}

/**
 * The alert of the page (ADR 037 §Treasury): the members' money we must be able to
 * pay at once (available + in payout) above the cash we still hold from the
 * networks, i.e. what they paid us minus what has already been paid out to
 * members. `cashCents` is that remaining cash.
 */
export function solvencyAlert(input: { availableCents: number; inPayoutCents: number; cashReceivedCents: number; paidOutCents: number }): { exposedCents: number; cashCents: number } | null {
  const { toPayCents, cashLeftCents } = solvencyFigures(input);
  return toPayCents > cashLeftCents ? { exposedCents: toPayCents, cashCents: cashLeftCents } : null;
}

/** « À verser aux membres » (Disponible + En cours de virement) and « Trésorerie restante » (paid by the networks minus Versé): the cards and the alert. */
export function solvencyFigures(input: { availableCents: number; inPayoutCents: number; cashReceivedCents: number; paidOutCents: number }) {
  return { toPayCents: input.availableCents + input.inPayoutCents, cashLeftCents: input.cashReceivedCents - input.paidOutCents };
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
