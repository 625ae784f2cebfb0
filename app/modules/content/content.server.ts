import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Locale } from "~/modules/i18n/i18n";
import { ContentError, type LocaleContent } from "./content-types";

// The content/ collections (docs/decisions/0016), read and validated once per process: a file that does
// not match its schema stops the server with its path and the field at fault.

export * from "./content-types";

export function contentDir(): string {
  return path.resolve(process.env.CONTENT_DIR ?? "content");
}

/** Where the build puts the content reader, beside the server build (scripts/build-server.mjs). */
const BUILT_RENDERER = path.join(path.dirname(fileURLToPath(import.meta.url)), "content-render.js");

/**
 * Reads content/ in a child process and takes its result as JSON: the Markdown pipeline it loads
 * (~25 MB) leaves with the child instead of staying in the server for good (docs/decisions/0037).
 * A bad file fails the same way as in process, naming the file.
 */
export async function renderContentApart(renderer: string[], dir: string): Promise<Record<Locale, LocaleContent>> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [...renderer, dir], { maxBuffer: 256 * 1024 * 1024, encoding: "utf8" });
    return JSON.parse(stdout) as Record<Locale, LocaleContent>;
  } catch (error) {
    // The child's own message already names the file at fault.
    const stderr = (error as { stderr?: string }).stderr?.trim();
    const failure = new ContentError(dir, [(error as Error).message]);
    if (stderr) failure.message = stderr;
    throw failure;
  }
}

let cache: Record<Locale, LocaleContent> | undefined;

/**
 * Reads and checks everything once, as the server starts (a bad file stops it). The built server
 * renders it apart; the tests and the development server, which have no built reader, in process.
 */
export async function loadAllContent(dir = contentDir()): Promise<void> {
  if (cache) return;
  cache = existsSync(BUILT_RENDERER) ? await renderContentApart([BUILT_RENDERER], dir) : (await import("./content-files.server")).loadContent(dir);
}

/** The site's content in a language, kept for the life of the process. */
export function getContent(locale: Locale): LocaleContent {
  if (!cache) throw new Error("The content is not loaded yet: await loadAllContent() first (the server does as it starts).");
  return cache[locale];
}

/** Documents in navigation order with their neighbours, for previous/next links. */
export function docNeighbours(locale: Locale, docPath: string) {
  const ordered = getContent(locale).docsNav.flatMap((group) => group.items);
  const index = ordered.findIndex((item) => item.path === docPath);
  return { previous: index > 0 ? ordered[index - 1]! : null, next: index >= 0 && index < ordered.length - 1 ? ordered[index + 1]! : null };
}
