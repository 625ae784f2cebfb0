import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import type { KeysUnder } from "~/modules/i18n/keys";

interface Result {
  path: string;
  title: string;
  description: string;
  kind: KeysUnder<"search.kinds">;
}

/**
 * Search results, shared by /search (a list of links) and the Meta+K dialog (a listbox driven by
 * the combobox input, each option being the link itself).
 */
export function SearchResults({
  results,
  activeIndex,
  onNavigate,
  listbox = false,
}: {
  results: Result[];
  activeIndex?: number;
  onNavigate?: () => void;
  listbox?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul id={listbox ? "search-results" : undefined} role={listbox ? "listbox" : undefined} aria-label={t("search.results")} className="flex flex-col gap-1">
      {results.map((result, index) => (
        <li key={result.path} role={listbox ? "presentation" : undefined}>
          <Link
            to={result.path}
            onClick={onNavigate}
            role={listbox ? "option" : undefined}
            id={listbox ? `search-result-${index}` : undefined}
            aria-selected={listbox ? index === activeIndex : undefined}
            tabIndex={listbox ? -1 : undefined}
            className={cn("flex flex-col gap-0.5 rounded-lg px-3 py-2 hover:bg-muted", listbox && index === activeIndex && "bg-accent")}
          >
            <span className="flex items-center gap-2">
              <span className="rounded bg-muted px-1.5 py-0.5 text-[0.65rem] font-semibold tracking-wide text-muted-foreground uppercase">
                {t(`search.kinds.${result.kind}`)}
              </span>
              <span className="font-medium">{result.title}</span>
            </span>
            <span className="line-clamp-1 text-sm text-muted-foreground">{result.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
