/**
 * The « Comment nous gagnons de l'argent » page's address and title, apart from legal.ts so that
 * the shared header links to it without shipping the legal texts to every page (ADR 027's budget).
 */
export const EARNINGS_SLUG = "comment-nous-gagnons-de-l-argent";
export const EARNINGS_PATH = `/legal/${EARNINGS_SLUG}`;
export const EARNINGS_TITLE = "Comment nous gagnons de l'argent";
