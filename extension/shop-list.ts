import type { ExtensionShop, ExtensionShopList } from "#app/modules/extension/extension-shops";

/** The list is kept this long before it is asked again, with If-None-Match (issue #40 item 2). */
export const SHOP_LIST_TTL_MS = 3_600_000;
const SHOP_LIST_PATH = "/api/extension/marchands";

interface CachedShopList {
  fetchedAt: number;
  etag: string | null;
  shops: ExtensionShop[];
}

/** Where the list is kept (chrome.storage.local in the extension). */
export interface ShopListStore {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

const KEY = "shopList";

/**
 * The partner shops: the cached copy while it is under an hour old, else the site's answer
 * (a 304 keeps the copy for another hour). Asked without cookies: the list is public, and the
 * site learns nothing of the shopper from it. When the site cannot be reached, the old copy serves.
 */
export async function currentShops(siteUrl: string, store: ShopListStore, fetcher: typeof fetch, now: number): Promise<ExtensionShop[]> {
  const cached = ((await store.get(KEY))[KEY] ?? null) as CachedShopList | null;
  if (cached && now - cached.fetchedAt < SHOP_LIST_TTL_MS) return cached.shops;
  try {
    const response = await fetcher(new URL(SHOP_LIST_PATH, siteUrl), {
      credentials: "omit",
      headers: cached?.etag ? { "If-None-Match": cached.etag } : {},
    });
    if (response.status === 304 && cached) {
      await store.set({ [KEY]: { ...cached, fetchedAt: now } satisfies CachedShopList });
      return cached.shops;
    }
    if (!response.ok) return cached?.shops ?? [];
    const body = (await response.json()) as ExtensionShopList;
    await store.set({ [KEY]: { fetchedAt: now, etag: response.headers.get("etag"), shops: body.shops } satisfies CachedShopList });
    return body.shops;
  } catch {
    return cached?.shops ?? [];
  }
}
