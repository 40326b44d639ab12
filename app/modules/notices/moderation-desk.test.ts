import { describe, expect, it } from "vitest";
import { canMoveProgram } from "#app/modules/cashback/programs.schema";
import { moderationHref, moderationTab } from "./moderation-desk";
import { noticeDeadline } from "./notices.schema";

describe("moderation desk rules", () => {
  it("reads the tab from ?onglet=, the notices by default, and writes its address", () => {
    expect(moderationTab("http://x/admin/moderation")).toBe("illicites");
    expect(moderationTab("http://x/admin/moderation?onglet=membres")).toBe("membres");
    expect(moderationTab("http://x/admin/moderation?onglet=../admin")).toBe("illicites");
    expect(moderationHref("deals")).toBe("/admin/moderation?onglet=deals");
    expect(moderationHref("deals", 3)).toBe("/admin/moderation?onglet=deals&page=3");
  });

  it("gives a notice 24 hours when urgent (scam, hate, minors), 72 otherwise", () => {
    const at = new Date("2026-03-01T10:00:00Z");
    expect(noticeDeadline(at, "scam").toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(noticeDeadline(at, "minors").toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(noticeDeadline(at, "consumer").toISOString()).toBe("2026-03-04T10:00:00.000Z");
  });

  it("moves a programme only along its transitions: a closed one is reopened, never paused", () => {
    expect(canMoveProgram("closed", "paused")).toBe(false);
    expect(canMoveProgram("closed", "active")).toBe(true);
    expect(canMoveProgram("active", "paused")).toBe(true);
    expect(canMoveProgram("paused", "closed")).toBe(true);
    expect(canMoveProgram("paused", "paused")).toBe(true);
    expect(canMoveProgram("unknown", "active")).toBe(false);
  });
});
