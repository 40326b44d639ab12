import { describe, expect, it } from "vitest";
import { compareCodes, feedbackDisplay, isFailing, MIN_ANSWERS_SHOWN, NO_FEEDBACK, wilsonLowerBound, wilsonUpperBound, type FeedbackStats } from "./code-feedback";

const stats = (worked: number, answers: number, extra: Partial<FeedbackStats> = {}): FeedbackStats => ({ ...NO_FEEDBACK, worked, answers, ...extra });

describe("Wilson score interval (z = 1.96)", () => {
  it("matches known values", () => {
    expect(wilsonLowerBound(9, 10)).toBeCloseTo(0.595844, 5);
    expect(wilsonUpperBound(9, 10)).toBeCloseTo(0.982124, 5);
    expect(wilsonLowerBound(90, 100)).toBeCloseTo(0.825633, 5);
    expect(wilsonUpperBound(90, 100)).toBeCloseTo(0.944771, 5);
    expect(wilsonLowerBound(5, 10)).toBeCloseTo(0.236590, 5);
    expect(wilsonUpperBound(5, 10)).toBeCloseTo(0.763410, 5);
    expect(wilsonLowerBound(1, 1)).toBeCloseTo(0.206543, 5);
    expect(wilsonUpperBound(0, 1)).toBeCloseTo(0.793457, 5);
    expect(wilsonUpperBound(0, 10)).toBeCloseTo(0.277540, 5);
  });

  it("stays within [0, 1] and is 0..1 without answers", () => {
    expect(wilsonLowerBound(0, 10)).toBe(0);
    expect(wilsonUpperBound(1, 1)).toBe(1);
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonUpperBound(0, 0)).toBe(1);
  });

  it("ranks many good answers above a few perfect ones, unlike the naive rate", () => {
    // naive: 1/1 = 100 % beats 90/100 = 90 %; Wilson puts the well-sampled code first
    expect(1 / 1).toBeGreaterThan(90 / 100);
    expect(wilsonLowerBound(90, 100)).toBeGreaterThan(wilsonLowerBound(1, 1));
    expect(wilsonLowerBound(37, 40)).toBeGreaterThan(wilsonLowerBound(3, 3));
  });
});

describe("isFailing", () => {
  it("flags the last 5 answers all « Non »", () => {
    expect(isFailing(stats(20, 25, { recentNo: 5 }))).toBe(true);
    expect(isFailing(stats(20, 25, { recentNo: 4 }))).toBe(false);
  });
  it("flags under 30 % with at least 10 answers, not with fewer", () => {
    expect(isFailing(stats(2, 10, { recentNo: 1 }))).toBe(true);
    expect(isFailing(stats(3, 10, { recentNo: 1 }))).toBe(false);
    expect(isFailing(stats(0, 4, { recentNo: 4 }))).toBe(false);
  });
});

describe("feedbackDisplay", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("shows nothing under the minimum number of answers", () => {
    expect(MIN_ANSWERS_SHOWN).toBe(3);
    expect(feedbackDisplay(stats(2, 2, { lastWorkedAt: now }), now)).toBeNull();
    expect(feedbackDisplay(NO_FEEDBACK, now)).toBeNull();
  });
  it("shows the rounded rate and how long ago the last « Oui » was, in French", () => {
    expect(feedbackDisplay(stats(23, 25, { lastWorkedAt: new Date("2026-03-10T10:00:00Z") }), now)).toEqual({
      rate: "92\u00a0% de réussite",
      verified: "vérifié il y a 2 heures",
    });
    expect(feedbackDisplay(stats(2, 3, { lastWorkedAt: new Date("2026-03-07T12:00:00Z") }), now)).toEqual({ rate: "67\u00a0% de réussite", verified: "vérifié il y a 3 jours" });
  });
  it("has no « vérifié » without any « Oui »", () => {
    expect(feedbackDisplay(stats(0, 3), now)).toEqual({ rate: "0\u00a0% de réussite", verified: null });
  });
});

describe("compareCodes", () => {
  const code = (name: string, expiresAt: string | null, worked: number, answers: number, failing = false) => ({
    name,
    expiresAt,
    failing,
    score: wilsonLowerBound(worked, answers),
  });
  it("keeps the soonest expiry first, orders the same expiry by Wilson lower bound and sinks failing codes", () => {
    const list = [
      code("sans-date-peu", null, 1, 1),
      code("sans-date-bien", null, 90, 100),
      code("echoue", "2026-03-11T00:00:00.000Z", 0, 10, true),
      code("loin", "2026-04-01T00:00:00.000Z", 0, 0),
      code("bientot", "2026-03-12T00:00:00.000Z", 0, 0),
    ];
    expect(list.sort(compareCodes).map((c) => c.name)).toEqual(["bientot", "loin", "sans-date-bien", "sans-date-peu", "echoue"]);
  });
});
