/**
 * The first segment of every route of a route config (app/routes.ts),
 * except the catch-alls (":slug", "*"), with "[.]" read as ".".
 */
export function routeFirstSegments(entries: ReadonlyArray<{ path?: string; children?: unknown[] }>, prefix = ""): string[] {
  return entries.flatMap((r) => {
    const full = [prefix, r.path ?? ""].filter(Boolean).join("/");
    const first = full.split("/")[0];
    const own = first && !/^[:*]/.test(first) ? [first.replace(/\[\.\]/g, ".")] : [];
    return [...own, ...routeFirstSegments((r.children ?? []) as never[], full)];
  });
}
