/**
 * PostgreSQL error codes (SQLSTATE) as the code checks them. Drizzle wraps the
 * driver's error (DrizzleQueryError, with the original as `cause`), and PGlite
 * and node-postgres put the code on their own error: read it wherever it is.
 */
export const PG_ERROR = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
} as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database error in `error` or its `.cause` chain (the first one with a SQLSTATE code). */
function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  let current = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && SQLSTATE.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE code of a database error, however wrapped; undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/** The name of the constraint a database error is about, however wrapped. */
export function pgErrorConstraint(error: unknown): string | undefined {
  return databaseError(error)?.constraint;
}
