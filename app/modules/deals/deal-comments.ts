/**
 * Comments on a deal page and « Signaler » (issue #15 item 4, ADR 036):
 * the pure rules and the French copy (no zod here: the deal page's bundle
 * imports this file; the form schema is in deal-comments.schema.ts).
 */
import { frenchNumber } from "#app/lib/french-number";
import type { CommentStatus } from "#db/states/comment-status";

export const COMMENT_MAX = 4000;
export const REPORT_DETAILS_MAX = 1000;
/** A comment may be edited for 10 minutes after it was posted (the number; ADR 036 §Comments and reports). */
export const COMMENT_EDIT_WINDOW_MS = 10 * 60 * 1000;
/** A new account's first comments wait for a moderator (ADR 036 §Comments and reports). */
const HELD_COMMENTS = 3;
/** How long an account counts as new. */
const NEW_ACCOUNT_DAYS = 7;

/** Top-level comments (each with all its replies) a deal page shows first, then each « Afficher plus de commentaires » adds as many. */
export const COMMENTS_PER_PAGE = 30;
/** Most top-level comments one deal page shows (`?commentaires=` above it is not honoured). */
export const COMMENTS_MAX = 1000;
/** The deal page's query parameters: how many top-level comments to show, and a comment to show (with its thread). */
export const COMMENTS_PARAM = "commentaires";
export const COMMENT_PARAM = "commentaire";

/**
 * `?commentaires=N`: a whole number from 1 to COMMENTS_MAX; anything else
 * (missing, not a number, 0, negative, decimal, huge) is the first page.
 */
export function parseCommentsShown(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return COMMENTS_PER_PAGE;
  const n = Number(value);
  return n >= 1 && n <= COMMENTS_MAX ? n : COMMENTS_PER_PAGE;
}

/** How many top-level comments to show so that the `position`-th (1-based) is among them: whole pages, at most COMMENTS_MAX. */
export function commentsShownFor(position: number) {
  return Math.min(COMMENTS_MAX, Math.ceil(position / COMMENTS_PER_PAGE) * COMMENTS_PER_PAGE);
}

/** The deal page's address that shows this comment (the server never sees `#…`): `?commentaire=<id>#commentaire-<id>`, other parameters kept. */
export function commentHref(back: string, commentId: string) {
  const url = new URL(back.split("#")[0], "http://localhost");
  url.searchParams.set(COMMENT_PARAM, commentId);
  return `${url.pathname}${url.search}#commentaire-${commentId}`;
}

export type { CommentStatus };

/**
 * What the deal page does with a comment in each state of the commentStatus machine
 * (db/states/comment-status.ts), which the browser never imports (ADR 045 §In the browser):
 * whether its text is shown, whether it waits for moderation, whether it may be answered and reported.
 */
export const COMMENT_LOOK: Record<CommentStatus, { shown: boolean; held: boolean; open: boolean }> = {
  visible: { shown: true, held: false, open: true },
  pending: { shown: true, held: true, open: false },
  removed: { shown: false, held: false, open: false },
};

export const REPORT_REASONS = {
  spam: "Spam ou publicité",
  abusive: "Propos injurieux, haineux ou harcèlement",
  misleading: "Information trompeuse",
  personal_data: "Données personnelles d'une autre personne",
  illegal: "Contenu illicite",
  other: "Autre raison",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const COMMENT_MESSAGES = {
  signIn: "Connecte-toi pour commenter.",
  bodyRequired: "Écris ton commentaire avant de l'envoyer.",
  bodyTooLong: `Ton commentaire ne doit pas dépasser ${frenchNumber(COMMENT_MAX)} caractères.`,
  invalid: "Cette action n'est pas reconnue. Recharge la page et réessaie.",
  dealMissing: "Ce deal n'existe pas ou n'est plus en ligne.",
  commentMissing: "Ce commentaire n'existe pas ou n'est plus visible.",
  notAuthor: "Tu ne peux modifier que tes propres commentaires.",
  editClosed: "Un commentaire ne peut être modifié que pendant 10 minutes après sa publication.",
  tooMany: "Tu as posté beaucoup de commentaires en peu de temps. Réessaie dans quelques minutes.",
  tooManyEdits: "Tu as modifié beaucoup de commentaires en peu de temps. Réessaie dans quelques minutes.",
  posted: "Ton commentaire est publié.",
  held: "Merci ! Ton commentaire sera visible après vérification par la modération.",
  edited: "Ton commentaire est modifié.",
  pendingLabel: "En attente de modération",
  removedPlaceholder: "Commentaire retiré par la modération",
  deletedAuthor: "Membre supprimé",
  anonymousAuthor: "Membre",
} as const;

export const REPORT_MESSAGES = {
  reasonRequired: "Choisis la raison de ton signalement.",
  detailsTooLong: `Les précisions ne doivent pas dépasser ${frenchNumber(REPORT_DETAILS_MAX)} caractères.`,
  already: "Tu as déjà signalé ce contenu : un modérateur va l'examiner.",
  own: "Tu ne peux pas signaler ton propre contenu.",
  tooMany: "Tu as fait beaucoup de signalements. Réessaie dans une heure.",
  done: "Merci, ton signalement est transmis à la modération.",
} as const;

/** CRLF → LF, and no blank lines around the text. */
export function normaliseBody(text: string) {
  return text.replace(/\r\n?/g, "\n").replace(/^\s*\n|\n\s*$/g, "");
}

/** Whether `viewerId` may still edit this comment at `now` (its author, within COMMENT_EDIT_WINDOW_MS, not removed). */
export function canEditComment(comment: { authorId: string | null; createdAt: Date; status: string }, viewerId: string | null, now: Date) {
  return (
    viewerId !== null &&
    comment.authorId === viewerId &&
    COMMENT_LOOK[comment.status as CommentStatus]?.shown !== false &&
    now.getTime() - comment.createdAt.getTime() <= COMMENT_EDIT_WINDOW_MS
  );
}

/** One level of replies: a reply to a reply attaches to the top-level comment. */
export function replyParentId(parent: { id: string; parentId: string | null }) {
  return parent.parentId ?? parent.id;
}

/** Whether a member's next comment waits for a moderator: a new (< 7 days) or unverified account, for its first HELD_COMMENTS comments. */
export function holdsComment(member: { createdAt: Date; emailVerified: boolean; commentsSoFar: number; now: Date }) {
  const ageDays = (member.now.getTime() - member.createdAt.getTime()) / 86_400_000;
  const isNew = !member.emailVerified || ageDays < NEW_ACCOUNT_DAYS;
  return isNew && member.commentsSoFar < HELD_COMMENTS;
}

/** The name shown for a comment's author: the username, never the e-mail; « Membre supprimé » once the account is gone. */
export function commentAuthorName(author: { deleted: boolean; username: string | null }) {
  if (author.deleted) return COMMENT_MESSAGES.deletedAuthor;
  const name = author.username?.trim();
  return name && !name.includes("@") ? name : COMMENT_MESSAGES.anonymousAuthor;
}

export type CommentPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}»]+$/;

/**
 * A comment's text cut into plain text and links. Only http(s) addresses
 * become links (allow-listed by scheme); everything else, `javascript:` or
 * markup included, stays text that React escapes on output.
 */
export function autolink(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate);
    // a closing parenthesis belongs to the link when it opened one inside it (Wikipedia-style links)
    if (trailing) candidate = candidate.slice(0, candidate.length - trailing[0].length);
    const href = safeHttpUrl(candidate);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The normalised address when it parses as an http(s) URL with a host, else null. */
function safeHttpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}
