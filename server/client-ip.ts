import type { Request } from "express";

/**
 * The client's IP address, the one every per-IP limit and visitor hash uses:
 * Express's `req.ip`, which reads X-Forwarded-For only as far as the
 * `trust proxy` setting (TRUST_PROXY, set in createApp) allows. By default no
 * proxy is trusted and it is the address of the TCP peer.
 */
export function clientIpOf(req: Request): string | undefined {
  return req.ip;
}
