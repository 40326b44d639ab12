import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import type { KpiEntry } from "#app/modules/tracking/kpi.server";
import { clientIpOf } from "./client-ip";

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}

/**
 * `/kpi`'s plain 302 (the click-out of every affiliate link), answered ahead of React
 * Router: the same decision as the route's loader (`answerKpi`, taken from the server
 * bundle's entry so its caches are the bundle's own), without the document pipeline and
 * the root loader a redirect never shows. Everything else (no destination, a refused
 * host, the `js=1` spinner page) goes on to the route, before anything is recorded.
 */
export function kpiRedirect(build: ServerBuild | (() => Promise<ServerBuild>)) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const kpi = ((typeof build === "function" ? await build() : build).entry.module as { kpi?: KpiEntry }).kpi;
      const url = new URL(req.originalUrl, "http://localhost");
      if (!kpi || !url.searchParams.get("destination") || kpi.wantsKpiPage(url.searchParams)) return next();
      const answer = await kpi.answerKpi(url, {
        ip: clientIpOf(req) || "unknown",
        userAgent: req.get("user-agent") ?? null,
        sessionUser: () => kpi.sessionUserOf(headersOf(req)),
      });
      if (answer.kind !== "redirect") return next();
      res.status(302).set(kpi.kpiRedirectHeaders).setHeader("Location", answer.destination);
      res.end();
    } catch (error) {
      next(error);
    }
  };
}
