import { Link } from "react-router";
import { HELP_ARTICLE_SLUGS, helpArticlePath } from "#app/modules/help/help.constants";

/** The help articles a cashback screen needs, by their key in HELP_ARTICLE_SLUGS, with their titles. */
const TITLES: Record<keyof typeof HELP_ARTICLE_SLUGS, string> = {
  missingPurchase: "Pourquoi mon achat n'apparaît pas ?",
  whenPaid: "Quand serai-je payé ?",
};

/** « Une question ? » and links to the help centre's articles for this screen (issue #34 item 7). */
export function HelpLinks({ articles, className }: { articles: ReadonlyArray<keyof typeof HELP_ARTICLE_SLUGS>; className?: string }) {
  return (
    <aside aria-label="Aide" className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm ${className ?? ""}`} data-testid="help-links">
      <span className="font-semibold text-neutral-700">Une question ?</span>
      {articles.map((key) => (
        <Link key={key} to={helpArticlePath(HELP_ARTICLE_SLUGS[key])} className="font-semibold text-brand-700 hover:underline">
          {TITLES[key]}
        </Link>
      ))}
    </aside>
  );
}
