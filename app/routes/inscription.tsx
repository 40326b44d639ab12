import { redirect } from "react-router";

/** /inscription → /auth?tab=signup (server-side, no artificial wait). */
export function loader() {
  return redirect("/auth?tab=signup");
}

export default function Inscription() {
  return null;
}
