import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";

/** A static content page (legal, CMS): title, optional date, sections rendered by code (children), sanitized HTML body. */
export function PageArticle({
  title,
  updatedLabel,
  html,
  children,
}: {
  title: string;
  updatedLabel?: string;
  /** already sanitized on the server */
  html: string;
  children?: React.ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Retour à l'accueil
      </Link>
      <h1 className="mt-6 text-3xl font-black tracking-tight sm:text-4xl">{title}</h1>
      {updatedLabel ? <p className="mt-2 text-sm text-neutral-500">Dernière mise à jour : {updatedLabel}</p> : null}
      {children ? <div className="prose-content mt-8">{children}</div> : null}
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
