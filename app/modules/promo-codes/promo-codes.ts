/** Client-safe promo-code rules, as the product spec gives them: masking for visitors (ADR 006), expiry, "soon", featured count, fallbacks. */
const CODE_MASK_VISIBLE = 4;
const EXPIRY_SOON_DAYS = 7;
export const FEATURED_CODES_LIMIT = 3;

/** First 4 characters then asterisks; all asterisks when there is no code. */
export function maskCode(code: string | null | undefined): string {
  if (!code) return "********";
  const visible = code.slice(0, CODE_MASK_VISIBLE);
  return visible + "*".repeat(Math.max(4, code.length - visible.length));
}

export type ExpiryStatus = "expired" | "soon" | "valid";

/** Days left below 0: expired; under 7: soon; otherwise (or no date): valid. */
export function expiryStatus(expiresAt: Date | string | null | undefined, now: Date = new Date()): ExpiryStatus {
  if (!expiresAt) return "valid";
  const end = typeof expiresAt === "string" ? new Date(expiresAt) : expiresAt;
  const daysLeft = (end.getTime() - now.getTime()) / (24 * 60 * 60 * 1000);
  if (daysLeft < 0) return "expired";
  if (daysLeft < EXPIRY_SOON_DAYS) return "soon";
  return "valid";
}

/** Card description fallback: the description, else "Code promo {category}", else none. */
export function codeDescription(description: string | null, category: string | null): string | null {
  if (description?.trim()) return description;
  if (category?.trim()) return `Code promo ${category}`;
  return null;
}
