import { describe, expect, it } from "vitest";
import type { NormalisedRecord } from "#app/modules/networks/types";
import { canonicalJson, rawHash, rollUp, type StoredVersion } from "./rollup";

const base: Omit<NormalisedRecord, "raw"> = {
  network: "awin",
  networkAccountId: "1",
  networkProgramId: "p",
  recordId: "r1",
  conversionKey: "k",
  clickId: "cAAAAAAAAAAAAAAAAAAAA",
  orderRef: "O1",
  status: "pending",
  networkStatusRaw: "pending",
  networkPaid: false,
  saleAmount: "100",
  commissionAmount: "10",
  currency: "EUR",
  transactionAt: new Date("2026-03-02T12:00:00Z"),
  clickAt: null,
  validatedAt: null,
  lockingAt: null,
  declineReasonRaw: null,
};
const v = (id: number, over: Partial<NormalisedRecord> = {}, source: StoredVersion["source"] = "pull"): StoredVersion => ({ id, source, record: { ...base, ...over } });

describe("canonical hashing", () => {
  it("ignores key order at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(rawHash({ a: 1, b: { c: 2, d: 3 } })).toBe(rawHash({ b: { d: 3, c: 2 }, a: 1 }));
    expect(rawHash({ a: 1 })).not.toBe(rawHash({ a: 2 }));
  });
});

describe("rolling records up into a conversion", () => {
  it("1:1: the most advanced status wins whatever the arrival order; a regression is ignored", () => {
    const pending = v(1);
    const approved = v(2, { status: "approved", networkStatusRaw: "approved" });
    const a = rollUp("awin", [pending, approved]);
    const b = rollUp("awin", [{ ...approved, id: 1 }, { ...pending, id: 2 }]);
    expect(a.status).toBe("approved");
    expect(b).toEqual(a);
  });

  it("1:1: the later amendment wins within one status", () => {
    const first = v(5, { status: "approved", commissionAmount: "10", updatedAt: new Date("2026-04-01") });
    const amended = v(3, { status: "approved", commissionAmount: "8.5", updatedAt: new Date("2026-04-10") });
    expect(rollUp("awin", [first, amended]).commissionAmount).toBe("8.500000");
  });

  it("CJ: corrections are summed, a sum ≤ 0 is declined with the correction's reason", () => {
    const original = v(1, { network: "cj", recordId: "A", status: "approved", commissionAmount: "5.00" });
    const correction = v(2, { network: "cj", recordId: "B", status: "pending", commissionAmount: "-2.00" });
    expect(rollUp("cj", [original, correction])).toMatchObject({ status: "approved", commissionAmount: "3.000000" });
    const zero = v(3, { network: "cj", recordId: "C", commissionAmount: "-3.00", declineReasonRaw: "RETURNED_MERCHANDISE" });
    expect(rollUp("cj", [original, correction, zero])).toMatchObject({ status: "declined", commissionAmount: "0.000000", reasonCode: "returned" });
  });

  it("Rakuten: items and returns of one order are summed, each item counted once in its latest version", () => {
    const r = rollUp("rakuten", [
      v(1, { recordId: "e1", commissionAmount: "4", saleAmount: "40" }),
      v(2, { recordId: "e2", commissionAmount: "6.25", saleAmount: "62.5" }),
      v(3, { recordId: "e2", commissionAmount: "6.25", saleAmount: "62.5", networkStatusRaw: "again" }),
      v(4, { recordId: "e3", commissionAmount: "-4", saleAmount: "-40" }),
    ]);
    expect(r).toMatchObject({ commissionAmount: "6.250000", saleAmount: "62.500000", status: "pending" });
    expect(rollUp("rakuten", [v(1, { recordId: "e1", commissionAmount: "4" }), v(2, { recordId: "e2", commissionAmount: "-4" })])).toMatchObject({ status: "declined", reasonCode: "returned" });
  });

  it("push-only while every version came from a push", () => {
    expect(rollUp("awin", [v(1, {}, "push")]).pushOnly).toBe(true);
    expect(rollUp("awin", [v(1, {}, "push"), v(2, { networkStatusRaw: "x" })]).pushOnly).toBe(false);
  });

  it("hashes the record-derived fields: same records, same hash", () => {
    expect(rollUp("awin", [v(1)]).rawHash).toBe(rollUp("awin", [v(7)]).rawHash);
    expect(rollUp("awin", [v(1)]).rawHash).not.toBe(rollUp("awin", [v(1, { commissionAmount: "10.01" })]).rawHash);
  });
});
