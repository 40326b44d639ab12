import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { PG_ERROR, pgErrorCode, pgErrorConstraint } from "./db-errors.server";

const driverError = (code: string, constraint?: string) => Object.assign(new Error("driver"), { code, constraint });

describe("pgErrorCode", () => {
  it("reads the SQLSTATE from the driver's error, however deeply drizzle or our code wrapped it", () => {
    for (const code of Object.values(PG_ERROR)) {
      const raw = driverError(code, "saved_deals_deal_id_fk");
      const wrapped = new DrizzleQueryError("insert into saved_deals ...", [], raw);
      const rewrapped = new Error("save failed", { cause: wrapped });
      for (const error of [raw, wrapped, rewrapped]) {
        expect(pgErrorCode(error)).toBe(code);
        expect(pgErrorConstraint(error)).toBe("saved_deals_deal_id_fk");
      }
    }
  });

  it("answers undefined for anything that is not a database error", () => {
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    for (const error of [undefined, null, "23503", 23503, new Error("x"), Object.assign(new Error("net"), { code: "ECONNRESET" }), { code: 23503 }, loop]) {
      expect(pgErrorCode(error)).toBeUndefined();
    }
  });
});
