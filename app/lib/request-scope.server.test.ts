import { describe, expect, it, vi } from "vitest";
import { requestMemo, runInRequestScope } from "./request-scope.server";

describe("request scope", () => {
  it("computes a value once per request, across awaits, and apart for another request", async () => {
    const make = vi.fn(async () => ({ user: "membre" }));
    const request = () =>
      runInRequestScope(async () => {
        const a = requestMemo("session-user:c=1", make);
        await new Promise((r) => setTimeout(r, 1));
        const b = requestMemo("session-user:c=1", make);
        expect(b).toBe(a);
        return a;
      });
    const [first, second] = await Promise.all([request(), request()]);
    expect(make).toHaveBeenCalledTimes(2);
    expect(first).not.toBe(second);
  });

  it("answers undefined outside a request (the caller keeps its own memo)", () => {
    const make = vi.fn(() => 1);
    expect(requestMemo("k", make)).toBeUndefined();
    expect(make).not.toHaveBeenCalled();
  });
});
