import pino from "pino";
import { logLevel } from "./env.server";
import { remember } from "./remember.server";

/** One structured JSON line per event. Shared by the server and the app bundle. */
export const logger: pino.Logger = remember("logger", () => pino({ level: logLevel(), base: { app: "crevarde" } }));

/** A request URL fit for the logs: a push endpoint's secret path segment is masked (ADR 017 §Push secrets). */
export const loggableUrl = (url: string) => url.replace(/(\/api\/networks\/[^/?#]*\/push\/)[^/?#]*/, "$1[secret]");
