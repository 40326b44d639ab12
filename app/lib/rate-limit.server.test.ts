import { expect, it } from "vitest";
import { describeEachDb } from "../../tests/helpers/db";
import { hitRateLimit } from "./rate-limit.server";

describeEachDb("rate limit", () => {
  it("allows up to the limit per subject, then refuses", async () => {
    const rule = { name: "t", limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await hitRateLimit(rule, "1.2.3.4")).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await hitRateLimit(rule, "5.6.7.8")).allowed).toBe(true);
  });
});
