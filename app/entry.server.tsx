import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssContext, NonceProvider } from "./lib/nonce";
import inlineCss from "./app.css?inline";
import { documentStream } from "./lib/document-stream.server";
import { loggableUrl, logger } from "./lib/logger.server";
import { getSessionUser } from "./lib/auth.server";
import { answerKpi, KPI_REDIRECT_HEADERS, wantsKpiPage, type KpiEntry } from "./modules/tracking/kpi.server";
import "./lib/load-context";
// the composition root builds the auth instance (ADR 052)
import "./composition/auth.server";

export const streamTimeout = 5_000;

/** The /kpi redirect path of `server/app.ts` runs in this bundle, with its caches. */
export const kpi: KpiEntry = {
  answerKpi,
  wantsKpiPage,
  kpiRedirectHeaders: KPI_REDIRECT_HEADERS,
  sessionUserOf: (headers) => getSessionUser(new Request("http://localhost/kpi", { headers })),
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce ?? "";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssContext.Provider value={import.meta.env.DEV ? "" : inlineCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = documentStream({
            onEnd() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // aborted requests and 4xx refusals (wrong method, not found...) are not server errors
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.debug({ status: error.status, url: loggableUrl(request.url), method: request.method }, "route refusal");
    return;
  }
  logger.error({ err: error, url: loggableUrl(request.url), method: request.method }, "unhandled route error");
};
