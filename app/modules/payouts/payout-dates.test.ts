import { describe, expect, it } from "vitest";
import { formatParis } from "#app/modules/settings/paris-time";
import { expectedArrival, nextPayoutExport } from "./payout-dates";

const paris = (d: Date | null) => (d ? formatParis(d, "EEEE d MMMM yyyy HH:mm") : null);

describe("payout dates", () => {
  it("exports on the next Tuesday at 10:00 Paris time, strictly after now", () => {
    expect(paris(nextPayoutExport(new Date("2026-11-26T12:00:00Z")))).toBe("mardi 1er décembre 2026 10:00"); // a Thursday
    expect(paris(nextPayoutExport(new Date("2026-12-01T08:59:00Z")))).toBe("mardi 1er décembre 2026 10:00"); // Tuesday 09:59 Paris
    expect(paris(nextPayoutExport(new Date("2026-12-01T09:00:00Z")))).toBe("mardi 8 décembre 2026 10:00"); // Tuesday 10:00 Paris
    // summer time: 10:00 Paris is 08:00 UTC
    expect(nextPayoutExport(new Date("2026-07-01T00:00:00Z")).toISOString()).toBe("2026-07-07T08:00:00.000Z");
  });

  it("expects the money one business day after the transfer leaves", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(paris(expectedArrival({ status: "needs_review", requestedAt: now, sentAt: null }, now))).toMatch(/^mercredi 2 décembre 2026/);
    // sent on a Friday: Monday
    expect(paris(expectedArrival({ status: "sent", requestedAt: now, sentAt: new Date("2026-11-27T15:00:00Z") }, now))).toMatch(/^lundi 30 novembre 2026/);
    expect(expectedArrival({ status: "completed", requestedAt: now, sentAt: now }, now)).toBeNull();
    expect(expectedArrival({ status: "cancelled", requestedAt: now, sentAt: null }, now)).toBeNull();
  });
});
