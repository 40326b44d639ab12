import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNginx, type RunningNginx } from "./nginx";
import { freePort } from "./server";

/**
 * The production nginx recipe (deploy/nginx/crevarde.conf.template, ADR 054) in front of two stub servers:
 * what its cache keeps, for whom, and how a request reaches the other server. The real app behind it is
 * `npm run test:cluster`'s.
 */

const SHARED = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

let renders = 0;
const posts: string[] = [];
/** Held answers of /slow (the background update of a stale page), released by the test. */
let holdSlow: Promise<void> | null = null;

function stub(name: string) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const cookie = req.headers.cookie ?? "";
    const body = (text: string) => res.end(`${text} #${++renders} from ${name}`);
    let chunks = "";
    req.on("data", (c: Buffer) => (chunks += c.toString()));
    req.on("end", async () => {
      switch (url.pathname) {
        case "/shared":
          res.setHeader("Cache-Control", SHARED);
          res.setHeader("Vary", "Accept-Encoding");
          return body(`shared page, encoding ${req.headers["accept-encoding"] ?? "none"}`);
        case "/consent":
          res.setHeader("Cache-Control", SHARED);
          return body(`page for consent ${/cr_consent=v1\.(\d)\.(\d)/.exec(cookie)?.slice(1).join("") ?? "none"}`);
        case "/sets-cookie":
          res.setHeader("Cache-Control", SHARED);
          res.setHeader("Set-Cookie", "cr_toast=; Max-Age=0");
          return body(`flash for ${cookie}`);
        case "/api/moi":
          res.setHeader("Cache-Control", "private, no-store");
          res.setHeader("Vary", "Cookie");
          return body(`moi of ${cookie || "nobody"}`);
        case "/plain":
          return body("no Cache-Control");
        case "/slow":
          res.setHeader("Cache-Control", "public, max-age=0, s-maxage=1, stale-while-revalidate=60");
          if (holdSlow) await holdSlow;
          return body("slow page");
        case "/post":
          posts.push(`${name}:${chunks}`);
          // server a takes the request, then dies before answering
          if (name === "a") return req.socket.destroy();
          return body(`posted ${chunks}`);
        default:
          res.statusCode = 404;
          return body("not found");
      }
    });
  });
}

const servers: http.Server[] = [];
let nginx: RunningNginx;
let down: RunningNginx;

async function get(site: RunningNginx, pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${site.url}${pathname}`, { headers });
  return { status: res.status, cache: res.headers.get("x-cache-status"), body: await res.text() };
}

beforeAll(async () => {
  const [a, b, proxy, deadPort, downProxy] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  for (const [name, port] of [["a", a], ["b", b]] as const) {
    const server = stub(name);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    servers.push(server);
  }
  nginx = await startNginx({ port: proxy, apps: [a, b] });
  // the first server refuses every connection (nothing listens on its port)
  down = await startNginx({ port: downProxy, apps: [deadPort, b] });
});

afterAll(async () => {
  holdSlow = null;
  await Promise.all([nginx?.stop(), down?.stop()]);
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

describe("the nginx recipe's cache", () => {
  it("keeps a public page for its s-maxage and serves the same bytes to a member and a visitor", async () => {
    const first = await get(nginx, "/shared", { "accept-encoding": "gzip" });
    const member = await get(nginx, "/shared", { "accept-encoding": "gzip", cookie: "crevarde.session_token=alice; cr_consent=junk" });
    const visitor = await get(nginx, "/shared", { "accept-encoding": "gzip" });
    expect(first.cache).toBe("MISS");
    expect(member).toEqual({ ...first, cache: "HIT" });
    expect(visitor).toEqual({ ...first, cache: "HIT" });
  });

  it("keeps one copy per Vary: Accept-Encoding value", async () => {
    await get(nginx, "/shared", { "accept-encoding": "gzip" });
    const br = await get(nginx, "/shared", { "accept-encoding": "br" });
    expect(br.body).toContain("encoding br");
    expect((await get(nginx, "/shared", { "accept-encoding": "br" })).cache).toBe("HIT");
    expect((await get(nginx, "/shared", { "accept-encoding": "gzip" })).body).toContain("encoding gzip");
  });

  it("keys a page by the consent's purposes, never by the cookie", async () => {
    const none = await get(nginx, "/consent");
    const analytics = await get(nginx, "/consent", { cookie: "cr_consent=v1.1.0.1764450000" });
    const analyticsLater = await get(nginx, "/consent", { cookie: "cr_consent=v1.1.0.1764459999" });
    const refused = await get(nginx, "/consent", { cookie: "cr_consent=v1.0.0.1764450000" });
    expect(none.body).toContain("consent none");
    expect(analytics.body).toContain("consent 10");
    expect(analyticsLater).toEqual({ ...analytics, cache: "HIT" });
    expect(refused.body).toContain("consent 00");
    expect((await get(nginx, "/consent")).body).toBe(none.body);
  });

  it("never keeps an answer that sets a cookie, even marked public", async () => {
    const first = await get(nginx, "/sets-cookie", { cookie: "crevarde.session_token=alice" });
    const second = await get(nginx, "/sets-cookie", { cookie: "crevarde.session_token=bob" });
    expect(first.body).toContain("alice");
    expect(second.body).toContain("bob");
    expect(second.cache).toBe("MISS");
  });

  it("never keeps a private answer nor one without Cache-Control: each member gets their own /api/moi", async () => {
    const alice = await get(nginx, "/api/moi", { cookie: "crevarde.session_token=alice" });
    const bob = await get(nginx, "/api/moi", { cookie: "crevarde.session_token=bob" });
    const visitor = await get(nginx, "/api/moi");
    expect(alice.body).toContain("moi of crevarde.session_token=alice");
    expect(bob.body).toContain("moi of crevarde.session_token=bob");
    expect(visitor.body).toContain("moi of nobody");
    expect([alice.cache, bob.cache, visitor.cache]).toEqual(["MISS", "MISS", "MISS"]);
    await get(nginx, "/plain");
    expect((await get(nginx, "/plain")).cache).toBe("MISS");
  });

  it("sends a request with any other cookie (the flash message) to the app and keeps nothing of it", async () => {
    await get(nginx, "/consent");
    const toast = await get(nginx, "/consent", { cookie: "cr_toast=abc; crevarde.session_token=alice" });
    expect(toast.cache).toBe("BYPASS");
    const other = await get(nginx, "/shared", { cookie: "tracker=1", "accept-encoding": "identity" });
    expect(other.cache).toBe("BYPASS");
    expect((await get(nginx, "/shared", { "accept-encoding": "identity" })).cache).toBe("MISS");
  });

  it("answers from a stale page within stale-while-revalidate while one request fetches it again", async () => {
    const first = await get(nginx, "/slow");
    let release = () => {};
    holdSlow = new Promise<void>((resolve) => (release = resolve));
    // s-maxage=1: wait for the page to expire (a condition, however long the machine takes)
    let stale = await get(nginx, "/slow");
    while (stale.cache === "HIT") stale = await get(nginx, "/slow");
    // the background update is held by the server: the answer is the old page at once
    expect(["STALE", "UPDATING"]).toContain(stale.cache);
    expect(stale.body).toBe(first.body);
    holdSlow = null;
    release();
    let fresh = await get(nginx, "/slow");
    while (fresh.body === first.body) fresh = await get(nginx, "/slow");
    expect(fresh.body).toContain("slow page");
  });
});

describe("the nginx recipe's balancing", () => {
  it("sends a request, a POST too, to the other server when the first refuses the connection", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await get(down, "/plain")).body).toContain("from b");
      const res = await fetch(`${down.url}/post`, { method: "POST", body: `refused-${i}` });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`posted refused-${i}`);
    }
  });

  it("never sends a POST to a second server once the first received it", async () => {
    posts.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${nginx.url}/post`, { method: "POST", body: `once-${i}` });
      await res.text();
      statuses.push(res.status);
    }
    // each POST reached one server: a's (which died on it) answered 502, b's 200
    for (let i = 0; i < 4; i++) expect(posts.filter((p) => p.endsWith(`:once-${i}`))).toHaveLength(1);
    expect(statuses).toContain(502);
    expect(statuses).toContain(200);
  });

  it("passes the client's address in X-Forwarded-For, and the Host it asked for, port included", async () => {
    const echo = http.createServer((req, res) => res.end(`${req.headers["x-forwarded-for"]} ${req.headers.host}`));
    const [port, proxy] = await Promise.all([freePort(), freePort()]);
    await new Promise<void>((resolve) => echo.listen(port, "127.0.0.1", resolve));
    const site = await startNginx({ port: proxy, apps: [port, port] });
    try {
      const res = await fetch(`${site.url}/`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(await res.text()).toBe(`203.0.113.9, 127.0.0.1 127.0.0.1:${proxy}`);
    } finally {
      await site.stop();
      echo.close();
    }
  });
});
