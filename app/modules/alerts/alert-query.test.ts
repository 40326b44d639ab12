import { describe, expect, it } from "vitest";
import { ALERT_MAX_TERMS, formatAlertQuery, parseAlertQuery } from "./alert-query";

describe("parseAlertQuery", () => {
  it("reads wanted words and words excluded with a minus", () => {
    expect(parseAlertQuery("casque Sony -reconditionné")).toEqual({ include: ["casque", "sony"], exclude: ["reconditionné"] });
  });

  it("accepts the minus signs of phone keyboards and ignores a lone minus", () => {
    expect(parseAlertQuery("tv \u2212occasion – ")).toEqual({ include: ["tv"], exclude: ["occasion"] });
    expect(parseAlertQuery("- -  --")).toEqual({ include: [], exclude: [] });
  });

  it("keeps the words of one token together and drops punctuation and control characters", () => {
    expect(parseAlertQuery("WH-1000XM5\u0000 l'oréal!")).toEqual({ include: ["wh 1000xm5", "l oréal"], exclude: [] });
  });

  it("keeps each term once; a term both wanted and excluded is excluded", () => {
    expect(parseAlertQuery("sony Sony casque -casque")).toEqual({ include: ["sony"], exclude: ["casque"] });
  });

  it("keeps at most ALERT_MAX_TERMS terms, wanted ones first", () => {
    const many = Array.from({ length: 15 }, (_, i) => `mot${i}`).join(" ");
    const parsed = parseAlertQuery(`${many} -exclu`);
    expect(parsed.include).toHaveLength(ALERT_MAX_TERMS);
    expect(parsed.exclude).toEqual([]);
    expect(parseAlertQuery("a b -c").exclude).toEqual(["c"]);
  });

  it("formats back to one canonical expression", () => {
    expect(formatAlertQuery(parseAlertQuery("  Casque   sony -WH-1000 "))).toBe("casque sony -wh-1000");
  });
});
