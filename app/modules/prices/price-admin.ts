/**
 * The back office's price history (issue #39 item 6, ADR 049): the CSV columns
 * of an observations import and the screens' French, shared by server and screen.
 */
import { countOf } from "#app/lib/plural";

/** The columns of an import of price observations (a merchant's feed): GTIN may be left out. */
export const PRICE_CSV_COLUMNS = [
  { header: "Produit", field: "product" },
  { header: "Marchand", field: "merchant" },
  { header: "Prix", field: "price" },
  { header: "Devise", field: "currency" },
  { header: "Date", field: "observedAt" },
  { header: "GTIN", field: "gtin", optional: true },
] as const;
export type PriceCsvField = (typeof PRICE_CSV_COLUMNS)[number]["field"];

/** An admin's observations of one product, listed under its chart. */
export const PRICE_ADMIN_ROWS = 500;

export const PRICE_ADMIN_MESSAGES = {
  productRequired: "Le produit est obligatoire (son lien ou sa clé, par exemple nuxe.com/huile-prodigieuse).",
  productUnreadable: (value: string) => `« ${value} » n'est pas le lien ni la clé d'une page de produit (un lien http(s) vers une page autre que l'accueil du site).`,
  merchantRequired: "Le marchand est obligatoire (son domaine, par exemple nuxe.com).",
  merchantMismatch: (merchant: string, expected: string) => `Le marchand « ${merchant} » n'est pas celui du lien du produit (${expected}).`,
  priceRequired: "Le prix est obligatoire.",
  priceUnreadable: (value: string) => `Prix illisible : « ${value} » (par exemple 19,99).`,
  currencyUnknown: (value: string) => `Devise inconnue : « ${value} » (un code ISO à 3 lettres, par exemple EUR).`,
  dateRequired: "La date est obligatoire.",
  dateUnreadable: (value: string) => `Date illisible : « ${value} » (par exemple 2026-11-28 14:30 ou 28/11/2026 14:30, heure de Paris).`,
  dateFuture: "La date est dans le futur.",
  gtinInvalid: (value: string) => `GTIN invalide : « ${value} » (8, 12, 13 ou 14 chiffres).`,
  samePrice: (line: number) => `Cette ligne donne un autre prix au même produit, chez le même marchand, à la même date que la ligne ${line}.`,
  done: (created: number, skipped: number) =>
    `${countOf(created, { one: "observation enregistrée", other: "observations enregistrées" })}, ${countOf(skipped, { one: "déjà connue (ignorée)", other: "déjà connues (ignorées)" })}.`,
  mergeSame: "Les deux clés sont la même : rien à fusionner.",
  mergeMerchants: (from: string, into: string) =>
    `Les deux clés ne sont pas du même marchand (${from}, ${into}) : le prix de référence est celui d'un vendeur, ses prix ne se mélangent pas à ceux d'un autre.`,
  mergeAlreadyAlias: (key: string, into: string) => `« ${key} » a déjà été fusionnée dans « ${into} ».`,
  mergeEmpty: (key: string) => `Aucune observation pour « ${key} » : rien à fusionner.`,
  merged: (moved: number, from: string, into: string) => `${countOf(moved, { one: "observation déplacée", other: "observations déplacées" })} de « ${from} » vers « ${into} ».`,
} as const;
