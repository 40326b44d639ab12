import { z } from "zod";

/**
 * What the site accepts from the browser extension (issue #40 items 6 and 7, ADR 050), shared by the
 * server and the back office. Not imported by extension/: zod would weigh on every page's content script.
 */

const selector = z.string().trim().min(1).max(200);

/** A shop's checkout selectors (brands.checkout_selectors): all five, each a CSS selector of at most 200 characters. */
export const checkoutSelectorsSchema = z.strictObject({
  couponInput: selector,
  applyButton: selector,
  total: selector,
  couponError: selector,
  errorPage: selector,
});

/** The body of POST /api/extension/codes/:id/resultat: did the code lower the total (« oui ») or did the shop refuse it (« non »). */
export const codeResultSchema = z.strictObject({ answer: z.enum(["oui", "non"]) });

export const EXTENSION_MESSAGES = {
  recorded: "Résultat enregistré : il compte dans « Ça a marché ? ».",
  signedOut: "Sans connexion à Crevarde, ce résultat n'est pas enregistré : connecte-toi sur le site pour qu'il compte.",
  invalid: "Résultat invalide : « answer » vaut « oui » ou « non ».",
  notJson: "Le résultat s'envoie en JSON (Content-Type: application/json).",
  origin: "Requête refusée : elle ne provient ni de l'extension Crevarde ni du site.",
  unknownShop: "Cette boutique n'est pas partenaire de Crevarde.",
} as const;
