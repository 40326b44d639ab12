import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLICKS_PER_IP_PER_MINUTE, shouldRecordClick, WindowCounter } from "./click-limits.server";

const UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

describe("WindowCounter", () => {
  it("allows `limit` hits per key and window, then again after the window", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 60 }), (limit, hits) => {
        const counter = new WindowCounter(limit, 1000);
        const allowed = Array.from({ length: hits }, (_, i) => counter.hit("k", 10 + i)).filter(Boolean).length;
        expect(allowed).toBe(Math.min(limit, hits));
        expect(counter.hit("k", 10 + 1000)).toBe(true);
      }),
    );
  });

  it("never holds more than maxKeys windows", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 500 }), fc.integer({ min: 1, max: 50 }), (keys, maxKeys) => {
        const counter = new WindowCounter(1, 60_000, maxKeys);
        keys.forEach((k, i) => counter.hit(k, i));
        expect(counter.size).toBeLessThanOrEqual(maxKeys);
      }),
    );
  });
});

describe("shouldRecordClick", () => {
  it("does not record bots or requests without a user agent", () => {
    for (const ua of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "Wget/1.21", "python-requests/2.31", "HeadlessChrome/131.0", "", null]) {
      expect(shouldRecordClick({ ip: "192.0.2.1", userAgent: ua, visitorHash: `bot-${ua}`, destination: "https://www.temu.com/" }), String(ua)).toBe(false);
    }
  });

  it("counts the same visitor on the same destination once a minute", () => {
    const click = { ip: "192.0.2.2", userAgent: UA, visitorHash: "v-repeat", destination: "https://www.temu.com/a" };
    const t = 1_000_000;
    expect(shouldRecordClick(click, t)).toBe(true);
    for (let i = 1; i < 300; i++) expect(shouldRecordClick(click, t + i * 100)).toBe(false);
    expect(shouldRecordClick(click, t + 60_000)).toBe(true);
    expect(shouldRecordClick({ ...click, destination: "https://www.temu.com/b" }, t + 1)).toBe(true);
  });

  it("records at most the per-IP budget a minute, whatever the destinations", () => {
    const t = 2_000_000;
    const recorded = Array.from({ length: CLICKS_PER_IP_PER_MINUTE * 4 }, (_, i) =>
      shouldRecordClick({ ip: "192.0.2.3", userAgent: UA, visitorHash: "v-flood", destination: `https://www.temu.com/?n=${i}` }, t + i),
    ).filter(Boolean).length;
    expect(recorded).toBe(CLICKS_PER_IP_PER_MINUTE);
    expect(shouldRecordClick({ ip: "192.0.2.4", userAgent: UA, visitorHash: "v-other", destination: "https://www.temu.com/" }, t)).toBe(true);
  });
});
