/**
 * Redirect-loop rule of /auth ("Problème de session détecté").
 *
 * A loop is a signed-in visitor sent back to /auth?redirect=… again and again
 * (guard -> /auth -> guard …). A visitor who is not signed in and opens
 * /auth?redirect=… several times (e.g. three coupon buttons on /temu) is simply
 * asked to sign in: that is never a loop, and it resets the count.
 */
const LOOP_COOKIE = "redirect_attempts";
export const LOOP_THRESHOLD = 3;
/** The count lives 60 s: bounces further apart are not a loop. */
const LOOP_WINDOW_SECONDS = 60;

export function readLoopCount(cookieHeader: string | null): number {
  const match = (cookieHeader ?? "").match(/(?:^|;\s*)redirect_attempts=(\d{1,3})(?:;|$)/);
  return match ? Number(match[1]) : 0;
}

export interface LoopVisit {
  /** the count carried by the cookie so far */
  previous: number;
  /** whether the visitor has a valid session */
  signedIn: boolean;
  /** whether the visit carries ?redirect= (sent here by a guard or a link) */
  redirected: boolean;
}

/** The new count, whether the banner shows, and the cookie to set (null: leave it as is). */
export function nextLoopState({ previous, signedIn, redirected }: LoopVisit): { count: number; detected: boolean; cookie: string | null } {
  if (!signedIn) {
    return { count: 0, detected: false, cookie: previous > 0 ? loopCookie(0) : null };
  }
  const count = redirected ? previous + 1 : previous;
  return { count, detected: count >= LOOP_THRESHOLD, cookie: redirected ? loopCookie(count) : null };
}

/** Set-Cookie value for the count (0 expires it). */
export function loopCookie(count: number): string {
  return `${LOOP_COOKIE}=${count > 0 ? count : ""}; Path=/; Max-Age=${count > 0 ? LOOP_WINDOW_SECONDS : 0}; HttpOnly; SameSite=Lax`;
}
