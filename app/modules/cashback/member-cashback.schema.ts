import { z } from "zod";

const CHECKBOX_INVALID = "Cette case ne peut être que cochée ou décochée.";
/** A checked box sends "on"; an unchecked one sends nothing. */
const checkbox = z.enum(["on"], { message: CHECKBOX_INVALID }).optional();

/** The /mon-cashback e-mail preferences form: a checked box = the member wants that e-mail. */
export const cashbackEmailsSchema = z.object({
  intent: z.literal("notifications", { message: "Demande invalide." }),
  detected: checkbox,
  validated: checkbox,
  refused: checkbox,
});

/** The anchor of a purchase line on /mon-cashback (the claim form links to it). */
export const purchaseAnchor = (memberCashbackId: string) => `achat-${memberCashbackId}`;
