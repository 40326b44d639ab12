import type { Logger } from "pino";

declare module "react-router" {
  interface AppLoadContext {
    /** per-response CSP nonce set by server/index.ts */
    cspNonce: string;
    /** request-scoped logger */
    logger?: Logger;
    /** client IP as seen by Express (trust proxy aware) */
    clientIp?: string;
    /** the client's source port, when the TCP peer is the client (no proxy in between) */
    clientPort?: number;
  }
}

export {};
