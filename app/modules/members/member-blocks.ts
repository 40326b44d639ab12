/**
 * Blocking a member (issue #15 item 8): pure rules shared by the server, the
 * back office form and the tests. A block is better-auth's ban (user.banned,
 * ban_reason, ban_expires): sign-in refuses it, and posting, voting and
 * flagging refuse it with BLOCK_MESSAGES.
 */
import { formatParis } from "#app/modules/settings/paris-time";

export const BLOCK_DURATIONS = {
  "7d": { label: "7 jours", days: 7 },
  "30d": { label: "30 jours", days: 30 },
  permanent: { label: "Définitif", days: null },
} as const;
export type BlockDuration = keyof typeof BLOCK_DURATIONS;

/** When a block chosen now ends (null: never). */
export function blockEndsAt(duration: BlockDuration, now: Date): Date | null {
  const days = BLOCK_DURATIONS[duration].days;
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}

/** Whether the account is blocked at `now`: banned, and the end (if any) not reached. */
export function isBlocked(member: { banned: boolean | null; banExpires: Date | null }, now: Date): boolean {
  return member.banned === true && (member.banExpires === null || member.banExpires.getTime() > now.getTime());
}

/** « Ton compte est bloqué jusqu'au 3 décembre 2026 à 14h05. » (Paris time), or for good. */
export function blockedMessage(until: Date | null): string {
  return until === null
    ? "Ton compte est bloqué définitivement. Tu ne peux plus publier, voter ni signaler."
    : `Ton compte est bloqué jusqu'au ${formatParis(until, "d MMMM yyyy 'à' HH'h'mm")}. D'ici là, tu ne peux ni publier, ni voter, ni signaler.`;
}

export const BLOCK_MESSAGES = {
  staff: "Un membre de l'équipe ne peut pas être bloqué.",
  self: "Tu ne peux pas te bloquer toi-même.",
  unknown: "Aucun membre ne correspond à ce pseudo ou à cette adresse.",
  notBlocked: "Ce membre n'est pas bloqué.",
  blocked: "Membre bloqué",
  unblocked: "Membre débloqué",
} as const;
