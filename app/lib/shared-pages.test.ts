import { describe, expect, it } from "vitest";
import { isSharedPage, takesSharedPage } from "./shared-pages";

describe("shared pages (ADR 048)", () => {
  it("are the listed public pages, their .data and published articles; not member pages nor pages not shared yet", () => {
    for (const p of ["/", "/_root.data", "/codes-promo", "/codes-promo.data", "/coup-de-crevarde", "/coup-de-crevarde.data", "/coups-de-crevarde", "/marques", "/marques/", "/categories", "/blog", "/blog/un-article", "/blog/un-article.data", "/marques/caudalie", "/marques/caudalie.data", "/categories/maquillage", "/recherche", "/recherche.data"]) {
      expect(isSharedPage(p), p).toBe(true);
    }
    for (const p of ["/codes-promo/x", "/root.data", "/_root", "/x/_root.data", "/mon-cashback", "/profile", "/mes-deals", "/coup-de-crevarde/abc", "/marques/a/b", "/categories/a/b", "/blog/a/b", "/recherche/suggestions"]) {
      expect(isSharedPage(p), p).toBe(false);
    }
  });

  it("are answered with everyone's page whatever the session, but not with a flash message or a cookie of another kind", () => {
    for (const cookie of [undefined, "", "cr_consent=x", "crevarde.session_token=a.b", "__Secure-crevarde.session_token=a.b; crevarde.device=d; cr_consent=x"]) {
      expect(takesSharedPage("/marques", cookie), String(cookie)).toBe(true);
    }
    for (const cookie of ["cr_toast=t", "crevarde.session_token=a.b; cr_toast=t", "bench=1", "crevarde=x"]) {
      expect(takesSharedPage("/marques", cookie), cookie).toBe(false);
    }
    expect(takesSharedPage("/mon-cashback", "crevarde.session_token=a.b")).toBe(false);
  });
});
