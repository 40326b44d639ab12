import { Link } from "react-router";
import { SEARCH_MESSAGES } from "#app/modules/search/search.schema";

/** "Résultats pour « … »" when a typo was corrected, "Tu voulais dire « … » ?" when nothing was found. */
export function SearchCorrection({ correction, href }: { correction: { query: string; applied: boolean }; href: (query: string) => string }) {
  return (
    <p className="mt-2 text-sm text-neutral-700" data-testid="search-correction">
      {correction.applied ? (
        <>
          {`${SEARCH_MESSAGES.correctedPrefix} «\u00a0`}
          <strong>{correction.query}</strong>
          {"\u00a0»"}
        </>
      ) : (
        <>
          {`${SEARCH_MESSAGES.didYouMean} «\u00a0`}
          <Link to={href(correction.query)} className="font-semibold text-brand-700 underline">
            {correction.query}
          </Link>
          {"\u00a0»\u00a0?"}
        </>
      )}
    </p>
  );
}
