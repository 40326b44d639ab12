/**
 * The fair queue in front of React Router (server/render-queue.ts): at most
 * `limit` renders at once, in order of arrival, each started on a loop turn
 * of its own; a slot is given back when the response is written, when the
 * client leaves, or after the slot time; micro-cache hits never wait.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultRenderConcurrency } from "../../server/app";
import { createRenderQueue } from "../../server/render-queue";
import { startInProcessApp } from "#tests/helpers/app";
import { describeEachDb } from "#tests/helpers/db";

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Lets every pending immediate, and what they start, run. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe("render queue", () => {
  it("runs at most `limit` renders at once, in their order of arrival", async () => {
    const queue = createRenderQueue(2);
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const done = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.opened;
        return i * 10;
      }),
    );
    await turns();
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 4 });
    gates[1]!.open();
    await turns();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(done)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("starts a waiting render on a later loop turn, so the sockets are read between two renders", async () => {
    const queue = createRenderQueue(1);
    const log: string[] = [];
    const first = queue.run(async () => {
      log.push("render 1");
      // what the event loop has to do meanwhile (here an immediate, in production the sockets)
      setImmediate(() => log.push("I/O"));
    });
    const second = queue.run(async () => {
      log.push("render 2");
    });
    await Promise.all([first, second]);
    expect(log).toEqual(["render 1", "I/O", "render 2"]);
  });

  it("passes a render's failure to its caller and gives its slot back", async () => {
    const queue = createRenderQueue(1);
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(queue.run(async () => "next")).resolves.toBe("next");
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the slot of a render still running after the slot time to the next one", async () => {
    const queue = createRenderQueue(1, 30);
    const stuck = gate();
    const slow = queue.run(() => stuck.opened);
    let second = false;
    const next = queue.run(async () => {
      second = true;
    });
    await next;
    expect(second).toBe(true);
    stuck.open();
    await slow;
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("runs 2 renders at once on the embedded database and 4 on a PostgreSQL server, unless RENDER_CONCURRENCY says", () => {
    expect(defaultRenderConcurrency({ DATABASE_URL: undefined, RENDER_CONCURRENCY: undefined })).toBe(2);
    expect(defaultRenderConcurrency({ DATABASE_URL: "postgres://db/crevarde", RENDER_CONCURRENCY: undefined })).toBe(4);
    expect(defaultRenderConcurrency({ DATABASE_URL: "postgres://db/crevarde", RENDER_CONCURRENCY: 7 })).toBe(7);
  });
});

describe("render queue as Express middleware", () => {
  let server: Server;
  let base: string;
  const queue = createRenderQueue(1);
  const handled: string[] = [];
  let hold = gate();

  beforeAll(async () => {
    const app = express();
    app.use(queue.middleware);
    app.get("/page/:name", async (req, res) => {
      handled.push(req.params.name);
      if (req.params.name === "slow") await hold.opened;
      res.send(`page ${req.params.name}`);
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  afterEach(() => {
    handled.length = 0;
    hold = gate();
  });

  it("holds the slot until the response is written, then serves the next request", async () => {
    const slow = fetch(`${base}/page/slow`);
    await vi.waitFor(() => expect(handled).toEqual(["slow"]));
    const next = fetch(`${base}/page/next`);
    await vi.waitFor(() => expect(queue.stats().waiting).toBe(1));
    expect(handled).toEqual(["slow"]);
    hold.open();
    expect(await (await slow).text()).toBe("page slow");
    expect(await (await next).text()).toBe("page next");
    expect(handled).toEqual(["slow", "next"]);
  });

  it("never runs a request whose client left while it waited", async () => {
    const slow = fetch(`${base}/page/slow`);
    await vi.waitFor(() => expect(handled).toEqual(["slow"]));
    const abort = new AbortController();
    const left = fetch(`${base}/page/left`, { signal: abort.signal }).catch(() => "aborted");
    await vi.waitFor(() => expect(queue.stats().waiting).toBe(1));
    abort.abort();
    expect(await left).toBe("aborted");
    hold.open();
    await (await slow).text();
    expect(await (await fetch(`${base}/page/after`)).text()).toBe("page after");
    expect(handled).toEqual(["slow", "after"]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

describeEachDb("render queue in the app", () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;

  beforeAll(async () => {
    app = await startInProcessApp({ pageCacheTtlMs: 60_000, renderConcurrency: 1 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("makes a render wait for a free slot, while a micro-cache hit is served at once", async () => {
    const first = await fetch(`${app.base}/marques`, { headers: { accept: "text/html" } });
    await first.text();
    expect(first.headers.get("x-cache")).toBe("MISS");

    const busy = gate();
    const occupying = app.renders.run(() => busy.opened);
    await vi.waitFor(() => expect(app.renders.stats().running).toBe(1));

    const hit = await fetch(`${app.base}/marques`, { headers: { accept: "text/html" } });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    await hit.text();

    // a personal request (any cookie) is rendered: it waits its turn
    const personal = fetch(`${app.base}/marques`, { headers: { accept: "text/html", cookie: "bench=1" } });
    // a page not in the micro-cache yet: its render waits as well
    const miss = fetch(`${app.base}/blog`, { headers: { accept: "text/html" } });
    await vi.waitFor(() => expect(app.renders.stats().waiting).toBe(2));

    busy.open();
    await occupying;
    const [p, m] = await Promise.all([personal, miss]);
    expect(p.status).toBe(200);
    expect(p.headers.get("x-cache")).toBeNull();
    expect(await p.text()).toContain("</html>");
    expect(m.status).toBe(200);
    expect(m.headers.get("x-cache")).toBe("MISS");
    expect(await m.text()).toContain("</html>");
    expect(app.renders.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
