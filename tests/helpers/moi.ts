import { loader as moiLoader } from "#app/routes/api.moi";
import type { Moi } from "#app/modules/members/moi.server";
import { req } from "./auth";
import { callRoute } from "./route";

/** GET /api/moi for these deal and code ids, as the page that shows them asks it (ADR 048). */
export async function askMoi(cookie: string | undefined, ids: { deals?: string[]; codes?: string[] }): Promise<Moi> {
  const query = new URLSearchParams({ deals: (ids.deals ?? []).join(","), codes: (ids.codes ?? []).join(",") });
  const res = await callRoute(moiLoader, req(`/api/moi?${query}`, { cookie }));
  if (res.status !== 200) throw new Error(`/api/moi answered ${res.status}`);
  return res.data as Moi;
}
