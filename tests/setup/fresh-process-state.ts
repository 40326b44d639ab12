/**
 * The "shared" Vitest project runs many files in one process (isolate: false,
 * vitest.config.ts). After each file, what it installed for the process goes, so
 * the next file starts as it would in a process of its own: no database, no auth
 * instance bound to it, the environment read again, no SMTP transport.
 */
import { afterAll } from "vitest";
import { resetAuth } from "#app/lib/auth.server";
import { forgetDatabase } from "#app/lib/db.server";
import { resetEnvCache } from "#app/lib/env.server";
import { resetMailer } from "#app/lib/mail.server";

afterAll(() => {
  forgetDatabase();
  resetAuth();
  resetEnvCache();
  resetMailer();
});
