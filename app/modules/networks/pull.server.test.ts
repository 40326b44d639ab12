import { describe, expect, it } from "vitest";
import { formatDate, joinUrl, retryAfterMs, splitWindows } from "./pull.server";

describe("pull helpers", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2025-03-31T12:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Mon, 31 Mar 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Mon, 31 Mar 2025 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it("formats dates in UTC the way each network expects", () => {
    const d = new Date("2025-03-01T09:05:07+01:00");
    expect(formatDate.isoLocal(d)).toBe("2025-03-01T08:05:07");
    expect(formatDate.isoZ(d)).toBe("2025-03-01T08:05:07Z");
    expect(formatDate.dmy(d)).toBe("01/03/2025");
    expect(formatDate.ymd(d)).toBe("2025-03-01");
    expect(formatDate.compact(d)).toBe("20250301");
    expect(formatDate.ymdHms(d)).toBe("2025-03-01 08:05:07");
  });

  it("keeps an empty or reversed window as one call", () => {
    const d = new Date("2025-03-01T00:00:00Z");
    expect(splitWindows(d, d, 31)).toEqual([{ start: d, end: d }]);
  });

  it("builds URLs under a base with or without a path", () => {
    expect(joinUrl("http://127.0.0.1:9", "/a/b/", { x: "1/2", y: undefined })).toBe("http://127.0.0.1:9/a/b/?x=1%2F2");
    expect(joinUrl("https://h.test/api", "/q")).toBe("https://h.test/api/q");
  });
});
