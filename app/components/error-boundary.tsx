import { lazy, Suspense } from "react";
import { ErrorPage as ServerErrorPage, NotFound as ServerNotFound } from "./error-page";

// Every page names an error boundary, few pages show one: its text loads when it is shown (issue #38 item 4,
// ADR 027). The server renders it directly; `import.meta.env.SSR` keeps that import out of the browser's build,
// where the server's HTML stays until the chunk has arrived and hydrated it.
const ErrorPage = import.meta.env.SSR ? ServerErrorPage : lazy(() => import("./error-page").then((m) => ({ default: m.ErrorPage })));
const NotFoundPage = import.meta.env.SSR ? ServerNotFound : lazy(() => import("./error-page").then((m) => ({ default: m.NotFound })));

/** Shared error boundary: useful French text, never a stack trace in production (./error-page). */
export function GeneralErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorPage />
    </Suspense>
  );
}

/** The 404 page's content. */
export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
