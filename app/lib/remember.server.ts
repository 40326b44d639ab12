/**
 * The one way to keep a service or a piece of state for the whole process (ADR 035): the
 * database, the auth instance, the logger, the in-process caches and queues.
 *
 * The store is on globalThis because the server (server/*) and the app bundle load the app's
 * modules separately, and `react-router dev` reloads them on every edit: both copies of a
 * module, and every reload, must find the same instance.
 */
const storeKey = Symbol.for("crevarde.remembered");
type G = typeof globalThis & { [storeKey]?: Map<string, unknown> };
const store: Map<string, unknown> = ((globalThis as G)[storeKey] ??= new Map());

/** The value kept under `key`, made by `init()` on the first call of the process (or the first after `forget(key)`). */
export function remember<T>(key: string, init: () => T): T {
  if (store.has(key)) return store.get(key) as T;
  const value = init();
  store.set(key, value);
  return value;
}

/** Drop the value kept under `key`: the next `remember(key, …)` makes a new one (tests, and a changed environment). */
export function forget(key: string): void {
  store.delete(key);
}
