import { describe, expect, it } from "vitest";
import {
  autolink,
  canEditComment,
  commentAuthorName,
  commentHref,
  COMMENTS_MAX,
  COMMENTS_PER_PAGE,
  commentsShownFor,
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_MESSAGES,
  holdsComment,
  parseCommentsShown,
  replyParentId,
  REPORT_MESSAGES,
} from "./deal-comments";
import { commentActionSchema } from "./deal-comments.schema";

const now = new Date("2026-11-26T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("canEditComment", () => {
  const comment = { authorId: "u1", createdAt: ago(COMMENT_EDIT_WINDOW_MS - 1000), status: "visible" };
  it("lets the author edit for 10 minutes", () => {
    expect(canEditComment(comment, "u1", now)).toBe(true);
    expect(canEditComment({ ...comment, createdAt: ago(COMMENT_EDIT_WINDOW_MS) }, "u1", now)).toBe(true);
  });
  it("closes after 10 minutes, for others, for visitors and once removed", () => {
    expect(canEditComment({ ...comment, createdAt: ago(COMMENT_EDIT_WINDOW_MS + 1) }, "u1", now)).toBe(false);
    expect(canEditComment(comment, "u2", now)).toBe(false);
    expect(canEditComment(comment, null, now)).toBe(false);
    expect(canEditComment({ ...comment, status: "removed" }, "u1", now)).toBe(false);
    expect(canEditComment({ ...comment, authorId: null }, null, now)).toBe(false);
  });
});

describe("replyParentId", () => {
  it("attaches a reply to a top-level comment to it, and a reply to a reply to the top-level parent", () => {
    expect(replyParentId({ id: "top", parentId: null })).toBe("top");
    expect(replyParentId({ id: "reply", parentId: "top" })).toBe("top");
  });
});

describe("holdsComment", () => {
  const member = { createdAt: ago(30 * 86_400_000), emailVerified: true, commentsSoFar: 0, now };
  it("holds the first 3 comments of a new or unverified account", () => {
    expect(holdsComment({ ...member, createdAt: ago(86_400_000) })).toBe(true);
    expect(holdsComment({ ...member, createdAt: ago(86_400_000), commentsSoFar: 2 })).toBe(true);
    expect(holdsComment({ ...member, createdAt: ago(86_400_000), commentsSoFar: 3 })).toBe(false);
    expect(holdsComment({ ...member, emailVerified: false })).toBe(true);
  });
  it("does not hold an established account's comments", () => {
    expect(holdsComment(member)).toBe(false);
  });
});

describe("commentAuthorName", () => {
  it("shows the username, never an e-mail", () => {
    expect(commentAuthorName({ deleted: false, username: "crevette" })).toBe("crevette");
    expect(commentAuthorName({ deleted: false, username: "jean@example.com" })).toBe(COMMENT_MESSAGES.anonymousAuthor);
    expect(commentAuthorName({ deleted: false, username: null })).toBe("Membre");
    expect(commentAuthorName({ deleted: true, username: null })).toBe("Membre supprimé");
  });
});

describe("autolink", () => {
  it("links http(s) addresses and leaves the punctuation after them", () => {
    expect(autolink("Vu sur https://example.com/a?b=1, et http://x.fr.")).toEqual([
      { kind: "text", text: "Vu sur " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ", et " },
      { kind: "link", text: "http://x.fr", href: "http://x.fr/" },
      { kind: "text", text: "." },
    ]);
  });
  it("never links other schemes: javascript:, data:, and markup stay text", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "<a href=\"javascript:alert(1)\">x</a>", "<img src=x onerror=alert(1)>"]) {
      expect(autolink(text)).toEqual([{ kind: "text", text }]);
    }
  });
  it("does not carry markup or quotes into a link", () => {
    const parts = autolink('https://ok.fr/"><script>alert(1)</script>');
    expect(parts[0]).toEqual({ kind: "link", text: "https://ok.fr/", href: "https://ok.fr/" });
    expect(parts.filter((p) => p.kind === "link")).toHaveLength(1);
  });
  it("refuses addresses with credentials", () => {
    expect(autolink("https://user:pw@evil.fr")).toEqual([{ kind: "text", text: "https://user:pw@evil.fr" }]);
  });
});

describe("commentActionSchema", () => {
  it("refuses an empty or too long comment in French", () => {
    const empty = commentActionSchema.safeParse({ intent: "comment", body: "   " });
    expect(empty.success ? null : empty.error.issues[0].message).toBe(COMMENT_MESSAGES.bodyRequired);
    const long = commentActionSchema.safeParse({ intent: "comment", body: "a".repeat(4001) });
    expect(long.success ? null : long.error.issues[0].message).toBe(COMMENT_MESSAGES.bodyTooLong);
  });
  it("keeps the text as typed (markup included)", () => {
    const parsed = commentActionSchema.parse({ intent: "comment", body: "<b>top</b>\r\nmerci" });
    expect(parsed).toMatchObject({ body: "<b>top</b>\nmerci" });
  });
  it("asks for a report's reason", () => {
    const r = commentActionSchema.safeParse({ intent: "report", targetType: "deal", targetId: "00000000-0000-4000-8000-000000000000" });
    expect(r.success ? null : r.error.issues[0].message).toBe(REPORT_MESSAGES.reasonRequired);
  });
});

describe("the deal page's comment parameters", () => {
  it("?commentaires= is a whole number from 1 to the maximum, else the first page", () => {
    expect([COMMENTS_PER_PAGE, COMMENTS_MAX]).toEqual([30, 1000]);
    expect(parseCommentsShown("60")).toBe(60);
    expect(parseCommentsShown("1")).toBe(1);
    expect(parseCommentsShown("1000")).toBe(1000);
    expect(parseCommentsShown("045")).toBe(45);
    for (const bad of [null, undefined, "", "0", "-30", "30.5", "1e3", " 60", "60abc", "abc", "1001", "9".repeat(400), "0x10"]) {
      expect(parseCommentsShown(bad), String(bad)).toBe(COMMENTS_PER_PAGE);
    }
  });
  it("a comment's place is shown with whole pages, at most the maximum", () => {
    expect([0, 1, 30, 31, 60, 61, 999, 1000, 5000].map(commentsShownFor)).toEqual([0, 30, 30, 60, 60, 90, 1000, 1000, 1000]);
  });
  it("a comment's address keeps the page's parameters and drops its fragment", () => {
    const id = "0b6c2f4e-1c7a-4b3e-9d2f-5a6b7c8d9e0f";
    expect(commentHref("/coup-de-crevarde/d1", id)).toBe(`/coup-de-crevarde/d1?commentaire=${id}#commentaire-${id}`);
    expect(commentHref("/coup-de-crevarde/d1?commentaires=60#commentaires", id)).toBe(`/coup-de-crevarde/d1?commentaires=60&commentaire=${id}#commentaire-${id}`);
    expect(commentHref(`/coup-de-crevarde/d1?commentaire=old`, id)).toBe(`/coup-de-crevarde/d1?commentaire=${id}#commentaire-${id}`);
  });
});
