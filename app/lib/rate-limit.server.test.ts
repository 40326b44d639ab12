import { expect, it } from "vitest";
import { describeEachDb } from "#tests/helpers/db";
import { hitRateLimit, lockoutMessage, LOGIN_FAILURES, LOGIN_FAILURES_PER_IP, reserveAttempt } from "./rate-limit.server";

describeEachDb("rate limit", () => {
  it("allows up to the limit per subject, then refuses", async () => {
    const rule = { name: "t", limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await hitRateLimit(rule, "1.2.3.4")).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await hitRateLimit(rule, "5.6.7.8")).allowed).toBe(true);
  });

  it.each([40, 60, 80])("grants at most the limit of %i parallel reservations, on every counter", async (parallel) => {
    const rule = { name: `par-${parallel}`, limit: 10, windowSeconds: 60 };
    const ipRule = { name: `par-ip-${parallel}`, limit: 25, windowSeconds: 60 };
    const granted = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        reserveAttempt([
          { rule, subject: `account-${i % 2}` },
          { rule: ipRule, subject: "ip" },
        ]),
      ),
    );
    const allowed = granted.filter((r) => r.allowed);
    // two accounts of 10 each, but the IP allows 25 in all
    expect(allowed.length).toBeLessThanOrEqual(20);
    expect(allowed.length).toBeGreaterThan(0);
    const refused = granted.filter((r) => !r.allowed);
    expect(refused.every((r) => r.retryAfter > 0 && r.retryAfter <= 60)).toBe(true);
  });

  it("a released reservation does not count; a kept one does", async () => {
    const rule = { name: "release", limit: 2, windowSeconds: 60 };
    const counters = [{ rule, subject: "a" }];
    for (let i = 0; i < 5; i++) {
      const r = await reserveAttempt(counters);
      expect(r.allowed).toBe(true);
      await r.release();
      await r.release(); // idempotent
    }
    expect((await reserveAttempt(counters)).allowed).toBe(true); // kept: 1
    expect((await reserveAttempt(counters)).allowed).toBe(true); // kept: 2
    const third = await reserveAttempt(counters);
    expect(third.allowed).toBe(false);
    // a refused reservation gives its count back: the counter stays at the limit, not above
    expect((await reserveAttempt(counters)).allowed).toBe(false);
  });
});

it.each([
  [1, "Trop de tentatives. Réessaie dans 1 minute."],
  [59, "Trop de tentatives. Réessaie dans 1 minute."],
  [60, "Trop de tentatives. Réessaie dans 1 minute."],
  [61, "Trop de tentatives. Réessaie dans 2 minutes."],
  [119, "Trop de tentatives. Réessaie dans 2 minutes."],
  [14 * 60 + 1, "Trop de tentatives. Réessaie dans 15 minutes."],
  [15 * 60, "Trop de tentatives. Réessaie dans 15 minutes."],
  [0, "Trop de tentatives. Réessaie dans 1 minute."],
])("the lock-out message says when: %i s -> %s", (seconds, message) => {
  expect(lockoutMessage(seconds)).toBe(message);
});

it("the per-IP threshold is several accounts' thresholds; the per-account one stays 10 per 15 minutes", () => {
  expect(LOGIN_FAILURES).toMatchObject({ limit: 10, windowSeconds: 15 * 60 });
  expect(LOGIN_FAILURES_PER_IP.limit).toBeGreaterThanOrEqual(3 * LOGIN_FAILURES.limit);
  expect(LOGIN_FAILURES_PER_IP.windowSeconds).toBe(LOGIN_FAILURES.windowSeconds);
});
