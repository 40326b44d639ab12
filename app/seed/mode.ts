import { randomBytes } from "node:crypto";

/**
 * When the demo seed (demo content and the two demo accounts) runs at start:
 * - "local": the embedded database with an http://localhost or
 *   http://127.0.0.1 SITE_URL (`npm install && npm start`), demo passwords as
 *   in the README;
 * - "deployment": anywhere else, only with SEED_DEMO=true, and the demo admin
 *   gets a random password, printed once;
 * - "off": otherwise, or with SEED_DEMO=false.
 */
export type DemoSeedMode = "local" | "deployment" | "off";

export interface DemoSeedEnv {
  SITE_URL: string;
  DATABASE_URL?: string;
  SEED_DEMO?: boolean;
}

/** An http:// SITE_URL on localhost or 127.0.0.1 (any port): a developer's machine. */
function isLocalSiteUrl(siteUrl: string): boolean {
  if (!URL.canParse(siteUrl)) return false;
  const url = new URL(siteUrl);
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
}

/** Embedded database on a local SITE_URL: demo data with the README's passwords is harmless there. */
export function isLocalDemoSite(env: DemoSeedEnv): boolean {
  return !env.DATABASE_URL && isLocalSiteUrl(env.SITE_URL);
}

export function demoSeedMode(env: DemoSeedEnv): DemoSeedMode {
  if (env.SEED_DEMO === false) return "off";
  if (isLocalDemoSite(env)) return "local";
  return env.SEED_DEMO === true ? "deployment" : "off";
}

/** Password of the demo admin: the README's one on a local site, else a random one. */
export function demoAdminPassword(env: DemoSeedEnv): string | undefined {
  return isLocalDemoSite(env) ? undefined : randomBytes(18).toString("base64url");
}
