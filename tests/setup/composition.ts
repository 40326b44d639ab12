/**
 * Every test file, in both Vitest projects, gets the app as its entries wire it:
 * the composition root installs the auth factory (ADR 052) that getAuth() builds with.
 */
import "../../app/composition/auth.server";
