import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readNetworkFixture } from "#tests/helpers/network-fixtures";
import { NETWORKS, type NetworkName } from "./networks";
import { parseNetworkFile } from "./parse.server";

const FIXTURES: [NetworkName, string, number][] = [
  ["awin", "awin-transactions.json", 6],
  ["awin", "awin-push.txt", 1],
  ["effiliation", "effiliation-transactions.csv", 4],
  ["kwanko", "kwanko-postback.txt", 3],
  ["cj", "cj-publisherCommissions.json", 2],
  ["tradedoubler", "tradedoubler-transactions.json", 2],
  ["impact", "impact-actions.json", 2],
  ["rakuten", "rakuten-events.json", 3],
  ["timeone", "timeone-subid.xml", 2],
];

describe("parseNetworkFile", () => {
  it.each(FIXTURES)("%s reads %s without rejections", (network, file, count) => {
    const { records, rejected } = parseNetworkFile(network, readNetworkFixture(file), { networkAccountId: "compte-1" });
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(count);
    for (const record of records) {
      expect(record.network).toBe(network);
      expect(record.commissionAmount).toMatch(/^-?\d+(\.\d+)?$/);
      expect(record.currency).toMatch(/^[A-Z]{3}$/);
      expect(Number.isNaN(record.transactionAt.getTime())).toBe(false);
    }
  });

  it("needs the account for files that do not name it (Tradedoubler, CJ)", () => {
    expect(parseNetworkFile("tradedoubler", readNetworkFixture("tradedoubler-transactions.json")).rejected).toHaveLength(2);
    expect(parseNetworkFile("cj", readNetworkFixture("cj-publisherCommissions.json")).records).toHaveLength(0);
  });

  it.each(NETWORKS.map((n) => [n]))("%s: a wholly unreadable file gives one French rejection, no exception", (network) => {
    for (const text of ["", "   ", "\u0000\u0001garbage", "<<<>>>", "{\"a\":", "42"]) {
      const result = parseNetworkFile(network, text, { networkAccountId: "1" });
      expect(result.records).toEqual([]);
      expect(result.rejected).toHaveLength(1);
      expect(result.rejected[0].at).toBe("fichier");
      expect(result.rejected[0].message).toMatch(/^fichier illisible : /);
    }
  });

  it("refuses an unknown network in French", () => {
    expect(parseNetworkFile("zanox" as NetworkName, "[]").rejected[0].message).toBe('fichier illisible : réseau inconnu "zanox"');
  });

  it("never throws on arbitrary text and always names what it refuses", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NETWORKS), fc.oneof(fc.string(), fc.json(), fc.string({ unit: "grapheme" })), (network, text) => {
        const result = parseNetworkFile(network, text, { networkAccountId: "1" });
        for (const r of result.rejected) {
          expect(r.at).toMatch(/^(fichier|ligne \d+|enregistrement \d+|notification)/);
          expect(r.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});
