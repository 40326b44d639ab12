/* eslint-disable @typescript-eslint/no-explicit-any */
/** Call a route's loader or action like React Router does, and normalise the outcome. */
export interface RouteOutcome<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
  location: string | null;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

export async function callRoute<T = any>(
  handler: unknown,
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = { clientIp: "203.0.113.7", cspNonce: "" },
): Promise<RouteOutcome<T>> {
  let result: unknown;
  try {
    result = await (handler as Handler)({ request, params, context });
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
    return { status: result.status, data: body as T, headers: result.headers, location: result.headers.get("location") };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: T; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, data: r.data, headers: new Headers(r.init?.headers), location: null };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result as T, headers: new Headers(), location: null };
}
