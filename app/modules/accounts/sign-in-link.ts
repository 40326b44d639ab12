/** How long an e-mailed sign-in link works (ADR 043). */
export const SIGN_IN_LINK_MINUTES = 15;

/** The page an e-mailed sign-in link opens: it signs in only when its button is pressed (ADR 043). */
export const SIGN_IN_LINK_PATH = "/auth/sign-in-link";
