import { describe, expect, it } from "vitest";
import type { ExtensionShop } from "#app/modules/extension/extension-shops";
import { currentShops, SHOP_LIST_TTL_MS, type ShopListStore } from "./shop-list";

const SHOP: ExtensionShop = { programId: "p", name: "Nuxe", domains: ["nuxe.com"], rateLabel: "7\u00a0% de cashback", liveCodes: 1, checkoutSelectors: null };

function memoryStore(): ShopListStore & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  return { data, get: async (key) => (key in data ? { [key]: data[key] } : {}), set: async (items) => void Object.assign(data, items) };
}

function fakeFetch(answers: Array<() => Response>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetcher = (async (url: URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answers.shift()!();
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

describe("currentShops: the list kept an hour, revalidated by ETag (issue #40 item 2)", () => {
  it("asks the site without cookies, keeps the answer an hour, then asks with If-None-Match and keeps its copy on a 304", async () => {
    const store = memoryStore();
    const { fetcher, calls } = fakeFetch([() => Response.json({ shops: [SHOP] }, { headers: { etag: '"v1"' } }), () => new Response(null, { status: 304 })]);
    expect(await currentShops("http://127.0.0.1:3220", store, fetcher, 0)).toEqual([SHOP]);
    expect(calls[0]).toEqual({ url: "http://127.0.0.1:3220/api/extension/marchands", init: { credentials: "omit", headers: {} } });
    expect(await currentShops("http://127.0.0.1:3220", store, fetcher, SHOP_LIST_TTL_MS - 1)).toEqual([SHOP]);
    expect(calls).toHaveLength(1);
    expect(await currentShops("http://127.0.0.1:3220", store, fetcher, SHOP_LIST_TTL_MS)).toEqual([SHOP]);
    expect(calls[1]!.init).toEqual({ credentials: "omit", headers: { "If-None-Match": '"v1"' } });
    // the 304 renewed the copy for another hour
    expect(await currentShops("http://127.0.0.1:3220", store, fetcher, SHOP_LIST_TTL_MS + 10)).toEqual([SHOP]);
    expect(calls).toHaveLength(2);
  });

  it("keeps the old copy when the site cannot be reached, and is empty without one", async () => {
    const store = memoryStore();
    const { fetcher } = fakeFetch([() => Response.json({ shops: [SHOP] }), () => new Response("", { status: 503 }), () => { throw new TypeError("offline"); }]);
    await currentShops("http://s", store, fetcher, 0);
    expect(await currentShops("http://s", store, fetcher, SHOP_LIST_TTL_MS)).toEqual([SHOP]);
    expect(await currentShops("http://s", store, fetcher, 2 * SHOP_LIST_TTL_MS)).toEqual([SHOP]);
    const empty = fakeFetch([() => { throw new TypeError("offline"); }]);
    expect(await currentShops("http://s", memoryStore(), empty.fetcher, 0)).toEqual([]);
  });
});
