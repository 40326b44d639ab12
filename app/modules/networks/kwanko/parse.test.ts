import { describe, expect, it } from "vitest";
import { readNetworkFixture } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseKwankoFile, parseKwankoPostback, parseKwankoReport } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

describe("parseKwankoPostback", () => {
  it("reads a postback as a pending hint, the Unix time first", () => {
    const { records, rejected } = parseKwankoPostback(
      "GET /webhooks/kwanko/tok123?sub=c7Hq2ZxP0aB9kLm3Nq4Rs&cid=KW-5566778899&gain=3.20&cur=EUR&at=2025-03-03%2010%3A41%3A00&ts=1741002060&prog=P4F47357018F191&site=12345",
    );
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "kwanko",
      networkAccountId: "12345",
      networkProgramId: "P4F47357018F191",
      recordId: "KW-5566778899",
      conversionKey: "KW-5566778899",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: null,
      status: "pending",
      networkStatusRaw: "",
      networkPaid: false,
      saleAmount: null,
      commissionAmount: "3.20",
      currency: "EUR",
      transactionAt: new Date(1741002060 * 1000),
      clickAt: null,
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[0].raw).toMatchObject({ cid: "KW-5566778899", sub: "c7Hq2ZxP0aB9kLm3Nq4Rs" });
  });

  it("falls back to DTNOW in Paris time, accepts macro names and a comma", () => {
    const { records } = parseKwankoPostback(new URLSearchParams({ ARGSITE: "cX", UNIQUE_CONV_ID: "K1", GAINAF: "0,90", CURRENCY_GAINAF: "eur", DTNOW: "2025-03-03 11:05:00", IDSITE: "12345" }));
    expect(records[0]).toMatchObject({ recordId: "K1", commissionAmount: "0.90", currency: "EUR", transactionAt: new Date("2025-03-03T10:05:00Z"), clickId: "cX" });
  });

  it("rejects garbage with a French message", () => {
    expect(parseKwankoPostback("").rejected).toEqual([{ at: "fichier", message: "fichier illisible : paramètres de conversion absents" }]);
    expect(parseKwankoPostback("cid=K1&gain=1&cur=EUR&ts=abc&site=1").rejected).toEqual([{ at: "notification", message: "horodatage illisible : « abc »" }]);
    expect(parseKwankoPostback("sub=x&gain=1").rejected[0].message).toBe("identifiant de conversion (UNIQUE_CONV_ID) manquant");
  });
});

describe("parseKwankoFile", () => {
  it("reads the postback fixture: an empty or unreplaced {ARGSITE} gives no click id", () => {
    const { records, rejected } = parseKwankoFile(readNetworkFixture("kwanko-postback.txt"));
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.recordId, r.clickId, r.commissionAmount])).toEqual([
      ["KW-5566778899", "c7Hq2ZxP0aB9kLm3Nq4Rs", "3.20"],
      ["KW-5566778900", null, "1.10"],
      ["KW-5566778901", null, "0.90"],
    ]);
  });

  it("names the bad postback line", () => {
    const { records, rejected } = parseKwankoFile("GET /w?cid=K1&gain=1&cur=EUR&ts=1741002060&site=1\nGET /w?cid=K2&gain=&cur=EUR&ts=1741002060&site=1\n");
    expect(records).toHaveLength(1);
    expect(rejected.map(describeRejected)).toEqual(["ligne 2 : commission manquante"]);
  });
});

describe("parseKwankoReport (requete.php)", () => {
  it("reads 'OK n' then rows in the champs order, a/v/r, Paris dates, composite id", () => {
    const text = ["OK 3", "P1;03/03/2025 10:41:00;a;c7Hq2ZxP0aB9kLm3Nq4Rs;CMD-1;59,90;2,395;EUR;12345", "P1;04/03/2025 10:41:00;v;;CMD-2;10.00;1.000;EUR;12345", "P1;05/03/2025 10:41:00;x;;CMD-3;10.00;1;EUR;12345"].join("\n");
    const { records, rejected } = parseKwankoReport(text);
    expect(withoutRaw(records[0])).toEqual({
      network: "kwanko",
      networkAccountId: "12345",
      networkProgramId: "P1",
      recordId: "P1|2025-03-03T09:41:00.000Z|c7Hq2ZxP0aB9kLm3Nq4Rs|59.90",
      conversionKey: "P1|2025-03-03T09:41:00.000Z|c7Hq2ZxP0aB9kLm3Nq4Rs|59.90",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: "CMD-1",
      status: "pending",
      networkStatusRaw: "a",
      networkPaid: false,
      saleAmount: "59.90",
      commissionAmount: "2.395",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T09:41:00Z"),
      clickAt: null,
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[1]).toMatchObject({ status: "approved", clickId: null });
    expect(rejected.map(describeRejected)).toEqual(["ligne 4 : statut inconnu : « x »"]);
  });

  it("reads a header row when there is one, and refuses KO answers", () => {
    const { records } = parseKwankoReport("idprogramme;date;etat;gains;monnaie;idsite\nP2;03/03/2025 10:41:00;r;-1,5;EUR;9");
    expect(records[0]).toMatchObject({ status: "declined", commissionAmount: "-1.5", saleAmount: null, networkAccountId: "9" });
    expect(parseKwankoReport("KO 12 bad login").rejected).toEqual([{ at: "fichier", message: "fichier illisible : erreur renvoyée par Kwanko « KO 12 bad login »" }]);
    expect(parseKwankoFile("<html>nope</html>").rejected[0].message).toBe("fichier illisible : ni ligne « OK » ni en-tête (idprogramme;…)");
  });
});
