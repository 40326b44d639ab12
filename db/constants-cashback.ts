/** Shared by db/schema/networks.ts and the client-safe modules (no drizzle import). */
export const NETWORKS = ["awin", "effiliation", "kwanko", "cj", "tradedoubler", "impact", "rakuten", "timeone"] as const;
