import type { Route } from "./+types/signup";
import AuthPage, { action as authAction, loader as authLoader, meta as authMeta, ErrorBoundary } from "./auth";

/** /signup serves the same sign-up screen as /auth?tab=signup. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  url.searchParams.set("tab", "signup");
  return authLoader({ ...args, request: new Request(url, args.request) } as never);
}

export async function action(args: Route.ActionArgs) {
  return authAction(args as never);
}

export const meta = authMeta;
export { ErrorBoundary };
export default AuthPage;
