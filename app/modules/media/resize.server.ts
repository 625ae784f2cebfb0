import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/core/env/env.server";
import { writeFileAtomically } from "~/modules/files/temporary-files.server";
import { logger } from "~/core/logger/logger.server";
import { variantWidth } from "./image-variants";
import { openImage } from "./sharp.server";

// One resizing path for every image the app serves (docs/decisions/0028): a width from the
// allow-list, AVIF or WebP by the request's Accept, cached on disk so sharp runs once per variant.

export type VariantFormat = "avif" | "webp";

export type ImageSource = {
  /** Names these exact bytes: a storage key (never rewritten), or a path with its size and mtime. */
  identity: string;
  /** The original's type, served as is when the image is not resized. */
  contentType: string;
  /** Where the bytes are: a file, in memory, or read when first needed (an upload, maybe in a bucket). */
} & ({ path: string } | { bytes: Uint8Array<ArrayBuffer> } | { load: () => Promise<Uint8Array<ArrayBuffer>> });

export interface ServedImage {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** "original": served unchanged (GIF, SVG, animation, or an image sharp would not decode). */
  origin: "cache" | "encoded" | "original";
}

/** GIFs keep their animation and SVGs scale by themselves. */
const UNCHANGED_TYPES = new Set(["image/gif", "image/svg+xml"]);

/** AVIF when the browser lists it (without q=0); WebP, which every current browser takes, otherwise. */
export function negotiateFormat(accept: string | null): VariantFormat {
  const takesAvif = (accept ?? "").split(",").some((part) => {
    const [type, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const quality = params.find((p) => p.startsWith("q="));
    return type === "image/avif" && (!quality || Number(quality.slice(2)) > 0);
  });
  return takesAvif ? "avif" : "webp";
}

function variantsDir(identity: string): string {
  const hash = createHash("sha256").update(identity).digest("hex").slice(0, 32);
  return path.join(getEnv().DATA_DIR, "image-cache", hash);
}

/** The cached file of one variant (exported for tests). */
export function variantFile(identity: string, width: number, format: VariantFormat): string {
  return path.join(variantsDir(identity), `${width}.${format}`);
}

/** Removes every variant of a source (its original was deleted). */
export async function removeVariants(identity: string): Promise<void> {
  await rm(variantsDir(identity), { recursive: true, force: true });
}

// Each encoding holds a decoded image (up to 36 megapixels, ~140 MB) and keeps cores busy: a cold
// gallery asks for a dozen at once, so they take turns, two at a time.
const MAX_ENCODINGS = 2;
let encoding = 0;
const waiting: (() => void)[] = [];

async function takingTurns<T>(work: () => Promise<T>): Promise<T> {
  if (encoding >= MAX_ENCODINGS) await new Promise<void>((resolve) => waiting.push(resolve));
  else encoding += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line (the count stays), or is given back.
    const next = waiting.shift();
    if (next) next();
    else encoding -= 1;
  }
}

async function encode(bytes: Uint8Array, width: number, format: VariantFormat): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    // An animated WebP would lose its frames: it is served as it is, like a GIF.
    if (((await openImage(bytes).metadata()).pages ?? 1) > 1) return null;
    // rotate() applies the EXIF orientation before the metadata (EXIF, GPS, ICC) is dropped.
    const image = openImage(bytes).rotate().resize({ width, withoutEnlargement: true });
    // AVIF at effort 2, not sharp's 4: several times faster for files about a fifth larger (0028).
    const output = await (format === "avif" ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 80 })).toBuffer();
    return output as Uint8Array<ArrayBuffer>; // sharp allocates its own, never shared, buffers
  } catch (error) {
    // Over the pixel limit, or bytes sharp cannot read: the browser still gets the original.
    logger.warn({ error: (error as Error).message }, "Image not resized; serving the original");
    return null;
  }
}

/**
 * The image at the allow-listed width at or above `requestedWidth` (never wider than the source),
 * in the format the Accept header allows, aspect ratio kept, metadata stripped.
 */
export async function resizedImage(source: ImageSource, requestedWidth: number, accept: string | null): Promise<ServedImage> {
  const readSource = () => ("bytes" in source ? Promise.resolve(source.bytes) : "load" in source ? source.load() : readFile(source.path));
  if (UNCHANGED_TYPES.has(source.contentType)) return { body: await readSource(), contentType: source.contentType, origin: "original" };
  const width = variantWidth(requestedWidth);
  const format = negotiateFormat(accept);
  const file = variantFile(source.identity, width, format);
  const cached = await readFile(file).catch(() => null);
  if (cached) return { body: cached, contentType: `image/${format}`, origin: "cache" };
  // Two requests for the same missing variant (both previews of a post) share one encoding.
  let pending = inFlight.get(file);
  if (!pending) {
    pending = encodeAndStore(source, readSource, file, width, format).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

const inFlight = new Map<string, Promise<ServedImage>>();

async function encodeAndStore(
  source: ImageSource,
  readSource: () => Promise<Uint8Array<ArrayBuffer>>,
  file: string,
  width: number,
  format: VariantFormat,
): Promise<ServedImage> {
  const original = await readSource();
  const encoded = await takingTurns(() => encode(original, width, format));
  if (!encoded) return { body: original, contentType: source.contentType, origin: "original" };
  await writeFileAtomically(file, encoded);
  return { body: encoded, contentType: `image/${format}`, origin: "encoded" };
}
