import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button";

/**
 * The page behind a link sent by e-mail (newsletter confirmation,
 * unsubscription): a title, the outcome, and a way home.
 */
export function LinkActionPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-black">{title}</h1>
      {children}
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          Retour à l'accueil
        </Link>
      </p>
    </div>
  );
}

/** The question and the button that carry the link's token in a POST (a GET changes nothing). */
export function LinkActionForm({ token, question, submitLabel }: { token: string; question: string; submitLabel: string | null }) {
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="token" value={token} />
      <p className="text-neutral-700">{question}</p>
      {submitLabel ? (
        <Button type="submit" className="mt-6">
          {submitLabel}
        </Button>
      ) : null}
    </Form>
  );
}

export function LinkActionMessage({ role, children }: { role?: "status" | "alert"; children: ReactNode }) {
  return (
    <div className={role === "alert" ? "mt-6 text-red-800" : "mt-6 text-neutral-700"} role={role}>
      {children}
    </div>
  );
}
