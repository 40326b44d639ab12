import { describe, expect, it } from "vitest";
import { BANK_DETAILS_MESSAGES as M, bankDetailsSchema, maskIban, normaliseIban } from "./bank-details.schema";

const valid = { iban: "FR76 3000 6000 0112 3456 7890 189", holderName: "Camille Dupont", password: "x" };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = bankDetailsSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("bank details form", () => {
  it("takes an IBAN as people type it (spaces, dashes, small letters) and keeps it in electronic format", () => {
    for (const iban of ["FR76 3000 6000 0112 3456 7890 189", "fr7630006000011234567890189", "FR76-3000-6000-0112-3456-7890-189", " FR76 3000 6000 0112 3456 7890 189 "]) {
      const parsed = bankDetailsSchema.parse({ ...valid, iban });
      expect(parsed.iban).toBe("FR7630006000011234567890189");
    }
    expect(bankDetailsSchema.parse({ ...valid, iban: "DE89 3704 0044 0532 0130 00" }).iban).toBe("DE89370400440532013000");
    expect(bankDetailsSchema.parse({ ...valid, iban: "CH93 0076 2011 6238 5295 7" }).iban).toBe("CH9300762011623852957");
  });

  it("refuses a wrong checksum, a truncated IBAN, garbage and an empty field, each with its message", () => {
    expect(errorsOf({ ...valid, iban: "FR76 3000 6000 0112 3456 7890 188" })).toEqual({ iban: M.ibanInvalid });
    expect(errorsOf({ ...valid, iban: "FR76 3000 6000" })).toEqual({ iban: M.ibanInvalid });
    expect(errorsOf({ ...valid, iban: "<script>alert(1)</script>" })).toEqual({ iban: M.ibanInvalid });
    expect(errorsOf({ ...valid, iban: "" })).toEqual({ iban: M.ibanRequired });
    expect(errorsOf({ ...valid, iban: undefined })).toEqual({ iban: M.ibanRequired });
    expect(errorsOf({ ...valid, iban: "FR76".padEnd(200, "0") })).toEqual({ iban: M.ibanInvalid });
  });

  it("refuses a valid IBAN outside the SEPA zone", () => {
    // a real-format Tunisian and Brazilian IBAN: valid checksums, no SEPA transfer possible
    expect(errorsOf({ ...valid, iban: "TN59 1000 6035 1835 9847 8831" })).toEqual({ iban: M.ibanNotSepa });
    expect(errorsOf({ ...valid, iban: "BR18 0036 0305 0000 1000 9795 493C 1" })).toEqual({ iban: M.ibanNotSepa });
  });

  it("wants the account holder's name: accents allowed, at most 70 characters, no symbols a transfer refuses", () => {
    expect(bankDetailsSchema.parse({ ...valid, holderName: "  Hélène   d'Aubigné-Lefèvre " }).holderName).toBe("Hélène d'Aubigné-Lefèvre");
    expect(bankDetailsSchema.parse({ ...valid, holderName: "M. & Mme Martin (SCI Les Pins)" }).holderName).toBe("M. & Mme Martin (SCI Les Pins)");
    expect(errorsOf({ ...valid, holderName: "   " })).toEqual({ holderName: M.holderRequired });
    expect(errorsOf({ ...valid, holderName: undefined })).toEqual({ holderName: M.holderRequired });
    expect(errorsOf({ ...valid, holderName: "A".repeat(71) })).toEqual({ holderName: M.holderTooLong });
    expect(bankDetailsSchema.safeParse({ ...valid, holderName: "A".repeat(70) }).success).toBe(true);
    for (const name of ["Camille 💸", "<b>Camille</b>", "Camille\u0000Dupont", "Камила"]) expect(errorsOf({ ...valid, holderName: name })).toEqual({ holderName: M.holderCharacters });
  });

  it("refuses a name that keeps fewer than two letters once transliterated to the SEPA set (ʁ, ɐ are Latin script with no SEPA form)", () => {
    for (const name of ["ʁʁʁ ɐɐ", "ɐ", "X", "123 456", "'-./"]) expect(errorsOf({ ...valid, holderName: name }), name).toEqual({ holderName: M.holderLetters });
    // transliterated names keep their letters: accepted
    for (const name of ["Œ", "Xu", "ʁa Li", "Łukasz Żółć"]) expect(bankDetailsSchema.safeParse({ ...valid, holderName: name }).success, name).toBe(true);
  });

  it("asks for the password", () => {
    expect(errorsOf({ ...valid, password: "" })).toEqual({ password: M.passwordRequired });
    expect(errorsOf({ ...valid, password: undefined })).toEqual({ password: M.passwordRequired });
  });

  it("shows a saved IBAN by its country and last four characters only", () => {
    expect(maskIban("FR", "0189")).toBe("FR•• •••• •••• •••• 0189");
    expect(normaliseIban("pas un iban")).toBe("PASUNIBAN");
  });
});
