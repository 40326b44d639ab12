import { describe, expect, it } from "vitest";
import { readNetworkJson } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseRakutenEvents } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

describe("parseRakutenEvents", () => {
  it("reads the fixture: one record per SKU keyed on the order, the return negative, all pending", () => {
    const { records, rejected } = parseRakutenEvents(readNetworkJson("rakuten-events.json"));
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "rakuten",
      networkAccountId: "3131313",
      networkProgramId: "36342",
      recordId: "E1a2b3c4",
      conversionKey: "R-5001",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: "R-5001",
      status: "pending",
      networkStatusRaw: "",
      networkPaid: false,
      saleAmount: "40",
      commissionAmount: "2",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T10:41:00Z"),
      clickAt: null,
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records.map((r) => [r.recordId, r.conversionKey, r.commissionAmount, r.saleAmount, r.status])).toEqual([
      ["E1a2b3c4", "R-5001", "2", "40", "pending"],
      ["E1a2b3c5", "R-5001", "0.5", "10", "pending"],
      ["E1a2b3c6", "R-5001", "-0.5", "-10", "pending"],
    ]);
  });

  it("reads ISO dates and string amounts, and names bad records", () => {
    const ok = { etransaction_id: "E1", order_id: "R1", commissions: "1,250", currency: "EUR", transaction_date: "2025-03-03T10:41:00+01:00", sid: 1 };
    const { records, rejected } = parseRakutenEvents([ok, { ...ok, etransaction_id: "E2", order_id: "" }, { ...ok, etransaction_id: "E3", transaction_date: "Mon Feb 30 2025 10:00:00 GMT+0000" }, null]);
    expect(records[0]).toMatchObject({ commissionAmount: "1.250", transactionAt: new Date("2025-03-03T09:41:00Z"), saleAmount: null, clickId: null, networkProgramId: null });
    expect(rejected.map(describeRejected)).toEqual([
      "enregistrement 2 (E2) : numéro de commande (order_id) manquant",
      "enregistrement 3 (E3) : date de la transaction illisible : « Mon Feb 30 2025 10:00:00 GMT+0000 »",
      "enregistrement 4 : enregistrement illisible (objet attendu)",
    ]);
  });

  it("refuses a page that is not an array", () => {
    expect(parseRakutenEvents({ errors: "x" }).rejected).toEqual([{ at: "fichier", message: "fichier illisible : tableau d'événements attendu" }]);
  });
});
