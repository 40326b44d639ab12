/**
 * The deal community's rules (issue #15, ADR 036), free of zod and of
 * the database so that cards, the server and tests share them.
 */
export { DEAL_REFUSED, dealStatus, type DealStatus } from "#db/states/deal-status";

/** A deal's temperature is hidden ("Nouveau") this long after it is published, except from its author. */
export const NEW_DEAL_WINDOW_MS = 10 * 60 * 1000;
/** From this temperature a deal is "Hot" and earns the « Les plus hot » tab. */
export const HOT_THRESHOLD = 100;
const SCORCHING_THRESHOLD = 500;
const LEGENDARY_THRESHOLD = 1000;

/** Why a member votes cold (optional, HUKD practice). */
export const COLD_VOTE_REASONS = {
  too_expensive: "Trop cher",
  seen_before: "Déjà vu",
  expired: "Expiré",
  bad_merchant: "Marchand peu fiable",
  other: "Autre",
} as const;
export type ColdVoteReason = keyof typeof COLD_VOTE_REASONS;

/** Reddit's "hot" order (ADR 036 §Hot order): the temperature's order of magnitude plus one point per 12.5 hours since publication. */
export function hotScore(temperature: number, publishedAt: Date | null): number {
  if (!publishedAt) return 0;
  return Math.sign(temperature) * Math.log10(Math.max(Math.abs(temperature), 1)) + (publishedAt.getTime() / 1000 - 1134028003) / 45000;
}

/** What a card shows for the temperature: null while the deal is new (the value must not leave the server then). */
export function visibleTemperature(
  deal: { temperature: number; publishedAt: Date | null; authorId?: string | null },
  viewerId: string | null,
  now: Date,
): { isNew: boolean; temperature: number | null } {
  const isAuthor = viewerId !== null && deal.authorId === viewerId;
  const isNew = deal.publishedAt === null || now.getTime() - deal.publishedAt.getTime() < NEW_DEAL_WINDOW_MS;
  return isNew && !isAuthor ? { isNew: true, temperature: null } : { isNew, temperature: deal.temperature };
}

export type TemperatureTier = "cold" | "warm" | "hot" | "scorching" | "legendary";

export function temperatureTier(temperature: number): TemperatureTier {
  if (temperature >= LEGENDARY_THRESHOLD) return "legendary";
  if (temperature >= SCORCHING_THRESHOLD) return "scorching";
  if (temperature >= HOT_THRESHOLD) return "hot";
  return temperature < 0 ? "cold" : "warm";
}

export const TEMPERATURE_TIER_LABELS: Record<TemperatureTier, string | null> = {
  cold: null,
  warm: null,
  hot: "Hot",
  scorching: "Brûlant",
  legendary: "Légendaire",
};

/** A member's vote weight (ADR 036 §Vote weight): 1 when new or unverified, 2 after 30 days and 5 contributions without a strike, 3 for trusted posters. */
export function voteWeight(member: {
  createdAt: Date;
  emailVerified: boolean;
  contributions: number;
  strikes: number;
  publishedDeals: number;
  averageTemperature: number;
  now: Date;
}): 1 | 2 | 3 {
  const ageDays = (member.now.getTime() - member.createdAt.getTime()) / 86_400_000;
  if (!member.emailVerified || ageDays < 7) return 1;
  if (member.strikes === 0 && member.publishedDeals >= 10 && member.averageTemperature >= 50) return 3;
  if (ageDays >= 30 && member.contributions >= 5 && member.strikes === 0) return 2;
  return 1;
}
