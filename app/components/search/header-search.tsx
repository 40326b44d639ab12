import { Search, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import { SEARCH_MESSAGES } from "#app/modules/search/search-messages";

// The field and its suggestions load when the visitor reaches for the toggle (issue #38 item 4, ADR 027).
const loadSearchBox = () => import("./lazy-search-box");
const SearchBox = lazy(() => loadSearchBox().then((m) => ({ default: m.SearchBox })));

/**
 * The header's search, on every page (issue #14): a link to /recherche that,
 * once hydrated, opens the search field under the header bar instead. It
 * closes on Escape and when the page changes.
 */
export function HeaderSearchToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <Link
        to="/recherche"
        aria-label={SEARCH_MESSAGES.label}
        aria-expanded={open}
        aria-controls="header-search"
        onPointerEnter={() => void loadSearchBox()}
        onFocus={() => void loadSearchBox()}
        onClick={(e) => {
          e.preventDefault();
          onToggle();
        }}
      >
        {open ? <X /> : <Search />}
      </Link>
    </Button>
  );
}

export function HeaderSearchPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation();
  useEffect(() => {
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  if (!open) return <div id="header-search" hidden />;
  return (
    <div
      id="header-search"
      className="border-t border-neutral-200 bg-white"
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) onClose();
      }}
    >
      <div className="mx-auto max-w-3xl px-4 py-3">
        {/* the field's height while it loads */}
        <Suspense fallback={<div className="h-11" />}>
          <SearchBox autoFocus />
        </Suspense>
      </div>
    </div>
  );
}

/** Open state shared by the toggle (in the bar) and the panel (under it). */
export function useHeaderSearch() {
  const [open, setOpen] = useState(false);
  return { open, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}
