import http from "node:http";

export interface Backend {
  name: string;
  port: number;
}

/** Pin a request to one backend by its name (the cluster test's checks use it). */
export const PIN_HEADER = "x-crevarde-backend";

/**
 * A small HTTP load balancer for `npm run test:cluster`: round-robin over the backends,
 * or the one named by PIN_HEADER. The request body is buffered, so a request whose
 * backend refuses the connection (a killed server) is sent to the next one; a backend
 * that fails after receiving the request answers 502 (not acknowledged). It appends the
 * client's address to X-Forwarded-For, like nginx's $proxy_add_x_forwarded_for.
 */
export function startProxy(port: number, backends: Backend[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const pinned = req.headers[PIN_HEADER];
      const order = pinned
        ? backends.filter((b) => b.name === pinned)
        : backends.map((_, i) => backends[(next + i) % backends.length]);
      if (!pinned) next = (next + 1) % backends.length;
      const headers = { ...req.headers };
      delete headers[PIN_HEADER];
      const forwarded = [headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
      headers["x-forwarded-for"] = forwarded;
      const attempt = (i: number) => {
        const backend = order[i];
        if (!backend) {
          if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
          res.end("no backend");
          return;
        }
        const upstream = http.request(
          { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers, agent: false },
          (up) => {
            res.writeHead(up.statusCode ?? 502, { ...up.headers, "x-cluster-backend": backend.name });
            up.pipe(res);
            up.on("error", () => res.destroy());
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          // nothing reached a backend that refused the connection: another one may take it
          if (error.code === "ECONNREFUSED" && !res.headersSent) return attempt(i + 1);
          if (!res.headersSent) {
            res.writeHead(502, { "content-type": "text/plain" });
            res.end(`backend ${backend.name} failed: ${error.code ?? error.message}`);
          } else res.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
