import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { assertCents, formatEuros, formatMoney, LedgerAmountError, ledgerKeys, memberShareCents, toCents } from "./ledger";

describe("assertCents", () => {
  it("accepts positive safe integers and refuses floats, zero, negatives and unsafe integers", () => {
    expect(assertCents(1)).toBe(1);
    expect(assertCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [0, -1, 0.5, 10.01, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, "5", 5n, null]) {
      expect(() => assertCents(bad)).toThrow(LedgerAmountError);
    }
    expect(assertCents(0, { allowZero: true })).toBe(0);
  });
});

describe("toCents", () => {
  it("reads bigint columns from either driver and refuses what is not a safe integer", () => {
    expect(toCents("1234")).toBe(1234);
    expect(toCents(-5n)).toBe(-5);
    expect(toCents(null)).toBe(0);
    expect(() => toCents("9007199254740993")).toThrow(LedgerAmountError);
    expect(() => toCents("1.5")).toThrow(LedgerAmountError);
  });
});

describe("memberShareCents", () => {
  it("floors the member's share, never rounds up", () => {
    expect(memberShareCents(1000, 7000)).toBe(700);
    expect(memberShareCents(999, 7000)).toBe(699); // 699.3
    expect(memberShareCents(1, 9999)).toBe(0);
    expect(memberShareCents(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("is exact and never above the commission", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 10_000 }), (commission, bps) => {
        const share = memberShareCents(commission, bps);
        expect(Number.isSafeInteger(share)).toBe(true);
        expect(BigInt(share) * 10_000n <= BigInt(commission) * BigInt(bps)).toBe(true);
        expect((BigInt(share) + 1n) * 10_000n > BigInt(commission) * BigInt(bps)).toBe(true);
      }),
    );
  });

  it("refuses shares outside 0..10000 bps", () => {
    expect(() => memberShareCents(100, 10_001)).toThrow();
    expect(() => memberShareCents(100, 12.5)).toThrow();
  });
});

describe("ledgerKeys", () => {
  it("are deterministic per event", () => {
    expect(ledgerKeys.cashbackCredit("a")).toBe("cb:a:credit");
    expect(ledgerKeys.cashbackPending("a", 2)).toBe("cb:a:pending:2");
    expect(ledgerKeys.cashbackAdjust("a", 3)).toBe("cb:a:adj:3");
    expect(ledgerKeys.cashbackReverse("a")).toBe("cb:a:reverse");
    expect(ledgerKeys.cashbackRefuse("a")).toBe("cb:a:refuse");
    expect(ledgerKeys.payoutHold("p")).toBe("po:p:hold");
    expect(ledgerKeys.payoutRelease("p")).toBe("po:p:release");
    expect(ledgerKeys.payoutSettle("p")).toBe("po:p:settle");
  });
});

describe("append-only ledger in code", () => {
  it("no code updates or deletes ledger operations, transfers or entries", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const root = path.resolve(__dirname, "../../..");
    const files = ["app", "db", "scripts", "server"].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))
        .map((f) => path.join(root, dir, f)),
    );
    expect(files.length).toBeGreaterThan(50);
    const writes = /\.(update|delete)\(\s*(schema\.|s\.)?ledger(Operations|Transfers|Entries)\b|\b(update|delete\s+from)\s+"?ledger_(operations|transfers|entries)\b/i;
    const offenders = files.filter((f) => writes.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
    expect(writes.test("await tx.update(ledgerTransfers).set({})")).toBe(true);
    expect(writes.test("delete from ledger_entries where id = 1")).toBe(true);
  });
});

describe("formatEuros", () => {
  it("equals Intl's euro currency format without building a formatter (ADR 056)", () => {
    const EUROS = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
    for (const cents of [0, 1, 99, 100, 1234, -1234, 123_456_789, -5]) expect(formatEuros(cents)).toBe(EUROS.format(cents / 100));
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatEuros(cents)).toBe(EUROS.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("formatMoney", () => {
  it("shows an amount in its own currency the French way, euros as formatEuros does", () => {
    expect(formatMoney(49.9, "EUR")).toBe(formatEuros(4990));
    expect(formatMoney(49.9, "EUR")).toBe("49,90\u00a0€");
    expect(formatMoney(1234.5, "USD")).toBe(new Intl.NumberFormat("fr-FR", { style: "currency", currency: "USD" }).format(1234.5));
    expect(formatMoney(12, "GBP")).toMatch(/^12,00\u00a0£/);
  });

  it("builds one formatter per currency for the process, not one per amount", () => {
    const Real = Intl.NumberFormat;
    const built = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      return new Real(...args);
    } as unknown as typeof Intl.NumberFormat);
    try {
      for (let i = 0; i < 20; i++) formatMoney(i + 0.5, "CHF");
      for (let i = 0; i < 20; i++) formatMoney(i, "EUR");
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });
});
