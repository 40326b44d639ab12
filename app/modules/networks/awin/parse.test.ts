import { describe, expect, it } from "vitest";
import { readNetworkFixture, readNetworkJson } from "#tests/helpers/network-fixtures";
import { describeRejected } from "#app/modules/networks/parse-common";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { parseAwinFile, parseAwinPush, parseAwinTransactions } from "./parse";

function withoutRaw(record: NormalisedRecord) {
  const { raw: _raw, ...rest } = record;
  return rest;
}

const base = {
  id: 1,
  publisherId: 123456,
  advertiserId: 3661,
  commissionStatus: "pending",
  commissionAmount: { amount: 1.64, currency: "EUR" },
  transactionDate: "2025-03-03T10:41:00",
};

describe("parseAwinTransactions", () => {
  it("reads the fixture: every record, amounts exact, statuses mapped", () => {
    const page = readNetworkJson("awin-transactions.json") as unknown[];
    const { records, rejected } = parseAwinTransactions(page);
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(6);
    expect(withoutRaw(records[0])).toEqual({
      network: "awin",
      networkAccountId: "123456",
      networkProgramId: "3661",
      recordId: "105956531",
      conversionKey: "105956531",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: "CMD-998877",
      status: "pending",
      networkStatusRaw: "pending",
      networkPaid: false,
      saleAmount: "26.09",
      commissionAmount: "1.64",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T10:41:00Z"),
      clickAt: new Date("2025-03-03T10:15:00Z"),
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[0].raw).toBe(page[0]);
    // amended then approved, amounts as strings
    expect(records[1]).toMatchObject({ status: "approved", commissionAmount: "3.60", saleAmount: "60.00", validatedAt: new Date("2025-03-10T08:00:00Z") });
    expect(records[2]).toMatchObject({ status: "declined", declineReasonRaw: "order returned", commissionAmount: "2.1", saleAmount: "35" });
    expect(records[3]).toMatchObject({ currency: "GBP", networkProgramId: "9999", commissionAmount: "5" });
    // no clickRef, and a tampered one: unattributed
    expect(records[4].clickId).toBeNull();
    expect(records[5].clickId).toBeNull();
  });

  it("maps deleted to declined and keeps the raw status", () => {
    const { records } = parseAwinTransactions([{ ...base, commissionStatus: "deleted" }]);
    expect(records[0]).toMatchObject({ status: "declined", networkStatusRaw: "deleted" });
  });

  it("accepts amounts as numbers or strings, with a dot or a comma, 3 or 4 decimals", () => {
    const { records, rejected } = parseAwinTransactions([
      { ...base, id: 1, commissionAmount: { amount: "1,64", currency: "eur" } },
      { ...base, id: 2, commissionAmount: { amount: 17.833, currency: "EUR" } },
      { ...base, id: 3, commissionAmount: { amount: " 32252.1922 ", currency: "EUR" } },
      { ...base, id: 4, commissionAmount: { amount: -4.8, currency: "EUR" }, saleAmount: { amount: "-80,00", currency: "EUR" } },
    ]);
    expect(rejected).toEqual([]);
    expect(records.map((r) => [r.commissionAmount, r.currency])).toEqual([
      ["1.64", "EUR"],
      ["17.833", "EUR"],
      ["32252.1922", "EUR"],
      ["-4.8", "EUR"],
    ]);
    expect(records[3].saleAmount).toBe("-80.00");
  });

  it("reads dates with or without Z or an offset (none = UTC, as the pull asks)", () => {
    const { records } = parseAwinTransactions([
      { ...base, id: 1, transactionDate: "2025-03-03T10:41:00" },
      { ...base, id: 2, transactionDate: "2025-03-03T10:41:00Z" },
      { ...base, id: 3, transactionDate: "2025-03-03T11:41:00+01:00" },
    ]);
    expect(records.map((r) => r.transactionAt.toISOString())).toEqual(Array(3).fill("2025-03-03T10:41:00.000Z"));
  });

  it("gives null for missing optional fields", () => {
    const { records } = parseAwinTransactions([base]);
    expect(records[0]).toMatchObject({ saleAmount: null, clickId: null, orderRef: null, clickAt: null, validatedAt: null, declineReasonRaw: null });
  });

  it("keeps the valid records of a partly bad page and names the bad ones", () => {
    const { records, rejected } = parseAwinTransactions([
      base,
      { ...base, id: 2, commissionAmount: { amount: "abc", currency: "EUR" } },
      { ...base, id: 3, transactionDate: undefined },
      { ...base, id: 4, commissionStatus: "maybe" },
      "garbage",
      { ...base, id: 6, publisherId: undefined },
      { ...base, id: 7, commissionAmount: { amount: NaN, currency: "EUR" } },
      { ...base, id: 8 },
    ]);
    expect(records.map((r) => r.recordId)).toEqual(["1", "8"]);
    expect(rejected.map(describeRejected)).toEqual([
      "enregistrement 2 (2) : commission illisible : « abc »",
      "enregistrement 3 (3) : date de la transaction manquante",
      "enregistrement 4 (4) : statut inconnu : « maybe »",
      "enregistrement 5 : enregistrement illisible (objet attendu)",
      "enregistrement 6 (6) : identifiant du compte éditeur manquant (absent de l'enregistrement et non fourni à l'import)",
      "enregistrement 7 (7) : commission illisible : « NaN »",
    ]);
  });

  it("takes the account from the caller when the record has none", () => {
    const { records } = parseAwinTransactions([{ ...base, publisherId: undefined }], { networkAccountId: "999" });
    expect(records[0].networkAccountId).toBe("999");
  });

  it("reports an error answer as an unreadable page", () => {
    expect(parseAwinTransactions({ error: "Unauthorized", description: "invalid token" })).toEqual({
      records: [],
      rejected: [{ at: "fichier", message: "fichier illisible : réponse d'erreur d'Awin « invalid token »" }],
    });
  });
});

describe("parseAwinPush", () => {
  const json = readNetworkFixture("awin-push.txt")
    .split("\n")
    .find((l) => l.startsWith("AwinTransactionPush="))!
    .slice("AwinTransactionPush=".length);

  it("reads a form-encoded AwinTransactionPush as a pending hint", () => {
    const body = new URLSearchParams({ AwinTransactionPush: json }).toString();
    const { records, rejected } = parseAwinPush(body);
    expect(rejected).toEqual([]);
    expect(withoutRaw(records[0])).toEqual({
      network: "awin",
      networkAccountId: "123456",
      networkProgramId: "3661",
      recordId: "105956531",
      conversionKey: "105956531",
      clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs",
      orderRef: null,
      status: "pending",
      networkStatusRaw: "",
      networkPaid: false,
      saleAmount: "26.09",
      commissionAmount: "1.64",
      currency: "EUR",
      transactionAt: new Date("2025-03-03T10:41:00Z"),
      clickAt: new Date("2025-03-03T10:15:00Z"),
      validatedAt: null,
      lockingAt: null,
      declineReasonRaw: null,
    });
    expect(records[0].raw).toEqual(JSON.parse(json));
  });

  it("reads URLSearchParams as the push route gets them from a form body", () => {
    const { records } = parseAwinPush(new URLSearchParams({ AwinTransactionPush: json }));
    expect(records[0]).toMatchObject({ recordId: "105956531", commissionAmount: "1.64", status: "pending" });
    expect(parseAwinPush(new URLSearchParams()).rejected).toEqual([{ at: "fichier", message: "fichier illisible : champ AwinTransactionPush absent" }]);
  });

  it("reads the bare JSON and our GET template", () => {
    expect(parseAwinPush(json).records[0].recordId).toBe("105956531");
    const get = parseAwinPush("tid=105956531&ref=c7Hq2ZxP0aB9kLm3Nq4Rs&c=1%2C64&cur=EUR&amt=26.09&mid=3661&at=2025-03-03%2010%3A41%3A00", { networkAccountId: "123456" });
    expect(get.records[0]).toMatchObject({ recordId: "105956531", commissionAmount: "1.64", networkAccountId: "123456", clickId: "c7Hq2ZxP0aB9kLm3Nq4Rs", status: "pending" });
  });

  it("answers garbage with one rejected entry, never an exception", () => {
    expect(parseAwinPush("").rejected).toEqual([{ at: "fichier", message: "fichier illisible : notification vide" }]);
    expect(parseAwinPush("AwinTransactionPush=%7Bnot-json").rejected[0].message).toBe("fichier illisible : AwinTransactionPush : JSON invalide");
    expect(parseAwinPush("hello=world").rejected[0].message).toBe("fichier illisible : champ AwinTransactionPush absent");
    expect(parseAwinPush('{"transactionId":"1","affiliateId":"123456"}').rejected).toEqual([{ at: "enregistrement 1 (1)", message: "commission manquante" }]);
  });
});

describe("parseAwinFile", () => {
  it("reads pushes one per line, skipping comments, and names bad lines", () => {
    const file = `${readNetworkFixture("awin-push.txt")}\nAwinTransactionPush={"transactionId":"2","affiliateId":"1","commission":"x"}\n`;
    const { records, rejected } = parseAwinFile(file);
    expect(records.map((r) => r.recordId)).toEqual(["105956531"]);
    expect(rejected).toEqual([{ at: "ligne 10", message: "commission illisible : « x »" }]);
  });

  it("reads the transactions JSON", () => {
    expect(parseAwinFile(readNetworkFixture("awin-transactions.json")).records).toHaveLength(6);
  });
});

describe("parseAwinFile garbage", () => {
  it("names a bad push line as a notification, and refuses a file with no push at all", () => {
    expect(parseAwinFile("AwinTransactionPush=%7Bbroken\n").rejected).toEqual([{ at: "ligne 1", message: "notification illisible : AwinTransactionPush : JSON invalide" }]);
    expect(parseAwinFile("hello\nworld").rejected).toEqual([{ at: "fichier", message: "fichier illisible : ni tableau JSON de transactions ni notifications AwinTransactionPush" }]);
  });
});
