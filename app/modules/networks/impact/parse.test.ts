import { describe, expect, it } from "vitest";
import { readNetworkJson } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseImpactActions } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

const action = { Id: "1.2.3", State: "APPROVED", Payout: 32252.1922, Amount: "32252.19", Currency: "usd", EventDate: "2017-01-12T19:52:07.000Z" };

describe("parseImpactActions", () => {
  it("reads the fixture: 4-decimal payouts, offsets, the account from the action Uri", () => {
    const { records, rejected } = parseImpactActions(readNetworkJson("impact-actions.json"));
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "impact",
      networkAccountId: "IRxxx",
      networkProgramId: "3641",
      recordId: "3641.3299.182972",
      conversionKey: "3641.3299.182972",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: "FR-778899",
      status: "pending",
      networkStatusRaw: "PENDING",
      networkPaid: false,
      saleAmount: "64.00",
      commissionAmount: "3.2000",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T09:41:00Z"),
      clickAt: new Date("2025-03-03T09:15:00Z"),
      validatedAt: null,
      lockingAt: new Date("2025-04-14T22:00:00Z"),
      declineReasonRaw: null,
    });
    // no Uri: the page's account
    expect(records[1]).toMatchObject({ networkAccountId: "IRxxx", status: "declined", networkStatusRaw: "REVERSED", commissionAmount: "0.00", clickAt: null });
  });

  it("maps the states; DEFAULT stays pending; numbers keep their shortest text", () => {
    const { records } = parseImpactActions(
      { Actions: ["PENDING", "APPROVED", "REVERSED", "DEFAULT", "REJECTED"].map((State, i) => ({ ...action, Id: String(i), State })) },
      { networkAccountId: "IR1" },
    );
    expect(records.map((r) => r.status)).toEqual(["pending", "approved", "declined", "pending", "declined"]);
    expect(records[0]).toMatchObject({ commissionAmount: "32252.1922", saleAmount: "32252.19", currency: "USD", networkAccountId: "IR1" });
  });

  it("prefers the envelope's AccountSid and reads ClearedDate as the validation date", () => {
    const { records } = parseImpactActions({ AccountSid: "IRenv", Actions: [{ ...action, Uri: "/Mediapartners/IRother/Actions/1", ClearedDate: "2025-05-01T08:00:00-07:00" }] });
    expect(records[0]).toMatchObject({ networkAccountId: "IRenv", validatedAt: new Date("2025-05-01T15:00:00Z") });
  });

  it("keeps the valid actions and names the bad ones", () => {
    const { records, rejected } = parseImpactActions(
      { Actions: [action, { ...action, Id: "b", LockingDate: "2017-02-31T08:00:00.000Z" }, { ...action, Id: "c", Payout: "" }, { ...action, Id: "d", Currency: "€" }] },
      { networkAccountId: "IR1" },
    );
    expect(records.map((r) => r.recordId)).toEqual(["1.2.3"]);
    expect(rejected.map(describeRejected)).toEqual([
      "enregistrement 2 (b) : date de verrouillage illisible : « 2017-02-31T08:00:00.000Z »",
      "enregistrement 3 (c) : commission manquante",
      "enregistrement 4 (d) : devise illisible : « € »",
    ]);
  });

  it("reports an error answer as an unreadable page", () => {
    expect(parseImpactActions({ Status: "ERROR", Message: "Invalid credentials" }).rejected).toEqual([{ at: "fichier", message: "fichier illisible : erreur d'Impact « Invalid credentials »" }]);
  });
});
