import { describe, expect, it } from "vitest";
import { readNetworkFixture } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseTimeOneXml } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

const action = (attrs: string) =>
  `<action id="A1" SubID="cS" ActionDate="2025-07-01 12:00:00" ValidationDate="" ActionStatus="2" ActionCommission="1.5" CartAmount="15" ProgramCurrency="EUR" ${attrs}/>`;

describe("parseTimeOneXml", () => {
  it("reads the fixture: 3-decimal commissions, Paris dates, partner and program ids", () => {
    const { records, rejected } = parseTimeOneXml(readNetworkFixture("timeone-subid.xml"));
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "timeone",
      networkAccountId: "51238",
      networkProgramId: "390",
      recordId: "1826271-606458",
      conversionKey: "1826271-606458",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: null,
      status: "pending",
      networkStatusRaw: "1",
      networkPaid: false,
      saleAmount: "178.33",
      commissionAmount: "17.833",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T09:41:00Z"),
      clickAt: null,
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[0].raw).toMatchObject({ partnerId: "51238", programId: "390", programName: "Exemple Vins", action: { Title: "Vente_NouveauClient" } });
    expect(records[1]).toMatchObject({ status: "declined", clickId: null, commissionAmount: "2.238", validatedAt: new Date("2025-03-11T23:00:00Z") });
  });

  it("maps 2 to approved, decodes entities, and names bad actions", () => {
    const xml = `<?xml version="1.0"?><partner id="7"><program id='9'><name>A &amp; B</name>${action("")}${action('id="A2" ActionCommission="x"').replace('id="A1" ', "")}${action('id="A3" ActionStatus="5"').replace('id="A1" ', "")}</program></partner>`;
    const { records, rejected } = parseTimeOneXml(xml);
    expect(records[0]).toMatchObject({ status: "approved", transactionAt: new Date("2025-07-01T10:00:00Z"), networkAccountId: "7", networkProgramId: "9" });
    expect(records[0].raw).toMatchObject({ programName: "A & B" });
    expect(rejected.map(describeRejected)).toEqual(["enregistrement 2 (A2) : commission illisible : « x »", "enregistrement 3 (A3) : statut inconnu : « 5 »"]);
  });

  it("reads an empty answer as no records, and the rate-limit text as unreadable", () => {
    expect(parseTimeOneXml("<partner id='1'/>")).toEqual({ records: [], rejected: [], at: [] });
    expect(parseTimeOneXml("You reached the limit of 3 call(s) in the last 900 seconds (15 min). Try again later. Thank you").rejected).toEqual([
      { at: "fichier", message: "fichier illisible : réponse de TimeOne « You reached the limit of 3 call(s) in t… »" },
    ]);
    expect(parseTimeOneXml("<html></html>").rejected[0].message).toBe("fichier illisible : élément <partner> attendu");
  });
});
