/**
 * Public pages that are the same bytes for a visitor and a member (issue #38, ADR 048): their loaders
 * and the root loader read no session on them, the member's own state comes from GET /api/moi after
 * hydration, and any HTTP cache may keep them (SHARED_PAGE_CACHE_CONTROL), the page micro-cache too,
 * for members as for visitors.
 */
const SHARED_PATHS = ["/coup-de-crevarde", "/coups-de-crevarde", "/marques", "/categories", "/blog", "/recherche"];
/** each published article (an editor's preview of a draft is rendered for them, private), each brand and category page */
const SHARED_PATTERNS = [/^\/blog\/[^/]+$/, /^\/marques\/[^/]+$/, /^\/categories\/[^/]+$/];
/**
 * Each deal page (a UUID, so not /coup-de-crevarde/proposer): its author's view of their deal while it is not public,
 * and the page a no-JS form's redirect comes back to (the flash message), are rendered for them, private.
 */
const SHARED_DEAL_PAGE = /^\/coup-de-crevarde\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The home page, and « Mes codes promo », whose visitor is sent to sign in once /api/moi has answered (ADR 048):
 * their signed-in copy and a member's codes come from /api/moi too.
 */
const SHARED_HOME_PATHS = ["/", "/codes-promo"];

/** What a shared page answers: any cache may keep it for 10 s, and serve it stale for a minute while it fetches it again. */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/**
 * The cookies a shared page ignores: the consent choice (the cached page is keyed by its purposes) and our own
 * `crevarde.*` cookies (the session, the device id), which no shared page reads. Any other, the flash message's
 * `cr_toast` first (the root loader shows and clears it), makes the request rendered for itself.
 */
const IGNORED_COOKIE = /^(?:cr_consent|(?:__Secure-)?crevarde\.[\w.]+)$/;

/** Whether a path (a page or its `.data`) is a shared page. */
export function isSharedPage(pathname: string): boolean {
  // the home page's .data is /_root.data
  const path = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return SHARED_PATHS.includes(trimmed) || SHARED_HOME_PATHS.includes(trimmed) || SHARED_PATTERNS.some((pattern) => pattern.test(trimmed)) || SHARED_DEAL_PAGE.test(trimmed);
}

/** Whether a GET of a shared page may be answered with the page every visitor gets (no flash message to show and clear). */
export function takesSharedPage(pathname: string, cookieHeader: string | undefined | null): boolean {
  if (!isSharedPage(pathname)) return false;
  const names = (cookieHeader ?? "").split(";").map((c) => c.split("=")[0]!.trim());
  return names.every((name) => !name || IGNORED_COOKIE.test(name));
}

/**
 * Set by a member's write on a deal page (a vote, a comment, a flag, a report): for one micro-cache TTL (10 s, the
 * shared pages' s-maxage) their requests carry it, so they skip the shared copies (it is not an ignored cookie, see
 * takesSharedPage) and see at once what they did: their comment, its new text, the temperature after their vote.
 */
export function freshPageCookie(secure: boolean) {
  return `cr_fresh=1; Max-Age=10; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
