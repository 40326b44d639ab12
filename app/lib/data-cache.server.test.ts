import { afterEach, describe, expect, it, vi } from "vitest";

const hears = vi.hoisted(() => ({ value: true }));
vi.mock("./data-changes.server", async (original) => ({
  ...(await original<typeof import("./data-changes.server")>()),
  hearsDataChanges: () => hears.value,
}));

const { dataChanged, onDataChange } = await import("./data-changes.server");
const { cachedRead, createDataCache, dataCacheSize, DATA_CACHE_MAX_ENTRIES, DATA_CACHE_SKEW_MS, invalidateDataCache, nextInstant } = await import("./data-cache.server");

/** A load that counts its calls and returns the call number. */
function counter() {
  let calls = 0;
  const load = vi.fn(async () => ({ call: ++calls }));
  return load;
}

describe("data cache", () => {
  afterEach(() => {
    invalidateDataCache();
    hears.value = true;
    vi.useRealTimers();
  });

  it("answers a second read from memory, and concurrent reads share one load", async () => {
    const load = counter();
    const [a, b] = await Promise.all([cachedRead("t:hit", ["brands"], load), cachedRead("t:hit", ["brands"], load)]);
    expect(await cachedRead("t:hit", ["brands"], load)).toEqual({ call: 1 });
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets an entry when one of its tables changes, on any server (the data-change listener)", async () => {
    const load = counter();
    await cachedRead("t:inv", ["promo_codes", "brands"], load);
    dataChanged("brands");
    expect(await cachedRead("t:inv", ["promo_codes", "brands"], load)).toEqual({ call: 2 });
    dataChanged("*");
    expect(await cachedRead("t:inv", ["promo_codes", "brands"], load)).toEqual({ call: 3 });
  });

  it("keeps an entry when another table changes", async () => {
    const load = counter();
    await cachedRead("t:other", ["offers"], load);
    dataChanged("brands");
    dataChanged("rate_limits");
    expect(await cachedRead("t:other", ["offers"], load)).toEqual({ call: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a result that was being read when its table changed", async () => {
    let release!: () => void;
    const first = cachedRead("t:race", ["offers"], () => new Promise<string>((r) => (release = () => r("before"))));
    dataChanged("offers");
    release();
    expect(await first).toBe("before");
    expect(await cachedRead("t:race", ["offers"], async () => "after")).toBe("after");
  });

  it("ends an entry at its safety TTL and at the instant its result changes (expiresAt)", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T08:00:00Z"), toFake: ["Date"] });
    const load = counter();
    await cachedRead("t:ttl", ["offers"], load, { ttlMs: 60_000 });
    vi.setSystemTime(new Date("2026-11-26T08:01:01Z"));
    expect(await cachedRead("t:ttl", ["offers"], load, { ttlMs: 60_000 })).toEqual({ call: 2 });

    const expiring = counter();
    const at = new Date("2026-11-26T08:01:11Z");
    await cachedRead("t:exp", ["promo_codes"], expiring, { expiresAt: () => at });
    expect(await cachedRead("t:exp", ["promo_codes"], expiring, { expiresAt: () => at })).toEqual({ call: 1 });
    vi.setSystemTime(at);
    expect(await cachedRead("t:exp", ["promo_codes"], expiring, { expiresAt: () => at })).toEqual({ call: 2 });
  });

  it("serves a request timed just before the load, never one from well before it (a future view)", async () => {
    const load = counter();
    const loadedAt = new Date("2026-11-26T08:00:00Z");
    await cachedRead("t:from", ["crevarde_deals"], load, { now: loadedAt });
    const justBefore = new Date(loadedAt.getTime() - DATA_CACHE_SKEW_MS);
    expect(await cachedRead("t:from", ["crevarde_deals"], load, { now: justBefore })).toEqual({ call: 1 });
    const wellBefore = new Date(loadedAt.getTime() - DATA_CACHE_SKEW_MS - 1);
    expect(await cachedRead("t:from", ["crevarde_deals"], load, { now: wellBefore })).toEqual({ call: 2 });
  });

  it("does not keep a failed load", async () => {
    await expect(cachedRead("t:fail", ["brands"], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedRead("t:fail", ["brands"], async () => "up")).toBe("up");
  });

  it("keeps nothing while the process does not hear the changes", async () => {
    hears.value = false;
    const load = counter();
    await cachedRead("t:deaf", ["brands"], load);
    expect(await cachedRead("t:deaf", ["brands"], load)).toEqual({ call: 2 });
    expect(dataCacheSize()).toBe(0);
  });

  it("freezes what it shares, and holds a bounded number of entries", async () => {
    const rows = await cachedRead("t:frozen", ["brands"], async () => [{ name: "Caudalie" }]);
    expect(() => {
      (rows[0] as { name: string }).name = "changed";
    }).toThrow(TypeError);
    for (let i = 0; i < DATA_CACHE_MAX_ENTRIES + 20; i++) await cachedRead(`t:many:${i}`, ["categories"], async () => i);
    expect(dataCacheSize()).toBe(DATA_CACHE_MAX_ENTRIES);
  });

  it("lets go of the entry read least recently: one read all along outlives a sweep over more items than the bound", async () => {
    const hot = vi.fn(async () => "home");
    await cachedRead("t:hot", ["content_blocks"], hot);
    for (let i = 0; i < DATA_CACHE_MAX_ENTRIES * 2; i++) {
      await cachedRead(`t:sweep:${i}`, ["brands"], async () => i);
      if (i % 100 === 0) expect(await cachedRead("t:hot", ["content_blocks"], hot)).toBe("home");
    }
    expect(dataCacheSize()).toBe(DATA_CACHE_MAX_ENTRIES);
    expect(await cachedRead("t:hot", ["content_blocks"], hot)).toBe("home");
    expect(hot).toHaveBeenCalledTimes(1);
    // the sweep's first items, read once and never again, are the ones gone
    const first = vi.fn(async () => 0);
    await cachedRead("t:sweep:0", ["brands"], first);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it("keeps only the results its caller wants kept (a session found, not one refused)", async () => {
    const load = vi.fn(async () => null as { id: string } | null);
    const read = () => cachedRead("t:keep", ["brands"], load, { keep: (v) => v !== null });
    // concurrent reads still share the one load
    const [a, b] = await Promise.all([read(), read()]);
    expect([a, b]).toEqual([null, null]);
    expect(load).toHaveBeenCalledTimes(1);
    await read();
    expect(load).toHaveBeenCalledTimes(2);
    expect(dataCacheSize()).toBe(0);
    load.mockResolvedValue({ id: "kept" });
    await read();
    expect(await read()).toEqual({ id: "kept" });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("holds each named cache in its own store: one does not evict or hold the other's entries", async () => {
    const sessions = createDataCache<"session">("test-sessions", 2);
    try {
      await cachedRead("t:content", ["brands"], async () => "content");
      for (const k of ["a", "b", "c"]) await sessions.read(k, ["session"], async () => k);
      expect(sessions.size()).toBe(2);
      expect(dataCacheSize()).toBe(1);
      dataChanged("brands");
      expect(sessions.size()).toBe(2);
      dataChanged("session");
      expect(sessions.size()).toBe(0);
    } finally {
      sessions.invalidate();
    }
  });

  it("runs a change handler for the tables it follows only, and always for « anything »", () => {
    const seen: string[] = [];
    const off = onDataChange((table) => seen.push(table), ["site_settings"]);
    try {
      dataChanged("session");
      dataChanged("site_settings");
      dataChanged("brands");
      dataChanged("*");
      expect(seen).toEqual(["site_settings", "*"]);
    } finally {
      off();
    }
  });

  it("nextInstant: the earliest instant still to come", () => {
    const now = Date.parse("2026-11-26T08:00:00Z");
    const past = new Date(now - 1000);
    const soon = new Date(now + 1000);
    const later = new Date(now + 5000);
    expect(nextInstant([later, null, past, soon, undefined], now)).toEqual(soon);
    expect(nextInstant([past, null], now)).toBeNull();
  });
});
