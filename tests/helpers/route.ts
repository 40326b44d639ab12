import type { ComponentType } from "react";
import type { MetaDescriptor, UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/** Call a route's loader or action like React Router does, and normalise the outcome. */
export interface RouteOutcome<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
  location: string | null;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

/** A loader or action, whatever the type of its arguments (`Route.LoaderArgs`…). */
type AnyHandler = (...args: never[]) => unknown;

type KeysOf<U> = U extends unknown ? keyof U : never;
/**
 * One object type for a union of objects: every key of any member, typed as the union of its
 * types in the members that have it (optional keys included), plus `undefined` when some member
 * lacks it. A test reads `outcome.data.error` whichever branch of the action answered.
 */
type Merged<U> = [U] extends [never] ? never : { [K in KeysOf<U>]: U extends unknown ? (K extends keyof U ? U[K] : undefined) : never };
type Flatten<R> = Merged<Extract<R, object>> | Exclude<R, object>;

/** What a handler's outcome carries: `data(…)` unwrapped; a Response's body is JSON or text of no known type. */
type Payload<R> = R extends Response ? never : R extends DataWithResponseInit<infer D> ? D : R;
type DataOf<R> = [Payload<R>] extends [never] ? unknown : Flatten<Payload<R>>;
/**
 * The data a test reads from a handler's outcome: what the handler returns (not what it throws),
 * unknown for a handler of unknown type. `callRoute<any>` still gives untyped data, for the test
 * files not typed yet (they disable the any rule).
 */
type RouteData<H> = 0 extends 1 & H ? H : H extends AnyHandler ? DataOf<Awaited<ReturnType<H>>> : unknown;

export async function callRoute<H>(
  handler: H,
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = { clientIp: "203.0.113.7", cspNonce: "" },
): Promise<RouteOutcome<RouteData<H>>> {
  let result: unknown;
  try {
    result = await (handler as unknown as Handler)({ request, params, context });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: result.status, data: body as RouteData<H>, headers: result.headers, location: result.headers.get("location") };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: RouteData<H>; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, data: r.data, headers: new Headers(r.init?.headers), location: null };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result as RouteData<H>, headers: new Headers(), location: null };
}

/** The arguments of a route's meta() that the tests give; the route reads no other. */
interface MetaInput {
  data?: unknown;
  loaderData?: unknown;
  matches?: Array<{ id: string; loaderData: unknown }>;
  params?: Record<string, string>;
  location?: { pathname: string };
}

/** Call a route's meta() as React Router does; each tag comes back as a plain record. */
export function callMeta(meta: (args: never) => MetaDescriptor[] | undefined, args: MetaInput): Array<Record<string, unknown>> {
  const tags = (meta as unknown as (args: MetaInput) => MetaDescriptor[] | undefined)({ matches: [], params: {}, ...args });
  return (tags ?? []) as Array<Record<string, unknown>>;
}

/** Call a route's headers() as React Router does after its loader. */
export function callHeaders(headers: (args: never) => HeadersInit, args: { loaderHeaders: Headers }): Headers {
  const full = { parentHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined, ...args };
  return new Headers((headers as unknown as (args: typeof full) => HeadersInit)(full));
}

/** A route's component, to render it outside the framework with the props the framework gives. */
export function asRouteComponent(component: unknown): ComponentType<{ loaderData: unknown; actionData?: unknown; params: Record<string, string>; matches: unknown[] }> {
  return component as ComponentType<{ loaderData: unknown; actionData?: unknown; params: Record<string, string>; matches: unknown[] }>;
}

/** What a conform form's action answers with, as far as the tests read it: the errors by field ("" for the form's own). */
export type FormAnswer = { result?: { error?: Record<string, string[] | null> | null } | null } | null | undefined;

/** The errors by field ("" for the form's own) of a conform form's answer, whichever way the action answered (returned, a Response). */
export function formErrors(outcome: { data: unknown }): Record<string, string[] | null> {
  return (outcome.data as FormAnswer)?.result?.error ?? {};
}

/** The outcome's data read as `T`: for what a handler answers outside its return type (a Response's JSON, a thrown `data(…)`). */
export function answerOf<T>(outcome: { data: unknown }): T {
  return outcome.data as T;
}
