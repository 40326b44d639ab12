import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentBlockFormSchema, jsonSyntaxError } from "./content-block-form.schema";
import { jsonErrorOffset } from "./json-syntax";

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("JSON content blocks", () => {
  it("accepts valid JSON", () => {
    for (const text of ['{"items": [{"label": "Économie", "value": "143€"}]}', "[]", "42", '"texte"', "null", ' {"a": -1.5e3, "b": "\\u00e9\\n"} ']) expect(jsonSyntaxError(text)).toBeNull();
  });

  it("explains where invalid JSON breaks, in French", () => {
    expect(jsonSyntaxError('{\n  "a": 1\n  "b": 2\n}')).toBe("Le contenu n'est pas un JSON valide : erreur à la ligne 3, colonne 3.");
    expect(jsonSyntaxError("{'a': 1}")).toBe("Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 2.");
    expect(jsonSyntaxError('{"items": [1, 2,]}')).toBe("Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 17.");
    expect(jsonSyntaxError('{"a": 1}}')).toBe("Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 9.");
    expect(jsonSyntaxError("Bonjour")).toBe("Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 1.");
    expect(jsonSyntaxError('[{"a": 1}')).toBe("Le contenu n'est pas un JSON valide : il s'arrête avant la fin (crochet, accolade ou guillemet non fermé).");
    expect(jsonSyntaxError('{"a": "sans fin')).toBe("Le contenu n'est pas un JSON valide : il s'arrête avant la fin (crochet, accolade ou guillemet non fermé).");
    expect(jsonSyntaxError("[".repeat(50_000))).toBe("Le contenu n'est pas un JSON valide.");
  });

  it("the scanner agrees with JSON.parse", () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string(), fc.json().chain((j) => fc.nat(j.length).map((n) => j.slice(0, n) + j.slice(n + 1)))), (text) => {
        expect(jsonErrorOffset(text) === null).toBe(parses(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("checks the content only for the json type", () => {
    const base = { name: "bloc", title: "Titre", page: "home", position: "0" };
    const json = contentBlockFormSchema.safeParse({ ...base, type: "json", content: "{oops}" });
    expect(json.success).toBe(false);
    expect(json.error?.issues).toEqual([expect.objectContaining({ path: ["content"], message: expect.stringMatching(/^Le contenu n'est pas un JSON valide/) })]);
    expect(contentBlockFormSchema.safeParse({ ...base, type: "text", content: "{oops}" }).success).toBe(true);
    expect(contentBlockFormSchema.safeParse({ ...base, type: "json", content: '{"ok": true}' }).success).toBe(true);
  });
});
