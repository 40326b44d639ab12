/**
 * `npm run test:cluster` (issue 16, ADR 024): two production app servers on one PostgreSQL
 * behind a load balancer on loopback, and the checks that they behave as one site:
 * sessions, cache invalidation, rate limits, uploads, jobs, and a SIGKILL under load.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server it may create databases on) and the
 * production build (`npm run build`). The load balancer is nginx with the production recipe
 * (deploy/nginx/crevarde.conf.template, ADR 054: round-robin, passive health, the HTTP cache of the
 * shared pages), rendered for these ports by scripts/lib/nginx.ts; only for this test, a request
 * may be pinned to one server by a header. Ports: CLUSTER_BASE_PORT (default 3170) for nginx, +1 and
 * +2 for the servers, +3 for the SMTP sink.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { startNginx } from "./lib/nginx";
import { ensureBuild, root } from "./lib/server";
import { SERVER_ENTRY } from "./lib/server-entry.mjs";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.error("test:cluster needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database)");
  process.exit(1);
}
ensureBuild();

const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 3170);
const proxyPort = basePort;
const smtpPort = basePort + 3;
const site = `http://127.0.0.1:${proxyPort}`;
const ADMIN = { email: "admin@crevarde.local", password: `Cluster-${randomBytes(9).toString("base64url")}` };
const MEMBER = { email: "membre@crevarde.local", password: "CrevardeMembre2025!" };
const dbName = `crevarde_cluster_${randomBytes(5).toString("hex")}`;
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-cluster-"));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/* ------------------------------ helpers ------------------------------ */

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ""}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Pins a request to one server: only in this test's nginx config (a map choosing the upstream). */
const PIN_HEADER = "x-crevarde-backend";

/**
 * This test's additions to the recipe: an upstream per server, and the map that lets PIN_HEADER choose
 * one (the recipe proxies to $crevarde_pinned instead of its upstream of both). A pinned request has its
 * own cache entries (the key holds $proxy_host), so it is never answered from another server's page.
 */
const pinning = (a: number, b: number) => `
    upstream crevarde_a { server 127.0.0.1:${a}; }
    upstream crevarde_b { server 127.0.0.1:${b}; }
    map $http_${PIN_HEADER.replaceAll("-", "_")} $crevarde_pinned { default crevarde; a crevarde_a; b crevarde_b; }
`;

let accessLog = "";
/** Which server answered a response that went through nginx, from nginx's access log (its last upstream address). */
async function backendOf(res: Response): Promise<"a" | "b"> {
  const id = res.headers.get("x-request-id");
  assert(id, "the response has no X-Request-Id");
  const line = await waitFor(`nginx's log line of request ${id}`, async () =>
    fs.readFileSync(accessLog, "utf8").split("\n").find((l) => l.startsWith(`${id} `)),
  10_000, 20);
  const port = Number(/"(?:[^"]*, )?127\.0\.0\.1:(\d+)"/.exec(line)?.[1]);
  assert(port === basePort + 1 || port === basePort + 2, `no server in nginx's log line: ${line}`);
  return port === basePort + 1 ? "a" : "b";
}

/** A request through the load balancer, pinned to one server when `on` is given. */
function request(pathname: string, init: RequestInit & { on?: "a" | "b"; cookie?: string; ip?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.on) headers.set(PIN_HEADER, init.on);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.ip) headers.set("x-forwarded-for", init.ip);
  if (init.method && init.method !== "GET") headers.set("origin", site);
  return fetch(`${site}${pathname}`, { ...init, headers, redirect: "manual" });
}

async function signIn(account: { email: string; password: string }, on?: "a" | "b") {
  const res = await request("/auth", {
    method: "POST",
    on,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", ...account }).toString(),
  });
  const text = await res.text();
  assert(res.status === 302 || res.status === 303, `sign-in of ${account.email} on ${on}: ${res.status} ${text.slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  assert(cookie.includes("session"), `sign-in of ${account.email} set no session cookie`);
  return cookie;
}

/* ------------------------------ SMTP sink ------------------------------ */

/** Counts the messages it receives by subject; answers each DATA after `delayMs`, so jobs take time. */
function startSmtpSink(port: number, delayMs: number) {
  const subjects = new Map<string, number>();
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 sink ESMTP\r\n");
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const subject = /^Subject: (.*)$/im.exec(message)?.[1]?.trim() ?? "";
          subjects.set(subject, (subjects.get(subject) ?? 0) + 1);
          setTimeout(() => socket.writable && socket.write("250 queued\r\n"), delayMs);
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 sink\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return new Promise<{ subjects: Map<string, number>; close: () => void }>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ subjects, close: () => server.close() })),
  );
}

/* ------------------------------ servers ------------------------------ */

interface AppServer {
  name: "a" | "b";
  port: number;
  dataDir: string;
  child: ChildProcess;
  log: string;
}

const sharedEnv = {
  NODE_ENV: "production",
  DATABASE_URL: dbUrl,
  HOST: "127.0.0.1",
  SITE_URL: site,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  BANK_DETAILS_KEY: randomBytes(32).toString("base64"),
  SEED_DEMO: "false",
  JOBS_IN_PROCESS: "true",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // long enough that a page still served from a stale micro-cache would fail check b
  PAGE_CACHE_TTL_MS: "600000",
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "warn",
};

function startApp(name: "a" | "b", port: number): AppServer {
  const dataDir = path.join(tmp, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const log = path.join(tmp, `${name}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    stdio: ["ignore", out, out],
    env: { ...process.env, ...sharedEnv, PORT: String(port), DATA_DIR: dataDir },
  });
  return { name, port, dataDir, child, log };
}

async function waitReady(server: AppServer) {
  await waitFor(`server ${server.name} /readyz`, async () => {
    if (server.child.exitCode !== null) throw new Error(`server ${server.name} exited: ${fs.readFileSync(server.log, "utf8").slice(-2000)}`);
    const res = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    return res.ok;
  }, 180_000, 100);
}

/* ------------------------------ the checks ------------------------------ */

const results: Array<{ name: string; ok: boolean; error?: string; time: string }> = [];
async function check(name: string, fn: () => Promise<void>) {
  const t = Date.now();
  try {
    await fn();
    results.push({ name, ok: true, time: `${Date.now() - t} ms` });
    console.log(`  ✓ ${name} (${Date.now() - t} ms)`);
  } catch (error) {
    results.push({ name, ok: false, error: (error as Error).message, time: `${Date.now() - t} ms` });
    console.log(`  ✗ ${name}\n      ${(error as Error).message}`);
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();

  // migrations and the demo seed, once, from this process (the servers start with SEED_DEMO=false)
  process.env.DATABASE_URL = dbUrl;
  process.env.DATA_DIR = path.join(tmp, "seed");
  const { openDatabase, setDatabase } = await import("#app/lib/db.server");
  const database = await openDatabase({ url: dbUrl });
  setDatabase(Promise.resolve(database));
  const { seed } = await import("#app/seed/index");
  await seed(database.db, { uploadsDir: path.join(tmp, "seed", "uploads"), adminPassword: ADMIN.password });
  const db = new pg.Pool({ connectionString: dbUrl, max: 3 });
  console.log(`database ${dbName} migrated and seeded (${elapsed()})`);

  const sink = await startSmtpSink(smtpPort, 150);
  const servers = [startApp("a", basePort + 1), startApp("b", basePort + 2)];
  const proxy = await startNginx({
    port: proxyPort,
    apps: [servers[0].port, servers[1].port],
    upstream: "$crevarde_pinned",
    preamble: pinning(servers[0].port, servers[1].port),
  });
  accessLog = proxy.accessLog;
  try {
    await Promise.all(servers.map(waitReady));
    console.log(`two servers ready behind nginx on ${site} (${elapsed()})`);

    await check("a. a session created on server A works on server B, and a sign-out through A ends it on B", async () => {
      const cookie = await signIn(MEMBER, "a");
      const res = await request("/profile", { on: "b", cookie });
      assert(res.status === 200, `GET /profile on B with A's session: ${res.status} ${res.headers.get("location") ?? ""}`);
      assert((await backendOf(res)) === "b", "not served by B");
      assert((await res.text()).includes(MEMBER.email), "B's profile page does not show the member's e-mail");
      // B now keeps the session in memory (ADR 032): a sign-out through A ends it on B at once
      const again = await request("/profile", { on: "b", cookie });
      await again.text();
      assert(again.status === 200, `B's second GET /profile: ${again.status}`);
      const out = await request("/auth/logout", { method: "POST", on: "a", cookie });
      await out.text();
      assert(out.status === 302, `sign-out through A: ${out.status}`);
      // B drops it when PostgreSQL's notification reaches it (ADR 032), not before A answers: a request that
      // reaches B first may still be served (through nginx's kept-alive connections it sometimes does, on a
      // loaded machine). Far less than the 60 s the kept session would otherwise live.
      let tries = 0;
      await waitFor("B to refuse the session signed out through A", async () => {
        tries++;
        const after = await request("/profile", { on: "b", cookie });
        await after.text();
        return after.status === 302 && (after.headers.get("location") ?? "").startsWith("/auth");
      }, 5_000, 20);
      if (tries > 1) console.log(`      B refused the session at its ${tries}th request after the sign-out`);
    });

    await check("b. an admin edit through A is visible through B at once, micro-cached page included", async () => {
      const page = "/legal/mentions-legales";
      await request(page, { on: "b" }).then((r) => r.text());
      const warm = await request(page, { on: "b" });
      await warm.text();
      assert(warm.headers.get("x-cache") === "HIT", `B's micro-cache did not keep ${page} (X-Cache ${warm.headers.get("x-cache")})`);
      const cookie = await signIn(ADMIN, "a");
      const publisher = `Éditeur ${randomBytes(4).toString("hex")}`;
      const edit = await request("/admin/settings", {
        method: "POST",
        on: "a",
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "legal", publisherName: publisher }).toString(),
      });
      const editBody = await edit.text();
      assert(edit.status === 200 && editBody.includes("Informations légales enregistrées"), `the edit through A failed: ${edit.status}`);
      const after = await request(page, { on: "b" });
      const html = await after.text();
      assert(html.includes(publisher), `B still serves the old ${page} (X-Cache ${after.headers.get("x-cache")})`);
    });

    await check("c. rate limits are shared: hits through A and B count together", async () => {
      const ip = "198.51.100.77";
      const statuses: number[] = [];
      // the newsletter allows 10 sign-ups per IP per 10 minutes
      for (let i = 0; i < 11; i++) {
        const res = await request("/newsletter", {
          method: "POST",
          on: i % 2 ? "b" : "a",
          ip,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: `limit-${i}@example.com`, _js: "1" }).toString(),
        });
        await res.text();
        statuses.push(res.status);
      }
      assert(statuses.slice(0, 10).every((s) => s === 200), `the first 10 sign-ups were not all accepted: ${statuses.join(",")}`);
      assert(statuses[10] === 429, `the 11th sign-up (6 on A, 5 on B before it) was not refused: ${statuses.join(",")}`);
    });

    await check("d. an image uploaded through A is served by B (bytea store, immutable URL)", async () => {
      const cookie = await signIn(ADMIN, "a");
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "cluster.png");
      const res = await request("/admin/upload", { method: "POST", on: "a", cookie, body: form });
      const body = (await res.json()) as { ok: boolean; url?: string };
      assert(res.ok && body.ok && body.url, `upload through A failed: ${res.status} ${JSON.stringify(body)}`);
      const name = path.basename(body.url);
      assert(!fs.existsSync(path.join(servers[1].dataDir, "uploads", name)), "the file is in B's DATA_DIR: the check would prove nothing");
      const fromA = await request(body.url, { on: "a" });
      const fromB = await request(body.url, { on: "b" });
      const [bytesA, bytesB] = [Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer())];
      assert(fromB.status === 200, `B answers ${fromB.status} for ${body.url}`);
      assert((await backendOf(fromB)) === "b", `${body.url} pinned to B was not answered by B (X-Cache-Status ${fromB.headers.get("x-cache-status")})`);
      assert(fromB.headers.get("content-type") === "image/webp", `B serves it as ${fromB.headers.get("content-type")}`);
      assert(/immutable/.test(fromB.headers.get("cache-control") ?? ""), `B's Cache-Control is ${fromB.headers.get("cache-control")}`);
      assert(bytesB.length > 0 && bytesA.equals(bytesB), "A and B serve different bytes");
      // and a demo image the seed stored once is served by both
      const { rows } = await db.query<{ name: string }>("select name from uploads where name like 'seed-%' limit 1");
      assert(rows[0], "the seed stored no image in the shared store");
      for (const on of ["a", "b"] as const) {
        const r = await request(`/uploads/${rows[0].name}`, { on });
        await r.arrayBuffer();
        assert(r.status === 200, `${on} does not serve the seed image ${rows[0].name}: ${r.status}`);
      }
    });

    await check("e. the job runner claims each job once across both servers", async () => {
      const { enqueueMail } = await import("#app/lib/mail.server");
      const n = 16;
      const prefix = `cluster-job-${randomBytes(3).toString("hex")}`;
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const { jobId } = await enqueueMail({ to: `job${i}@example.com`, subject: `${prefix} ${i}`, html: `<p>${i}</p>`, text: `${i}`, kind: "cluster-test" });
        ids.push(jobId!);
      }
      // who holds each job while it runs (locked_by is "host:pid:random")
      const holders = new Map<number, Set<string>>();
      const done = await waitFor("the jobs to be done", async () => {
        const { rows } = await db.query<{ id: string; locked_by: string | null; attempts: number; done: boolean }>(
          "select id, locked_by, attempts, done_at is not null as done from jobs where id = any($1::bigint[])",
          [ids],
        );
        for (const row of rows) if (row.locked_by) (holders.get(Number(row.id)) ?? holders.set(Number(row.id), new Set()).get(Number(row.id))!).add(row.locked_by);
        return rows.length === n && rows.every((r) => r.done) ? rows : undefined;
      }, 60_000, 20);
      const pids = new Set([...holders.values()].flatMap((s) => [...s]).map((h) => h.split(":")[1]));
      const serverPids = servers.map((s) => String(s.child.pid));
      assert(serverPids.every((pid) => pids.has(pid)), `not both servers ran jobs: holders' pids ${[...pids].join(",")}, servers ${serverPids.join(",")}`);
      assert(done.every((r) => r.attempts === 1), `some job was claimed more than once: attempts ${done.map((r) => r.attempts).join(",")}`);
      assert([...holders.values()].every((s) => s.size === 1), "some job was held by two workers");
      for (let i = 0; i < n; i++) {
        const count = sink.subjects.get(`${prefix} ${i}`) ?? 0;
        assert(count === 1, `the mail of job ${i} was delivered ${count} times`);
      }
    });

    await check("f. through nginx's cache, a member's page is never another member's", async () => {
      // a second member, with a name and an address found nowhere else (the demo member's password)
      const tag = randomBytes(3).toString("hex");
      const marker = `Témoin${tag}`;
      const other = { email: `temoin${tag}@crevarde.local`, password: MEMBER.password };
      const id = `cluster-${randomBytes(6).toString("hex")}`;
      await db.query(`insert into "user" (id, name, email, email_verified, role) values ($1, $2, $3, true, 'user')`, [id, marker, other.email]);
      await db.query(
        `insert into account (id, account_id, provider_id, user_id, password)
         select $1, $2, 'credential', $2, a.password from account a join "user" u on u.id = a.user_id
         where u.email = $3 and a.provider_id = 'credential'`,
        [`${id}-account`, id, MEMBER.email],
      );
      await db.query(`insert into profiles (id, username, email) values ($1, $2, $3) on conflict (id) do update set username = excluded.username`, [id, marker, other.email]);
      // a sign-in also sets the flash message's cookie, which the first page shows and clears: a page asked
      // with it is the member's own (nginx sends it to the app, which marks it private), and nothing of it is kept
      const WELCOME = "Bienvenue sur Crevarde";
      const firstCookie = await signIn(MEMBER);
      assert(firstCookie.includes("cr_toast="), `the sign-in set no flash message: ${firstCookie.replace(/=[^;]*/g, "=…")}`);
      const welcome = await request("/marques", { cookie: firstCookie });
      const welcomeHtml = await welcome.text();
      assert(welcome.headers.get("x-cache-status") === "BYPASS", `/marques with the flash message: X-Cache-Status ${welcome.headers.get("x-cache-status")}`);
      assert(/private/.test(welcome.headers.get("cache-control") ?? ""), `/marques with the flash message: ${welcome.headers.get("cache-control")}`);
      assert(welcomeHtml.includes(WELCOME), "/marques with the flash message does not show it");
      // what the member's browser keeps afterwards: the app's own cookies
      const kept = (cookie: string) => cookie.split("; ").filter((c) => /^(?:__Secure-)?crevarde\./.test(c)).join("; ");
      const members = [
        { who: "the demo member", email: MEMBER.email, cookie: kept(firstCookie) },
        { who: marker, email: other.email, cookie: kept(await signIn(other)) },
      ];
      const { rows: brands } = await db.query<{ slug: string }>("select slug from brands order by slug limit 1");
      const shared = ["/coup-de-crevarde", "/marques", `/marques/${brands[0]?.slug}`, "/categories", "/blog", "/recherche?q=casque", "/coup-de-crevarde.data"];
      const readers = [...members, { who: "a visitor", email: "", cookie: "" }];
      const personal = (text: string, except = "") =>
        [marker, other.email, MEMBER.email, WELCOME].filter((m) => m && m !== except && text.includes(m));
      for (const [i, page] of shared.entries()) {
        // each member in turn is the first to ask (their request fills the cache), the others get the kept copy
        const order = i % 2 ? [readers[1], readers[0], readers[2]] : readers;
        const answers: Array<{ who: string; status: number; cache: string | null; control: string | null; body: string }> = [];
        for (const reader of [...order, ...order]) {
          const res = await request(page, { cookie: reader.cookie || undefined });
          answers.push({ who: reader.who, status: res.status, cache: res.headers.get("x-cache-status"), control: res.headers.get("cache-control"), body: await res.text() });
        }
        for (const a of answers) {
          assert(a.status === 200, `${page} for ${a.who}: ${a.status}`);
          assert(/public/.test(a.control ?? "") && /s-maxage=10/.test(a.control ?? ""), `${page} for ${a.who} is not a shared page: ${a.control}`);
          assert(personal(a.body).length === 0, `${page} for ${a.who} holds ${personal(a.body).join(", ")}`);
        }
        // one render kept by nginx: every later answer is a hit, the same bytes (nonce included)
        assert(answers[0].cache === "MISS", `${page}: the first answer was ${answers[0].cache}, not a MISS (kept before?)`);
        for (const a of answers.slice(1)) {
          assert(a.cache === "HIT", `${page} for ${a.who}: X-Cache-Status ${a.cache}, not a HIT`);
          assert(a.body === answers[0].body, `${page} for ${a.who}: not the bytes kept for ${answers[0].who}`);
        }
      }
      // member pages and /api/moi: never kept, each member their own, a visitor nobody's
      for (const round of [0, 1]) {
        for (const member of round ? [...members].reverse() : members) {
          for (const page of ["/profile", "/mon-cashback", "/api/moi?deals=&codes="]) {
            const res = await request(page, { cookie: member.cookie });
            const text = await res.text();
            assert(res.status === 200, `${page} for ${member.who}: ${res.status}`);
            assert(["MISS", "BYPASS", null].includes(res.headers.get("x-cache-status")), `${page} for ${member.who} came from nginx's cache`);
            assert(/private/.test(res.headers.get("cache-control") ?? ""), `${page} for ${member.who}: ${res.headers.get("cache-control")}`);
            assert(personal(text, member === members[1] ? marker : MEMBER.email).filter((m) => m !== member.email).length === 0, `${page} for ${member.who} holds ${personal(text).join(", ")}`);
            if (page === "/profile") assert(text.includes(member.email), `${member.who}'s /profile does not show their address`);
            if (page.startsWith("/api/moi")) {
              const moi = JSON.parse(text) as { user: { displayName: string } | null };
              const expected = member === members[1] ? marker : "Camille";
              assert(moi.user?.displayName === expected, `/api/moi for ${member.who} names ${moi.user?.displayName}`);
            }
          }
        }
        const visitor = await request("/api/moi?deals=&codes=");
        const moi = (await visitor.json()) as { user: unknown };
        assert(moi.user === null && visitor.headers.get("x-cache-status") !== "HIT", `/api/moi for a visitor: ${JSON.stringify(moi.user)}, ${visitor.headers.get("x-cache-status")}`);
      }
    });

    await check("g. SIGKILL of one server under load loses no acknowledged write; the other keeps serving", async () => {
      const acknowledged: string[] = [];
      let failed = 0;
      let sent = 0;
      let killedAt = -1;
      let stop = false;
      const run = `kill${randomBytes(3).toString("hex")}`;
      const worker = async () => {
        while (!stop) {
          const i = sent++;
          const email = `${run}-${i}@example.com`;
          try {
            const res = await request("/newsletter", {
              method: "POST",
              // one address per sign-up, so the rate limit of check c does not refuse them
              ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ email, _js: "1" }).toString(),
            });
            const body = (await res.json().catch(() => ({}))) as { ok?: boolean };
            if (res.status === 200 && body.ok) acknowledged.push(email);
            else failed++;
          } catch {
            failed++;
          }
        }
      };
      const load = Promise.all([worker(), worker(), worker(), worker()]);
      await waitFor("40 acknowledged sign-ups", async () => acknowledged.length >= 40, 60_000, 10);
      servers[0].child.kill("SIGKILL");
      killedAt = acknowledged.length;
      await waitFor("server A to die", async () => servers[0].child.exitCode !== null || servers[0].child.signalCode !== null, 10_000, 10);
      await waitFor("40 more acknowledged sign-ups after the kill", async () => acknowledged.length >= killedAt + 40, 60_000, 10);
      stop = true;
      await load;
      const health = await request("/healthz");
      assert(health.status === 200 && (await backendOf(health)) === "b", `the balancer's /healthz after the kill: ${health.status}`);
      // a sign-up stores its confirmation e-mail in the outbox (nothing else until the link is clicked)
      const { rows } = await db.query<{ to: string }>(`select "to" from email_outbox where "to" like $1`, [`${run}-%`]);
      const stored = new Set(rows.map((r) => r.to));
      const lost = acknowledged.filter((e) => !stored.has(e));
      assert(lost.length === 0, `${lost.length} acknowledged sign-ups are missing: ${lost.slice(0, 5).join(", ")}`);
      console.log(`      ${acknowledged.length} acknowledged (${killedAt} before the kill), ${failed} not acknowledged, 0 lost`);
    });
  } finally {
    await proxy.stop();
    sink.close();
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
            s.child.once("exit", () => resolve());
            s.child.kill("SIGTERM");
          }),
      ),
    );
    await db.end();
    await database.close();
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }

  const failedChecks = results.filter((r) => !r.ok);
  if (failedChecks.length) {
    for (const s of servers) console.log(`\n--- log of server ${s.name} (last 3000 characters)\n${fs.readFileSync(s.log, "utf8").slice(-3000)}`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "test-reports"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "test-reports/cluster.json"),
    JSON.stringify({ passed: results.length - failedChecks.length, failed: failedChecks.length, results }, null, 2),
  );
  console.log(`\ntest:cluster: ${results.length - failedChecks.length} passed, ${failedChecks.length} failed (${elapsed()})`);
  process.exit(failedChecks.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
