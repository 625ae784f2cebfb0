import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Search results, shared by /search and the Meta+K dialog. */
export function SearchResults({ results, activeIndex, onNavigate }: { results: { path: string; title: string; description: string; kind: string }[]; activeIndex?: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul id="search-results" role="listbox" aria-label={t("search.results")} className="flex flex-col gap-1">
      {results.map((result, index) => (
        <li key={result.path} role="option" aria-selected={index === activeIndex} id={`search-result-${index}`}>
          <Link to={result.path} onClick={onNavigate} className={`flex flex-col gap-0.5 rounded-lg px-3 py-2 hover:bg-muted ${index === activeIndex ? "bg-accent" : ""}`}>
            <span className="flex items-center gap-2">
              <span className="rounded bg-muted px-1.5 py-0.5 text-[0.65rem] font-semibold tracking-wide text-muted-foreground uppercase">{t(`search.kinds.${result.kind}`)}</span>
              <span className="font-medium">{result.title}</span>
            </span>
            <span className="line-clamp-1 text-sm text-muted-foreground">{result.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
