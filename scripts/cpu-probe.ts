// Temporary (not committed): CPU ms per request of the production server, per page.
import fs from "node:fs";
import autocannon from "autocannon";
import { startServer } from "./lib/server";

const pages = (process.env.PAGES ?? "/,/coup-de-crevarde,/marques,S/codes-promo,S/mon-cashback").split(",");
const secs = Number(process.env.SECS ?? 8);
const cpu = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10; // ms (clock tick 100 Hz)
};
if (process.env.PROF) process.execPath = "/tmp/node-prof";
const server = await startServer({ RATE_LIMIT_DISABLED: "true",  });
const pid = server.child.pid!;
const login = await fetch(`${server.url}/auth`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
  body: new URLSearchParams({ intent: "login", email: "membre@crevarde.local", password: "CrevardeMembre2025!" }),
});
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
if (!cookie) throw new Error("no cookie " + login.status);
for (const p of pages) {
  const signed = p.startsWith("S");
  const path = signed ? p.slice(1) : p;
  const headers = { cookie: signed ? cookie : "bench=1", "accept-encoding": "identity" };
  const r = await fetch(server.url + path, { headers, redirect: "manual" });
  if (r.status !== 200) throw new Error(`${path} ${r.status}`);
  await autocannon({ url: server.url + path, connections: 10, duration: 2, headers });
  const c0 = cpu(pid);
  const res = await autocannon({ url: server.url + path, connections: 10, duration: secs, headers });
  const c1 = cpu(pid);
  console.log(`${p.padEnd(20)} ${(res.requests.total ? (c1 - c0) / res.requests.total : 0).toFixed(1)} ms/req  ${res.requests.average} req/s  non2xx=${res.non2xx}`);
}
await server.stop();
