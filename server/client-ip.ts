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

/**
 * The client's source port (décret 2021-1362 asks for it with the address):
 * the TCP peer's port when the address is the peer's own; behind a proxy the
 * client's port is not known (undefined).
 */
export function clientPortOf(req: Request): number | undefined {
  return req.ip !== undefined && req.ip === req.socket.remoteAddress ? req.socket.remotePort : undefined;
}
