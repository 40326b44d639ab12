import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";

/** Link to another page of the current list, keeping the other query parameters (filters, search). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** "Précédent · Page 2 sur 7 · Suivant" under an admin table; nothing when everything fits on one page. */
export function Pager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => pageHref(location.pathname, location.search, p);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page - 1)} rel="prev" prefetch="intent">
            <ChevronLeft aria-hidden="true" /> Précédent
          </Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          <ChevronLeft aria-hidden="true" /> Précédent
        </Button>
      )}
      <p aria-live="polite">
        Page {page} sur {pageCount} <span className="text-neutral-500">({total} éléments)</span>
      </p>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page + 1)} rel="next" prefetch="intent">
            Suivant <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          Suivant <ChevronRight aria-hidden="true" />
        </Button>
      )}
    </nav>
  );
}
