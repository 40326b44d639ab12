/** Shared by db/schema/networks.ts and the client-safe modules (no drizzle import). */
export const NETWORKS = ["awin", "effiliation", "kwanko", "cj", "tradedoubler", "impact", "rakuten", "timeone"] as const;

/**
 * Finance's review state of a conversion (ADR 039), null when there is nothing to check:
 * a record from a publisher account no programme is configured for, a commission held
 * as implausible until finance approves it, and one finance approved.
 */
export const CONVERSION_REVIEW_STATUSES = ["unknown_account", "held", "approved"] as const;

/** What an account leaves behind that may tie it to another one (ADR 040): its IP network and its device cookie, both keyed hashes. */
export const ACCOUNT_SIGNAL_KINDS = ["ip_network", "device"] as const;
