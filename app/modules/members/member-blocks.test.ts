import { describe, expect, it } from "vitest";
import { blockedMessage, blockEndsAt, isBlocked } from "./member-blocks";

const now = new Date("2026-11-26T12:00:00Z");

describe("member blocks", () => {
  it("ends 7 or 30 days later, or never", () => {
    expect(blockEndsAt("7d", now)).toEqual(new Date("2026-12-03T12:00:00Z"));
    expect(blockEndsAt("30d", now)).toEqual(new Date("2026-12-26T12:00:00Z"));
    expect(blockEndsAt("permanent", now)).toBeNull();
  });
  it("is blocked while banned and before the end", () => {
    expect(isBlocked({ banned: true, banExpires: null }, now)).toBe(true);
    expect(isBlocked({ banned: true, banExpires: new Date("2026-11-26T12:00:01Z") }, now)).toBe(true);
    expect(isBlocked({ banned: true, banExpires: now }, now)).toBe(false);
    expect(isBlocked({ banned: false, banExpires: null }, now)).toBe(false);
    expect(isBlocked({ banned: null, banExpires: null }, now)).toBe(false);
  });
  it("says until when, in Paris time", () => {
    expect(blockedMessage(new Date("2026-12-03T13:05:00Z"))).toMatch(/^Ton compte est bloqué jusqu'au 3 décembre 2026 à 14h05\./);
    expect(blockedMessage(null)).toMatch(/^Ton compte est bloqué définitivement\./);
  });
});
