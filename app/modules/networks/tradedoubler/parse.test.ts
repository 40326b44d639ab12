import { describe, expect, it } from "vitest";
import { readNetworkJson } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseTradedoublerTransactions } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

const item = { orderNumber: "O1", eventId: 1, programId: 2, timeOfTransaction: "2025-03-03T10:41:00", commission: 4.5, status: "A" };

describe("parseTradedoublerTransactions", () => {
  it("reads the fixture: ids from event/program and order or lead number, the page's currency", () => {
    const { records, rejected } = parseTradedoublerTransactions(readNetworkJson("tradedoubler-transactions.json"), { networkAccountId: "td-1" });
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "tradedoubler",
      networkAccountId: "td-1",
      networkProgramId: "270504",
      recordId: "123456:TD-ORDER-1",
      conversionKey: "270504:TD-ORDER-1",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: "TD-ORDER-1",
      status: "pending",
      networkStatusRaw: "P",
      networkPaid: false,
      saleAmount: "89.9",
      commissionAmount: "4.5",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T10:41:00Z"),
      clickAt: new Date("2025-03-03T10:15:00Z"),
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[1]).toMatchObject({ recordId: "123457:TD-LEAD-9", conversionKey: "270504:TD-LEAD-9", status: "declined", saleAmount: "0", commissionAmount: "2" });
  });

  it("maps A to approved, and needs an account and a currency", () => {
    expect(parseTradedoublerTransactions({ reportCurrencyCode: "SEK", items: [item] }, { networkAccountId: "x" }).records[0]).toMatchObject({ status: "approved", currency: "SEK" });
    expect(parseTradedoublerTransactions({ items: [item] }, { networkAccountId: "x" }).rejected.map(describeRejected)).toEqual(["enregistrement 1 (O1) : devise manquante"]);
    expect(parseTradedoublerTransactions({ reportCurrencyCode: "EUR", items: [item] }).rejected[0].message).toMatch(/^identifiant du compte éditeur manquant/);
  });

  it("keeps the valid items and names the bad ones", () => {
    const { records, rejected } = parseTradedoublerTransactions(
      { reportCurrencyCode: "EUR", items: [item, { ...item, orderNumber: undefined }, { ...item, orderNumber: "O3", status: "Z" }, { ...item, orderNumber: "O4", commission: "4,5678" }] },
      { networkAccountId: "x" },
    );
    expect(records.map((r) => [r.recordId, r.commissionAmount])).toEqual([
      ["1:O1", "4.5"],
      ["1:O4", "4.5678"],
    ]);
    expect(rejected.map(describeRejected)).toEqual(["enregistrement 2 (1) : numéro de commande ou de lead manquant", "enregistrement 3 (O3) : statut inconnu : « Z »"]);
  });

  it("reports an error answer as an unreadable page", () => {
    expect(parseTradedoublerTransactions([{ code: 401, message: "Bad token" }]).rejected).toEqual([{ at: "fichier", message: "fichier illisible : erreur de Tradedoubler « Bad token »" }]);
    expect(parseTradedoublerTransactions("x").rejected[0].message).toBe("fichier illisible : {reportCurrencyCode, items} attendu");
  });
});
