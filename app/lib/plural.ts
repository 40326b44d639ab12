/**
 * French plurals through the language's own rules (Intl.PluralRules, CLDR):
 * 0 and 1 take the singular (« 0 deal », « 1 deal », « 1,5 jour »), 2 and more
 * the plural. CLDR's "many" (1 000 000 and the like) reads as the plural.
 * Client-safe: no date or number library; the count is written by frenchNumber, not by a number formatter, which
 * public pages do not build in the browser (ADR 056).
 */
import { frenchNumber } from "./french-number";

const RULES = new Intl.PluralRules("fr-FR");

/** A word's two forms: « deal » / « deals », « ligne créée » / « lignes créées ». */
export type PluralForms = { one: string; other: string };

/** The form of `forms` that agrees with `count`. */
export function pluralForm(count: number, forms: PluralForms): string {
  return RULES.select(count) === "one" ? forms.one : forms.other;
}

/** A count and its noun, the count in French figures: « 1 deal », « 12 deals », « 1 234 codes ». */
export function countOf(count: number, forms: PluralForms): string {
  return `${frenchNumber(count)} ${pluralForm(count, forms)}`;
}
