import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { ImageSource } from "./resize.server";

// The site's own images (blog covers, landing pages) under public/images, served resized at
// /img/<path> (docs/decisions/0028): a prefix of their own, so the static middleware that serves
// public/ at /images/ never answers a request meant for the resizer.

export const PUBLIC_IMAGE_PREFIX = "/img/";
const PUBLIC_IMAGES_PATH = "/images/";

const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
};

/** public/images in a checkout; build/client/images in the Docker image, which ships only build/. */
export function publicImagesDir(): string {
  const source = path.resolve("public", "images");
  return existsSync(source) ? source : path.resolve("build", "client", "images");
}

export interface PublicImage {
  file: string;
  relativePath: string;
  contentType: string;
  size: number;
  mtimeMs: number;
}

/** The image a URL path names under public/images, or null: outside that folder, not an image, or missing. */
export async function findPublicImage(relativePath: string): Promise<PublicImage | null> {
  const contentType = CONTENT_TYPES[path.extname(relativePath).toLowerCase()];
  if (!contentType || relativePath.includes("\0")) return null;
  // Resolved through links too: nothing outside the folder is served, whatever the path says.
  const root = await realpath(publicImagesDir()).catch(() => null);
  const file = root ? await realpath(path.resolve(root, relativePath)).catch(() => null) : null;
  if (!root || !file?.startsWith(root + path.sep)) return null;
  const info = await stat(file);
  if (!info.isFile()) return null;
  return { file, relativePath: path.relative(root, file), contentType, size: info.size, mtimeMs: info.mtimeMs };
}

export function publicImageSource(image: PublicImage): ImageSource {
  return { identity: `public:${image.relativePath}:${image.size}:${image.mtimeMs}`, path: image.file, contentType: image.contentType };
}

const versions = new Map<string, string>();

/**
 * "/images/blog/a.png" becomes "/img/blog/a.png?v=<content hash>": the URL changes with the file,
 * so browsers may keep it for a year. Other URLs (and a missing file) are left as they are.
 */
export function publicImageUrl(src: string): string {
  if (!src.startsWith(PUBLIC_IMAGES_PATH)) return src;
  const relative = src.slice(PUBLIC_IMAGES_PATH.length);
  let version = versions.get(relative);
  if (version === undefined) {
    const root = publicImagesDir();
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep) || !existsSync(file)) return src;
    version = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 12);
    versions.set(relative, version);
  }
  return `${PUBLIC_IMAGE_PREFIX}${relative}?v=${version}`;
}
