import type { z } from "zod";
import type { TocEntry } from "./markdown.server";
import type { BlogMeta, PageMeta, indexSchema, pricingSchema } from "./schemas";

// What the content/ collections hold once read (docs/decisions/0016), shared by the server, which
// keeps them, and the reader that renders them (content-files.server.ts).

export class ContentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Invalid content file ${file}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ContentError";
  }
}

export interface ContentItem<M = PageMeta> {
  /** Unique across the site: "<locale>/<collection>/<stem>". */
  id: string;
  /** The file's path inside its collection, without extension ("guides/images"). */
  stem: string;
  extension: "md" | "yaml";
  meta: M;
  /** The page's URL path ("/docs/guides/images"). */
  path: string;
  title: string;
  description: string;
  seo: { title?: string; description?: string; image?: string };
  body: { html: string; toc: TocEntry[]; text: string };
  navigation: { title: string; order: number } | false;
}

export interface BlogPost extends ContentItem<BlogMeta> {
  readingMinutes: number;
  /** The cover at /img/… with its content version, resized on request (docs/decisions/0028). */
  coverUrl: string;
}

export interface DocsNavGroup {
  title: string;
  order: number;
  items: { title: string; path: string }[];
}

export interface LocaleContent {
  index: z.infer<typeof indexSchema>;
  pricing: z.infer<typeof pricingSchema>;
  blog: BlogPost[];
  docs: ContentItem[];
  docsNav: DocsNavGroup[];
  pages: Record<string, ContentItem>;
}

