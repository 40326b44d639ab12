import { getEnv } from "./env.server";

export const TEST_NOW_HEADER = "x-test-now";

/**
 * The time of a request: now, except in end-to-end tests (TEST_CLOCK_HEADER,
 * refused on https://), where the X-Test-Now header may move it forward, so a
 * browser test can live through the 72 h wait after an IBAN change without
 * moving the whole server's clock. A header that is not a later ISO instant is ignored.
 */
export function requestNow(request: Request): Date {
  const now = new Date();
  if (!getEnv().TEST_CLOCK_HEADER) return now;
  const header = request.headers.get(TEST_NOW_HEADER);
  const at = header ? new Date(header) : null;
  return at && Number.isFinite(at.getTime()) && at > now ? at : now;
}
