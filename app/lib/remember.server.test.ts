import { afterEach, describe, expect, it, vi } from "vitest";
import { forget, remember } from "./remember.server";

const KEY = "remember.server.test";

afterEach(() => forget(KEY));

describe("remember", () => {
  it("makes the value once and returns the same instance afterwards", () => {
    const init = vi.fn(() => ({ made: Date.now() }));
    const first = remember(KEY, init);
    expect(remember(KEY, init)).toBe(first);
    expect(remember(KEY, () => ({ made: 0 }))).toBe(first);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it("keeps a falsy value (null, 0, undefined) instead of making it again", () => {
    const init = vi.fn((): null => null);
    expect(remember(KEY, init)).toBeNull();
    expect(remember(KEY, init)).toBeNull();
    expect(init).toHaveBeenCalledTimes(1);
  });

  it("makes a new value after forget(key), and leaves the other keys alone", () => {
    const other = `${KEY}:other`;
    const kept = remember(other, () => ({}));
    const first = remember(KEY, () => ({}));
    forget(KEY);
    const second = remember(KEY, () => ({}));
    expect(second).not.toBe(first);
    expect(remember(other, () => ({}))).toBe(kept);
    forget(other);
  });

  it("shares one store per process, whichever copy of the module asks (the server and the app bundle)", async () => {
    const value = remember(KEY, () => ({}));
    vi.resetModules();
    const copy = await import("./remember.server");
    expect(copy.remember(KEY, () => ({}))).toBe(value);
  });

  it("does not keep a value whose init threw", () => {
    expect(() =>
      remember(KEY, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(remember(KEY, () => "made")).toBe("made");
  });
});
