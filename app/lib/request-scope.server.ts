import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "./remember.server";

/**
 * Values computed once per HTTP request, whatever the Request object: React Router gives
 * each loader its own copy of the request (stripIndexParam/stripRoutesParam), so a memo
 * keyed by the Request object misses between the root loader and the route's loader.
 * server/app.ts opens the scope for every request; outside one (scripts, tests that call
 * a loader directly) requestMemo returns undefined and the caller falls back to its own memo.
 */
const scope = remember("request-scope", () => new AsyncLocalStorage<Map<string, unknown>>());

/** Run `fn` (an HTTP request's handling) in a fresh request scope. */
export function runInRequestScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

/** `make()`'s result, once per request scope and key; undefined outside a scope. */
export function requestMemo<T>(key: string, make: () => T): T | undefined {
  const memo = scope.getStore();
  if (!memo) return undefined;
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}
