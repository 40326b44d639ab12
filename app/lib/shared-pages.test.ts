import { describe, expect, it } from "vitest";
import { freshPageCookie, isSharedPage, takesSharedPage } from "./shared-pages";

describe("shared pages (ADR 048)", () => {
  it("are the listed public pages, their .data and published articles; not member pages nor pages not shared yet", () => {
    for (const p of ["/", "/_root.data", "/codes-promo", "/codes-promo.data", "/coup-de-crevarde", "/coup-de-crevarde.data", "/coups-de-crevarde", "/marques", "/marques/", "/categories", "/blog", "/blog/un-article", "/blog/un-article.data", "/marques/caudalie", "/marques/caudalie.data", "/categories/maquillage", "/recherche", "/recherche.data", "/coup-de-crevarde/0b0e4a53-5f7c-4d59-9a43-1c7f2d6e8a10", "/coup-de-crevarde/0b0e4a53-5f7c-4d59-9a43-1c7f2d6e8a10.data"]) {
      expect(isSharedPage(p), p).toBe(true);
    }
    for (const p of ["/codes-promo/x", "/root.data", "/_root", "/x/_root.data", "/mon-cashback", "/profile", "/mes-deals", "/coup-de-crevarde/abc", "/coup-de-crevarde/proposer", "/coup-de-crevarde/proposer.data", "/coups-de-crevarde/0b0e4a53-5f7c-4d59-9a43-1c7f2d6e8a10", "/coup-de-crevarde/0b0e4a53-5f7c-4d59-9a43-1c7f2d6e8a10/x", "/marques/a/b", "/categories/a/b", "/blog/a/b", "/recherche/suggestions"]) {
      expect(isSharedPage(p), p).toBe(false);
    }
  });

  it("are answered with everyone's page whatever the session, but not with a flash message or a cookie of another kind", () => {
    for (const cookie of [undefined, "", "cr_consent=x", "crevarde.session_token=a.b", "__Secure-crevarde.session_token=a.b; crevarde.device=d; cr_consent=x"]) {
      expect(takesSharedPage("/marques", cookie), String(cookie)).toBe(true);
    }
    // cr_fresh: a member's write on a deal page (freshPageCookie), their next views are their own for one TTL
    for (const cookie of ["cr_toast=t", "crevarde.session_token=a.b; cr_toast=t", "bench=1", "crevarde=x", "crevarde.session_token=a.b; cr_fresh=1"]) {
      expect(takesSharedPage("/marques", cookie), cookie).toBe(false);
    }
    expect(takesSharedPage("/mon-cashback", "crevarde.session_token=a.b")).toBe(false);
  });

  it("a member's write sets a cookie that lasts one TTL, for the whole site, never read by a script", () => {
    expect(freshPageCookie(false)).toBe("cr_fresh=1; Max-Age=10; Path=/; HttpOnly; SameSite=Lax");
    expect(freshPageCookie(true)).toMatch(/; Secure$/);
    expect(takesSharedPage("/coup-de-crevarde/0b0e4a53-5f7c-4d59-9a43-1c7f2d6e8a10", freshPageCookie(false).split(";")[0])).toBe(false);
  });
});
