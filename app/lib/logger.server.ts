import pino from "pino";

const level =
  process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info");

/** One structured JSON line per event. Shared by the server and the app bundle. */
const key = Symbol.for("crevarde.logger");
type G = typeof globalThis & { [key]?: pino.Logger };
export const logger: pino.Logger =
  (globalThis as G)[key] ?? ((globalThis as G)[key] = pino({ level, base: { app: "crevarde" } }));
