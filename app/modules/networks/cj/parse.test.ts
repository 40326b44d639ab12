import { describe, expect, it } from "vitest";
import { readNetworkJson } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseCjCommissions } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

function page(records: unknown[]) {
  return { data: { publisherCommissions: { count: records.length, payloadComplete: true, maxCommissionId: "9", records } } };
}

const base = { commissionId: "1", actionStatus: "new", eventDate: "2025-03-03T10:41:00Z", pubCommissionAmountPubCurrency: "6.00" };

describe("parseCjCommissions", () => {
  it("reads the fixture: the correction keys onto the original and keeps its negative sign", () => {
    const { records, rejected } = parseCjCommissions(readNetworkJson("cj-publisherCommissions.json"), { networkAccountId: "7654321" });
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "cj",
      networkAccountId: "7654321",
      networkProgramId: "1234567",
      recordId: "3000000001",
      conversionKey: "3000000001",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: "ORD-42",
      status: "pending",
      networkStatusRaw: "new",
      networkPaid: false,
      saleAmount: "120.00",
      commissionAmount: "6.00",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T10:41:00Z"),
      clickAt: new Date("2025-03-03T10:15:00Z"),
      validatedAt: null,
      lockingAt: new Date("2025-04-10T00:00:00Z"),
      declineReasonRaw: null,
    });
    expect(withoutRaw(records[1])).toMatchObject({
      recordId: "3000000002",
      conversionKey: "3000000001",
      saleAmount: "-120.00",
      commissionAmount: "-6.00",
      declineReasonRaw: "RETURNED_MERCHANDISE",
      clickAt: null,
    });
  });

  it("maps NEW/EXTENDED to pending, LOCKED to approved, CLOSED to approved and paid", () => {
    const { records } = parseCjCommissions(
      page(["NEW", "extended", "LOCKED", "closed"].map((actionStatus, i) => ({ ...base, commissionId: String(i), actionStatus }))),
      { networkAccountId: "1" },
    );
    expect(records.map((r) => [r.status, r.networkPaid])).toEqual([
      ["pending", false],
      ["pending", false],
      ["approved", false],
      ["approved", true],
    ]);
  });

  it("takes the account and currency from the record when it has them, sid as the click id", () => {
    const { records } = parseCjCommissions(page([{ ...base, publisherId: "555", pubCurrency: "usd", sid: "cS", pubCommissionAmountPubCurrency: 6.5 }]));
    expect(records[0]).toMatchObject({ networkAccountId: "555", currency: "USD", clickId: "cS", commissionAmount: "6.5", conversionKey: "1" });
  });

  it("keeps the valid records of a partly bad page", () => {
    const { records, rejected } = parseCjCommissions(
      page([base, { ...base, commissionId: "2", pubCommissionAmountPubCurrency: "Infinity" }, { ...base, commissionId: "3", eventDate: "demain" }, { ...base, commissionId: "4", actionStatus: "" }]),
      { networkAccountId: "1" },
    );
    expect(records.map((r) => r.recordId)).toEqual(["1"]);
    expect(rejected.map(describeRejected)).toEqual([
      "enregistrement 2 (2) : commission illisible : « Infinity »",
      "enregistrement 3 (3) : date de la transaction illisible : « demain »",
      "enregistrement 4 (4) : statut manquant",
    ]);
  });

  it("reports GraphQL errors as an unreadable page", () => {
    expect(parseCjCommissions({ errors: [{ message: "Unauthorized" }] }).rejected).toEqual([{ at: "fichier", message: "fichier illisible : erreur GraphQL de CJ « Unauthorized »" }]);
    expect(parseCjCommissions([]).rejected[0].message).toBe("fichier illisible : data.publisherCommissions.records attendu");
  });
});
