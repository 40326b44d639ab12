/** Countdown parts until `end`; null once it has passed (the banner disappears). */
export function countdownParts(end: Date | string, now: Date | number = Date.now()) {
  const endMs = typeof end === "string" ? Date.parse(end) : end.getTime();
  const diff = endMs - (typeof now === "number" ? now : now.getTime());
  if (!Number.isFinite(diff) || diff <= 0) return null;
  const s = Math.floor(diff / 1000);
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

export function formatCountdown(parts: NonNullable<ReturnType<typeof countdownParts>>): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(parts.hours)}h ${pad(parts.minutes)}min ${pad(parts.seconds)}s`;
  return parts.days > 0 ? `${parts.days}j ${time}` : time;
}

/** The three ready-made coupons of the landing page. */
export const TEMU_COUPONS = [
  { label: "Coupon 100€", code: "ACS792016", description: "Jusqu'à 100€ de coupons sur ta première commande.", action: "coupon_100" },
  { label: "Offre spéciale", code: "ALB362946", description: "-30% sur une sélection beauté pour la Fête des Mères.", action: "offre_speciale" },
  { label: "Bonus mystère", code: "FRA123780", description: "Un cadeau surprise glissé dans ta commande.", action: "bonus_mystere" },
] as const;
export const TEMU_DESTINATION = "https://www.temu.com/fr";
