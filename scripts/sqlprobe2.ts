import { startServer } from "./lib/server";
const server = await startServer({ RATE_LIMIT_DISABLED: "true", SQL_LOG: "1" });
for (let i = 0; i < 3; i++) { await fetch(server.url + (process.env.P ?? "/"), { headers: { cookie: "bench=1" } }).then((r) => r.text()); await new Promise((r) => setTimeout(r, 300)); console.error("=========== req " + i); }
await server.stop();
