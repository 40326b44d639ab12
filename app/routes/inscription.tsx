import { redirect } from "react-router";

/** /inscription and /signup → /auth?tab=signup (server-side, no artificial wait). */
export function loader() {
  return redirect("/auth?tab=signup");
}

/** Never shown: a page route (not a resource route), so that a client-side link to it gets the loader's redirect. */
export default function Inscription() {
  return null;
}
