import MiniSearch from "minisearch";
import { z } from "zod";
import type { Locale } from "~/modules/i18n/i18n";
import { getContent, type ContentItem } from "./content.server";

export const MAX_RESULTS = 42; // the search dialog and page show at most 42 results

/** GET /api/search's query: the words to look for (none, no results). */
export const searchQuerySchema = z.object({ q: z.string().default("") });

export interface SearchResult {
  path: string;
  title: string;
  description: string;
  kind: "docs" | "blog" | "page";
}

interface Indexed extends SearchResult {
  id: string;
  headings: string;
  text: string;
}

const indexes = new Map<Locale, MiniSearch<Indexed>>();

function documentsOf(locale: Locale): Indexed[] {
  const content = getContent(locale);
  const as = (kind: SearchResult["kind"]) => (item: ContentItem<unknown>) => ({
    id: item.id,
    path: item.path,
    title: item.title,
    description: item.description,
    kind,
    headings: item.body.toc.map((entry) => entry.text).join(" "),
    text: item.body.text,
  });
  return [...content.docs.map(as("docs")), ...content.blog.map(as("blog")), ...Object.values(content.pages).map(as("page"))];
}

/** Built once per language, on first search (the content never changes while the process runs). */
function indexFor(locale: Locale): MiniSearch<Indexed> {
  let index = indexes.get(locale);
  if (!index) {
    index = new MiniSearch<Indexed>({
      fields: ["title", "description", "headings", "text"],
      storeFields: ["path", "title", "description", "kind"],
      searchOptions: { boost: { title: 4, headings: 2, description: 2 }, prefix: true, fuzzy: 0.15, combineWith: "AND" },
    });
    index.addAll(documentsOf(locale));
    indexes.set(locale, index);
  }
  return index;
}

/** Docs, blog and pages matching every word of the query (prefixes and small typos allowed). */
export function searchContent(locale: Locale, query: string): SearchResult[] {
  const q = query.trim().slice(0, 200);
  if (!q) return [];
  return indexFor(locale)
    .search(q)
    .slice(0, MAX_RESULTS)
    .map((hit) => ({ path: hit.path as string, title: hit.title as string, description: hit.description as string, kind: hit.kind as SearchResult["kind"] }));
}
