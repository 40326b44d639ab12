/**
 * Affiliate network API credentials (ADR 015): read from the environment
 * (validated in app/lib/env.server.ts), never stored in the database. The
 * pull clients call networkCredentials(); the back office only asks
 * networkCredentialsConfigured() and never shows a value.
 */
import { getEnv, type Env } from "#app/lib/env.server";
import type { NetworkName } from "./networks";

interface NetworkCredentialsMap {
  awin: { apiToken: string };
  effiliation: { apiKey: string };
  kwanko: { apiToken: string; login?: string };
  cj: { apiToken: string };
  tradedoubler: { clientId: string; clientSecret: string; username?: string; password?: string };
  impact: { accountSid: string; authToken: string };
  rakuten: { apiToken: string };
  timeone: { partnerId: string; apiKey: string };
}
export type NetworkCredentials<N extends NetworkName = NetworkName> = NetworkCredentialsMap[N];

/** The environment variables each network needs, in the README's order. */
export const NETWORK_ENV_VARS: Record<NetworkName, readonly (keyof Env)[]> = {
  awin: ["AWIN_API_TOKEN"],
  effiliation: ["EFFILIATION_API_KEY"],
  kwanko: ["KWANKO_API_TOKEN"],
  cj: ["CJ_API_TOKEN"],
  tradedoubler: ["TRADEDOUBLER_CLIENT_ID", "TRADEDOUBLER_CLIENT_SECRET"],
  impact: ["IMPACT_ACCOUNT_SID", "IMPACT_AUTH_TOKEN"],
  rakuten: ["RAKUTEN_API_TOKEN"],
  timeone: ["TIMEONE_PARTNER_ID", "TIMEONE_API_KEY"],
};

/** The credentials a given environment holds (the validated one, or a raw one in tests). */
export function readNetworkCredentials<N extends NetworkName>(network: N, env: Partial<Record<keyof Env, unknown>> = getEnv()): NetworkCredentials<N> | null {
  return read(env, network) as NetworkCredentials<N> | null;
}

function read(env: Partial<Record<keyof Env, unknown>>, network: NetworkName): NetworkCredentials | null {
  const v = (name: keyof Env) => {
    const value = env[name];
    return typeof value === "string" && value ? value : null;
  };
  switch (network) {
    case "kwanko": {
      const token = v("KWANKO_API_TOKEN");
      return token ? { apiToken: token, login: v("KWANKO_LOGIN") ?? undefined } : null;
    }
    case "awin":
    case "cj":
    case "rakuten": {
      const token = v(NETWORK_ENV_VARS[network][0]);
      return token ? { apiToken: token } : null;
    }
    case "effiliation": {
      const key = v("EFFILIATION_API_KEY");
      return key ? { apiKey: key } : null;
    }
    case "tradedoubler": {
      const [clientId, clientSecret] = [v("TRADEDOUBLER_CLIENT_ID"), v("TRADEDOUBLER_CLIENT_SECRET")];
      return clientId && clientSecret ? { clientId, clientSecret, username: v("TRADEDOUBLER_USERNAME") ?? undefined, password: v("TRADEDOUBLER_PASSWORD") ?? undefined } : null;
    }
    case "impact": {
      const [accountSid, authToken] = [v("IMPACT_ACCOUNT_SID"), v("IMPACT_AUTH_TOKEN")];
      return accountSid && authToken ? { accountSid, authToken } : null;
    }
    case "timeone": {
      const [partnerId, apiKey] = [v("TIMEONE_PARTNER_ID"), v("TIMEONE_API_KEY")];
      return partnerId && apiKey ? { partnerId, apiKey } : null;
    }
  }
}

/** The network's credentials from the environment, or null when they are not (all) set. */
export function networkCredentials<N extends NetworkName>(network: N): NetworkCredentials<N> | null {
  return readNetworkCredentials(network);
}

/** Whether every environment variable the network needs is set (no value is exposed). */
export function networkCredentialsConfigured(network: NetworkName): boolean {
  return networkCredentials(network) !== null;
}
