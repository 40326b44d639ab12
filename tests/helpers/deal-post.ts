import { randomUUID } from "node:crypto";

const uniq = () => randomUUID().slice(0, 8);

/** A member's valid deal post (« Proposer un deal »), a new shop and title each time, with `change` applied. */
export const dealPostForm = (categoryId: string, change: Record<string, string> = {}) => ({
  url: `https://www.boutique-${uniq()}.fr/produit/42?utm_source=newsletter`,
  title: `Casque bluetooth ${uniq()} à 19,99 €`,
  price: "19,99",
  originalPrice: "39,99",
  referencePriceSource: "merchant_strikethrough",
  code: "",
  merchant: "Boutique",
  categoryId,
  expiresOn: "",
  description: "Un très bon prix pour ce casque, livraison gratuite dès 20 €.",
  ...change,
});
