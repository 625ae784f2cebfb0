import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { supportedLanguages, type Locale } from "~/modules/i18n/i18n";
import { publicImageUrl } from "~/modules/media/public-images.server";
import { PLAN_NUMBERS } from "~/modules/subscriptions/plan-limits";
import { ContentError, type ContentItem, type DocsNavGroup, type LocaleContent } from "./content-types";
import { readingMinutes, renderMarkdown } from "./markdown.server";
import { blogMetaSchema, dirSchema, indexSchema, pageMetaSchema, pricingSchema, type BlogMeta, type PageMeta } from "./schemas";

// Reads, checks and renders the content/ collections. It loads the Markdown pipeline (unified,
// remark, rehype and every highlight.js grammar): the built server runs it in a child process
// (render-content.ts) so none of that stays in the server's memory (docs/decisions/0037).

function parseWith<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContentError(file, result.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`));
  }
  return result.data;
}

function readYaml(file: string): unknown {
  try {
    return parseYaml(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError(file, [(error as Error).message]);
  }
}

/**
 * Fills in the plan numbers the server also enforces ({{freeScheduledPostsPerMonth}}), so the
 * pricing page cannot promise other ones. An unknown placeholder is an error in the file.
 */
function withPlanNumbers(value: unknown, file: string): unknown {
  if (typeof value === "string") {
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!Object.hasOwn(PLAN_NUMBERS, name)) throw new ContentError(file, [`unknown placeholder {{${name}}}`]);
      return String(PLAN_NUMBERS[name as keyof typeof PLAN_NUMBERS]);
    });
  }
  if (Array.isArray(value)) return value.map((item) => withPlanNumbers(item, file));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPlanNumbers(item, file)]));
  return value;
}

function markdownFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return markdownFiles(full, `${prefix}${name}/`);
      return name.endsWith(".md") ? [`${prefix}${name.slice(0, -3)}`] : [];
    });
}

function readMarkdown<S extends z.ZodType>(root: string, collection: string, stem: string, schema: S, locale: Locale, urlPath: string): ContentItem<z.infer<S>> {
  const file = path.join(root, collection, `${stem}.md`);
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError(file, [(error as Error).message]);
  }
  const meta = parseWith(schema, parsed.data, file) as PageMeta;
  const body = renderMarkdown(parsed.content);
  const navigation: ContentItem["navigation"] = meta.navigation === false ? false : { title: meta.navigation.title ?? meta.title, order: meta.navigation.order ?? 100 };
  return {
    id: `${locale}/${collection}/${stem}`,
    stem,
    extension: "md" as const,
    meta: meta as z.infer<S>,
    path: urlPath,
    title: meta.title,
    description: meta.description,
    seo: meta.seo,
    body,
    navigation,
  };
}

/** Top-level documents first, then one group per folder (titled by its _dir.yml), each in order. */
function docsNavigation(root: string, docs: ContentItem[]): DocsNavGroup[] {
  const folders = new Map<string, { title: string; order: number; entries: { title: string; path: string; order: number }[] }>();
  for (const doc of docs) {
    if (doc.navigation === false) continue;
    const folder = doc.stem.includes("/") ? doc.stem.split("/")[0]! : "";
    if (!folders.has(folder)) {
      const dirFile = path.join(root, "docs", folder, "_dir.yml");
      const dir = folder ? parseWith(dirSchema, readYaml(dirFile), dirFile) : { title: "", order: -1 };
      folders.set(folder, { title: dir.title, order: dir.order, entries: [] });
    }
    folders.get(folder)!.entries.push({ title: doc.navigation.title, path: doc.path, order: doc.navigation.order });
  }
  return [...folders.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ title, order, entries }) => ({ title, order, items: entries.sort((a, b) => a.order - b.order).map(({ title, path }) => ({ title, path })) }));
}

/** A folder's index.md is the folder's own page: docs/api/index.md is /docs/api. */
export function docPath(stem: string): string {
  return `/docs/${stem.replace(/\/index$/, "")}`;
}

function loadLocale(contentDir: string, locale: Locale): LocaleContent {
  const root = path.join(contentDir, locale);
  const indexFile = path.join(root, "index.yaml");
  const pricingFile = path.join(root, "pricing.yaml");
  const index = parseWith(indexSchema, readYaml(indexFile), indexFile);
  const pricing = parseWith(pricingSchema, withPlanNumbers(readYaml(pricingFile), pricingFile), pricingFile);

  const blog = markdownFiles(path.join(root, "blog"))
    .map((stem) => {
      const item = readMarkdown(root, "blog", stem, blogMetaSchema, locale, `/blog/${stem}`) as ContentItem<BlogMeta>;
      return { ...item, readingMinutes: readingMinutes(item.body.text), coverUrl: publicImageUrl(item.meta.image.src) };
    })
    .sort((a, b) => b.meta.date.localeCompare(a.meta.date));

  const docs = markdownFiles(path.join(root, "docs")).map((stem) => readMarkdown(root, "docs", stem, pageMetaSchema, locale, docPath(stem)));
  const pages = Object.fromEntries(
    markdownFiles(path.join(root, "pages")).map((stem) => [stem, readMarkdown(root, "pages", stem, pageMetaSchema, locale, `/${stem}`)]),
  );
  return { index, pricing, blog, docs, docsNav: docsNavigation(root, docs), pages };
}

/** Reads and checks every collection of every locale (throws ContentError on the first bad file). */
export function loadContent(dir: string): Record<Locale, LocaleContent> {
  return Object.fromEntries(supportedLanguages.map((locale) => [locale, loadLocale(dir, locale)])) as Record<Locale, LocaleContent>;
}

