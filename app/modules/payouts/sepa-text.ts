/*
 * The SEPA restricted Latin character set (client-safe: the bank-details
 * form checks a holder name with the same cleaning the pain.001 file uses).
 */

/** Characters no NFD decomposition brings back to the Latin set. */
const TRANSLITERATIONS: Record<string, string> = {
  œ: "oe",
  Œ: "OE",
  æ: "ae",
  Æ: "AE",
  ß: "ss",
  ẞ: "SS",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  // typographic apostrophes (L’Oréal, D’Artagnan) and dashes
  "\u2019": "'",
  "\u2018": "'",
  "\u02BC": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2013": "-",
  "\u2014": "-",
  "&": "+",
  "€": "EUR",
};
const TRANSLITERABLE = new RegExp(`[${Object.keys(TRANSLITERATIONS).join("")}]`, "gu");
const COMBINING_MARKS = /\p{M}/gu;
/** anything outside the SEPA restricted Latin set: a-z A-Z 0-9 / - ? : ( ) . , ' + space */
const OUTSIDE_SEPA_SET = /[^a-zA-Z0-9/\-?:().,'+ ]/gu;

/**
 * A free text (a name, a remittance line) in the SEPA restricted Latin set:
 * accents dropped (é→e, ç→c), œ→oe, ß→ss…, any other character (emoji,
 * quotes, control characters) replaced by a space, spaces collapsed, trimmed,
 * cut to `maxLength`. May return "" (the caller refuses it).
 */
export function cleanSepaText(value: string, maxLength: number): string {
  return value
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .replace(TRANSLITERABLE, (c) => TRANSLITERATIONS[c])
    .replace(OUTSIDE_SEPA_SET, " ")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}

/** How many letters (a-z, A-Z) a text keeps once cleaned to the SEPA set. */
export function sepaLetterCount(value: string, maxLength = 70): number {
  return (cleanSepaText(value, maxLength).match(/[a-zA-Z]/g) ?? []).length;
}
