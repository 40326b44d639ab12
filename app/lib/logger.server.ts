import pino from "pino";
import { remember } from "./remember.server";

const level =
  process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info");

/** One structured JSON line per event. Shared by the server and the app bundle. */
export const logger: pino.Logger = remember("logger", () => pino({ level, base: { app: "crevarde" } }));
