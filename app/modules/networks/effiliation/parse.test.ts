import { describe, expect, it } from "vitest";
import { readNetworkFixture } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseEffiliationCsv, parseEffiliationFile, parseEffiliationTransactions } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

const HEADER = "id_transaction|id_affilieur|id_programme|id_session|effi_id|effi_id2|type|montant|commission|etat|date|dateclic|datevalidation";

describe("parseEffiliationCsv", () => {
  it("reads the fixture by header, comma decimals, Paris dates", () => {
    const { records, rejected } = parseEffiliationCsv(readNetworkFixture("effiliation-transactions.csv"));
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(4);
    expect(withoutRaw(records[0])).toEqual({
      network: "effiliation",
      networkAccountId: "101245454",
      networkProgramId: "23456",
      recordId: "987654321",
      conversionKey: "987654321",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: null,
      status: "pending",
      networkStatusRaw: "Attente",
      networkPaid: false,
      saleAmount: "59.90",
      commissionAmount: "2.40",
      currency: "EUR",
      // 10:41 on a Paris clock in March (UTC+1)
      transactionAt: new Date("2025-03-03T09:41:00Z"),
      clickAt: new Date("2025-03-03T09:15:00Z"),
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[0].raw).toMatchObject({ id_transaction: "987654321", id_session: "778899", montant: "59,90" });
    expect(records.map((r) => [r.networkStatusRaw, r.status])).toEqual([
      ["Attente", "pending"],
      ["Valide", "approved"],
      ["Refus", "declined"],
      ["Pending", "pending"],
    ]);
    expect(records[1].validatedAt).toEqual(new Date("2025-03-02T08:00:00Z"));
    expect(records[3]).toMatchObject({ clickId: null, saleAmount: "0", commissionAmount: "3.00" });
  });

  it.each([
    ["Refusé", "declined"],
    ["refuse", "declined"],
    ["Refusal", "declined"],
    ["Valid", "approved"],
    ["Abgelehnt", "declined"],
    ["Bestätigt", "approved"],
    ["Pendiente", "pending"],
    ["Rechazado", "declined"],
    ["In attesa", "pending"],
    ["Rifiutato", "declined"],
    ["Pendente", "pending"],
    ["Recusado", "declined"],
  ])("maps etat %s to %s", (etat, status) => {
    const { records } = parseEffiliationCsv(`${HEADER}\n1|101245454|23456|1|c1||Vente|10|1|${etat}|03/03/2025 10:41:00||`);
    expect(records[0].status).toBe(status);
  });

  it("keeps the valid lines of a partly bad file and names the bad lines", () => {
    const text = [
      HEADER,
      "1|101245454|23456|1|c1||Vente|10,00|1,5|Attente|03/03/2025 10:41:00||",
      "2|101245454|23456|1|c1||Vente|10,00|abc|Attente|03/03/2025 10:41:00||",
      "3|101245454|23456|1|c1||Vente|10,00|1|Attente|||",
      "4|101245454|23456|1|c1||Vente|10,00|1|Attente",
      "5|101245454|23456|1|c1||Vente|10,00|1|Bizarre|03/03/2025 10:41:00||",
      "",
      "6|101245454|23456|1|c1||Vente|10,00|1|Valide|31/02/2025 10:41:00||",
      "7|101245454|23456|1|c1||Vente|10,00|1,1234|Valide|03/03/2025 10:41:00|03/03/2025 10:40:00|",
    ].join("\r\n");
    const { records, rejected } = parseEffiliationCsv(text);
    expect(records.map((r) => [r.recordId, r.commissionAmount])).toEqual([
      ["1", "1.5"],
      ["7", "1.1234"],
    ]);
    expect(rejected.map(describeRejected)).toEqual([
      "ligne 3 : commission illisible : « abc »",
      "ligne 4 : date de la transaction manquante",
      "ligne 5 : 10 colonnes au lieu de 13",
      "ligne 6 : statut inconnu : « Bizarre »",
      "ligne 8 : date de la transaction illisible : « 31/02/2025 10:41:00 »",
    ]);
  });

  it("uses the caller's currency or account when the file has none", () => {
    const text = "id_transaction|montant|commission|etat|date\n1|10|1|Valide|03/03/2025 10:41:00";
    expect(parseEffiliationCsv(text).rejected[0].message).toMatch(/^identifiant du compte éditeur manquant/);
    const { records } = parseEffiliationCsv(text, { networkAccountId: "42", currency: "chf" });
    expect(records[0]).toMatchObject({ networkAccountId: "42", currency: "CHF", networkProgramId: null, clickId: null });
  });

  it("accepts the export re-saved with ';' or quoted ',' separators", () => {
    const semi = parseEffiliationCsv("id_transaction;id_affilieur;commission;etat;date\n1;2;1,5;Valide;03/03/2025 10:41:00");
    expect(semi.records[0]).toMatchObject({ recordId: "1", commissionAmount: "1.5", status: "approved" });
    const comma = parseEffiliationCsv('id_transaction,id_affilieur,commission,etat,date\n1,2,"1,5",Valide,03/03/2025 10:41:00');
    expect(comma.records[0]).toMatchObject({ recordId: "1", commissionAmount: "1.5" });
  });

  it("refuses a file without its header", () => {
    expect(parseEffiliationCsv("bad credentials !").rejected).toEqual([{ at: "fichier", message: "fichier illisible : identifiants refusés par Effiliation" }]);
    expect(parseEffiliationCsv("1|2|3").rejected[0].message).toBe("fichier illisible : ligne d'en-tête attendue (id_transaction|…, séparateur « | »)");
    expect(parseEffiliationCsv("").rejected[0].message).toBe("fichier illisible : fichier vide");
  });
});

describe("parseEffiliationTransactions (JSON)", () => {
  it("reads an array or an object holding one", () => {
    const item = { id_transaction: 9, id_affilieur: 101245454, montant: 12.5, commission: "0,625", etat: "Valide", date: "2025-03-03 10:41:00" };
    const { records } = parseEffiliationTransactions({ transactions: [item] });
    expect(records[0]).toMatchObject({ recordId: "9", commissionAmount: "0.625", saleAmount: "12.5", status: "approved", transactionAt: new Date("2025-03-03T09:41:00Z") });
    expect(parseEffiliationFile(JSON.stringify([item])).records).toHaveLength(1);
    expect(parseEffiliationFile("{oops").rejected[0].message).toBe("fichier illisible : JSON invalide");
  });
});
