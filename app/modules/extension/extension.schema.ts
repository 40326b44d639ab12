import { z } from "zod";

/**
 * What the site accepts from the browser extension (issue #40 items 6 and 7, ADR 050), shared by the
 * server and the back office. Not imported by extension/: zod would weigh on every page's content script.
 */

export const SELECTOR_MESSAGES = {
  empty: "Ce sélecteur est vide.",
  tooLong: "Un sélecteur ne doit pas dépasser 200 caractères.",
  syntax:
    "Ce sélecteur CSS n'est pas valide : pas de { } ; ni <, des crochets, parenthèses et guillemets refermés, rien qui ne commence ou ne finisse par > + ~ ou une virgule (ex. « #code-promo », « form.panier button[type=submit] »).",
} as const;

/**
 * The syntax checks a CSS selector passes without a browser to parse it (the server has no DOM and no selector
 * parser among its dependencies): no `{`, `}`, `;` or `<` outside a quoted string, every `[`, `(` and quote
 * closed in order, and no combinator or comma at either end or twice in a row. A selector that passes may still
 * match nothing; the extension then offers no « Tester les codes » (`isCheckoutPage`).
 */
export function isSelectorSyntax(value: string): boolean {
  const closing: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === "\\") {
      if (++i >= value.length) return false; // an escape of nothing
    } else if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "[") closing.push("]");
    else if (char === "(") closing.push(")");
    else if (char === "]" || char === ")") {
      if (closing.pop() !== char) return false;
    } else if ("{};<".includes(char)) return false;
  }
  if (quote || closing.length > 0) return false;
  return !/^\s*[>+~,]|[>+~,]\s*$|,\s*,|[>+~]\s*[>+~]/.test(value);
}

const selector = z.string().trim().min(1, SELECTOR_MESSAGES.empty).max(200, SELECTOR_MESSAGES.tooLong).refine(isSelectorSyntax, SELECTOR_MESSAGES.syntax);

/**
 * A shop's checkout selectors (brands.checkout_selectors), each a CSS selector of at most 200 characters: the coupon
 * field, the apply button and the total, which « Tester les codes » needs, and optionally the shop's « code refusé »
 * message, what only its error page shows, and the button that removes an applied code (a checkout that stacks codes). The back office's brand form derives its fields from it
 * (`checkoutSelectorsFormSchema`, app/modules/brands/brand-form.schema.ts).
 */
export const checkoutSelectorsSchema = z.strictObject({
  couponInput: selector,
  applyButton: selector,
  total: selector,
  couponError: selector.optional(),
  errorPage: selector.optional(),
  removeCoupon: selector.optional(),
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
