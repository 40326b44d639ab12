import type { HeadersFunction } from "react-router";

/** A response that no cache may keep, not even the page micro-cache (a draft, a page with a failed section). */
export const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

/** Route `headers` export: the loader's Cache-Control (e.g. "no-store") reaches the response. */
export const forwardLoaderCacheControl: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};
