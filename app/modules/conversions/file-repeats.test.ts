import { describe, expect, it } from "vitest";
import { parseNetworkFile } from "#app/modules/networks/parse.server";
import { checkFileRepeats } from "./file-repeats";

const HEADER = "id_transaction|id_affilieur|id_programme|id_session|effi_id|effi_id2|type|montant|commission|etat|date|dateclic|datevalidation";
const line = (id: string, commission: string) => `${id}|101|23456|778899|||Vente|100,00|${commission}|Attente|03/03/2026 10:41:00|03/03/2026 10:15:00|`;
const parse = (lines: string[]) => parseNetworkFile("effiliation", [HEADER, ...lines].join("\n"));

describe("records repeated in one file", () => {
  it("refuses an id repeated with different content, naming its lines", () => {
    const result = checkFileRepeats(parse([line("A", "1,00"), line("ORD-1", "3,00"), line("B", "1,00"), line("C", "1,00"), line("D", "1,00"), line("ORD-1", "900,00")]));
    expect(result).toEqual({ ok: false, message: "Le fichier répète l'identifiant ORD-1 avec un contenu différent (lignes 3 et 7). Rien n'a été importé." });
  });

  it("names every conflicting id, and records of a JSON file by their position", () => {
    const csv = checkFileRepeats(parse([line("X", "1,00"), line("Y", "1,00"), line("X", "2,00"), line("Y", "2,00"), line("X", "3,00")]));
    expect(csv).toEqual({ ok: false, message: "Le fichier répète 2 identifiants avec un contenu différent : X (lignes 2, 4 et 6), Y (lignes 3 et 5). Rien n'a été importé." });
    const json = JSON.stringify([
      { id: 7, publisherId: 1, advertiserId: 2, commissionStatus: "pending", commissionAmount: { amount: 1, currency: "EUR" }, saleAmount: { amount: 10, currency: "EUR" }, transactionDate: "2026-03-01T10:00:00" },
      { id: 7, publisherId: 1, advertiserId: 2, commissionStatus: "pending", commissionAmount: { amount: 90, currency: "EUR" }, saleAmount: { amount: 10, currency: "EUR" }, transactionDate: "2026-03-01T10:00:00" },
    ]);
    const parsed = parseNetworkFile("awin", json);
    expect(parsed.rejected).toEqual([]);
    expect(checkFileRepeats(parsed)).toEqual({ ok: false, message: "Le fichier répète l'identifiant 7 avec un contenu différent (enregistrements 1 et 2). Rien n'a été importé." });
  });

  it("reads an exact repeat as one record", () => {
    const parsed = parse([line("A", "1,00"), line("B", "2,00"), line("A", "1,00")]);
    const result = checkFileRepeats(parsed);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.parsed.records.map((r) => r.recordId)).toEqual(["A", "B"]);
    expect(result.parsed.at).toEqual(["ligne 2", "ligne 3"]);
    // nothing repeated: the same result
    const single = parse([line("A", "1,00")]);
    expect(checkFileRepeats(single)).toEqual({ ok: true, parsed: single });
  });
});
