import pino from "pino";
import { logLevel } from "./env.server";
import { remember } from "./remember.server";

/** One structured JSON line per event. Shared by the server and the app bundle. */
export const logger: pino.Logger = remember("logger", () => pino({ level: logLevel(), base: { app: "crevarde" } }));
