/** Shared by db/schema/networks.ts and the client-safe modules (no drizzle import). */
export const NETWORKS = ["awin", "effiliation", "kwanko", "cj", "tradedoubler", "impact", "rakuten", "timeone"] as const;

/** What an account leaves behind that may tie it to another one (ADR 040): its IP network and its device cookie, both keyed hashes. */
export const ACCOUNT_SIGNAL_KINDS = ["ip_network", "device"] as const;
