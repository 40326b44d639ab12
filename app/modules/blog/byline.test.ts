import { describe, expect, it } from "vitest";
import { byline } from "./byline";

describe("byline", () => {
  it("prefixes a name with Par", () => {
    expect(byline("Margaux, rédactrice beauté")).toBe("Par Margaux, rédactrice beauté");
    expect(byline("L'équipe Crevarde")).toBe("Par L'équipe Crevarde");
    expect(byline("  Inès,   esthéticienne ")).toBe("Par Inès, esthéticienne");
  });

  it("keeps a credit phrase as it is, without a second Par", () => {
    expect(byline("Propos recueillis par Margaux")).toBe("Propos recueillis par Margaux");
    expect(byline("écrit par Chloé")).toBe("Écrit par Chloé");
    expect(byline("Par Chloé")).toBe("Par Chloé");
    expect(byline("PAR l'équipe")).toBe("PAR l'équipe");
  });

  it("does not mistake a name containing the letters p-a-r for a credit", () => {
    expect(byline("Pauline Parisot")).toBe("Par Pauline Parisot");
    expect(byline("Dr Amélie Laurent, pharmacienne à Paris")).toBe("Par Dr Amélie Laurent, pharmacienne à Paris");
  });

  it("shows nothing for an empty author", () => {
    expect(byline("  ")).toBe("");
  });
});
