import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useFetcher, useNavigate } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { loader as searchLoader } from "~/routes/_default.search";
import { resultPaths, SearchResults } from "./search-results";
import { useOptionalUser } from "~/utils/use-root-data";
import { capture } from "~/utils/analytics";

/**
 * Meta+K (Ctrl+K) search over the signed-in user's own posts (at most 8, first), then docs, blog and
 * pages (at most 42), keyboard navigable.
 * Without JavaScript the header's search link goes to /search, which gives the same results.
 */
export function SearchDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const fetcher = useFetcher<typeof searchLoader>();
  const navigate = useNavigate();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const user = useOptionalUser();
  const results = query.trim() ? (fetcher.data?.results ?? []) : [];
  const posts = query.trim() ? (fetcher.data?.posts ?? []) : [];
  const paths = resultPaths(posts, results);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener("keydown", onKey);
    const onOpen = () => setOpen(true);
    window.addEventListener("plume:open-search", onOpen);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("plume:open-search", onOpen);
    };
  }, []);

  const search = (value: string) => {
    setQuery(value);
    setActive(0);
    clearTimeout(debounce.current);
    if (!value.trim()) return;
    debounce.current = setTimeout(() => {
      fetcher.load(`/search?${new URLSearchParams({ q: value })}`);
      // The search text sent to analytics is cut to 100 characters.
      capture("search", { query: value.slice(0, 100) });
    }, 150);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, Math.max(paths.length - 1, 0)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const target = paths[active];
      setOpen(false);
      navigate(target ?? `/search?${new URLSearchParams({ q: query })}`);
    }
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[76vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border bg-card shadow-xl"
        >
          <DialogPrimitive.Title className="sr-only">{t("search.title")}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b px-4">
            <Search aria-hidden className="size-4 text-muted-foreground" />
            <input
              autoFocus
              type="search"
              value={query}
              onChange={(event) => search(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t(user ? "search.postsPlaceholder" : "search.placeholder")}
              aria-label={t(user ? "search.postsLabel" : "search.label")}
              role="combobox"
              aria-expanded={paths.length > 0}
              aria-controls="search-results"
              aria-activedescendant={paths.length ? `search-result-${active}` : undefined}
              className="h-12 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
            />
            <kbd className="rounded border px-1.5 text-xs text-muted-foreground">Esc</kbd>
          </div>
          <div className="overflow-y-auto p-2">
            {query.trim() && fetcher.state === "idle" && paths.length === 0 ? (
              <p className="p-4 text-center text-sm text-muted-foreground">{t("search.none", { q: query })}</p>
            ) : (
              <SearchResults listbox posts={posts} results={results} activeIndex={active} onNavigate={() => setOpen(false)} />
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
