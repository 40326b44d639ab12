import type { CodeFeedbackView } from "#app/modules/promo-codes/code-feedback.server";
import type { DealMoi, Moi } from "./moi.server";

/**
 * A shared page's cards as their member sees them (ADR 048): the page masks codes and links /kpi for everyone;
 * GET /api/moi says the rest. Pure and client-safe; a visitor's answer changes nothing.
 */

/** A deal card with the member's code (when the page masked it) and tracked cashback link. */
export function memberDeal<T extends { id: string; codeMasked: boolean; cashbackHref?: string | null }>(deal: T, moi: Moi): T {
  const code = deal.codeMasked ? moi.dealCodes[deal.id] : undefined;
  return { ...deal, ...(code ? { ctaText: code, codeMasked: false } : null), cashbackHref: moi.cashback[deal.id] ?? deal.cashbackHref ?? null };
}

/** A promo code card with the member's unmasked code, tracked cashback link and own « Ça a marché ? » answer. */
export function memberCode<T extends { id: string; code: string; masked: boolean; cashbackHref?: string | null; feedback?: CodeFeedbackView }>(code: T, moi: Moi): T {
  if (!moi.user) return code;
  const value = code.masked ? moi.promoCodes[code.id] : undefined;
  const mine = moi.feedback[code.id];
  return {
    ...code,
    ...(value ? { code: value, masked: false } : null),
    cashbackHref: moi.cashback[code.id] ?? code.cashbackHref ?? null,
    ...(code.feedback ? { feedback: { ...code.feedback, mine: mine ? mine.mine : code.feedback.mine, mineReason: mine ? mine.reason : code.feedback.mineReason } } : null),
  };
}

/** A comment of the deal page, as listDealComments shows it to everyone. */
interface SharedComment<C> {
  id: string;
  body: string | null;
  createdAt: string;
  edited: boolean;
  mine: boolean;
  editableUntil: string | null;
  reported: boolean;
  replies: C[];
}

const oldestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id) ? -1 : 1;

/**
 * The deal page's comments as their member sees them (ADR 048): which are theirs (no « Signaler »), which they
 * reported, « Modifier » on the ones they may still edit (with their text as it is now), and their comments waiting
 * for a moderator, which only they see, in their place (a top-level one only among the shown ones: `complete` when
 * no more comments follow).
 */
export function memberComments<C extends SharedComment<C>>(comments: C[], own: DealMoi["comments"], complete: boolean): C[] {
  const mark = (c: C): C => {
    const edit = own.editable[c.id];
    return {
      ...c,
      mine: own.mine.includes(c.id),
      reported: own.reported.includes(c.id),
      editableUntil: edit?.until ?? null,
      ...(edit && c.body !== null ? { body: edit.body, edited: edit.edited } : null),
      replies: c.replies.map(mark),
    };
  };
  const shown = comments.map(mark);
  const last = comments.at(-1)?.createdAt ?? "";
  for (const { parentId, ...p } of own.pending) {
    // a copy: the answer of /api/moi stays as it came
    const pending = { ...p, replies: [] } as unknown as C;
    if (parentId === null) {
      if (complete || p.createdAt <= last) shown.push(pending);
    } else shown.find((t) => t.id === parentId)?.replies.push(pending);
  }
  for (const t of shown) t.replies.sort(oldestFirst);
  return shown.sort(oldestFirst);
}
