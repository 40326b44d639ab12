/**
 * Small persistent state of the connectors in `site_settings` (no table of
 * their own): pull watermarks under `network_watermark:<network>:<name>`.
 * These keys are not admin settings (app/modules/settings lists those).
 */
import { eq } from "drizzle-orm";
import { siteSettings } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import type { NetworkName } from "./networks";

export const watermarkKey = (network: NetworkName, name: string) => `network_watermark:${network}:${name}`;

/** Stored as `{"v": value}`: a bare JSON string would not survive every driver's jsonb round trip unchanged ("3000000002" came back a number). */
export async function readNetworkState<T extends string | number>(key: string, db?: Db): Promise<T | null> {
  const database = db ?? (await getDb());
  const [row] = await database.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
  const value = (row?.value as { v?: unknown } | null | undefined)?.v;
  return typeof value === "string" || typeof value === "number" ? (value as T) : null;
}

export async function writeNetworkState(key: string, value: string | number, db?: Db): Promise<void> {
  const database = db ?? (await getDb());
  await database
    .insert(siteSettings)
    .values({ key, value: { v: value } })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: { v: value }, updatedAt: new Date() } });
}
